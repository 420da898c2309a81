package ringlab.sim.driver;

import ringlab.sim.cost.CostKey;
import ringlab.sim.cpu.Core;

/**
 * Streaming DMA mapping costs on the board's ISA: a call overhead plus per-cache-line maintenance, by the
 * rules the cost profile encodes (which of map / unmap / to-device passes cost anything). Lines are
 * counted over the length actually mapped or synced, so oversized buffers cost more.
 */
public final class Dma {
    private final int line;
    private long linesMapped, linesUnmapped, linesToDevice, calls;

    public Dma(int cacheLineBytes) { this.line = cacheLineBytes; }

    public int lines(int bytes) { return (bytes + line - 1) / line; }

    /** Lines spanned by [offset, offset+len) (a range not starting on a line boundary touches one more). */
    public int linesSpanned(int offset, int len) {
        if (len <= 0) return 0;
        return (offset + len - 1) / line - offset / line + 1;
    }

    /** dma_map_single(DMA_FROM_DEVICE) of an rx buffer. */
    public void mapForDevice(Core c, int bytes) {
        int n = lines(bytes);
        calls++;
        linesMapped += n;
        c.charge(CostKey.DMA_MAP_CALL);
        c.charge(CostKey.DMA_SYNC_LINE_MAP, n);
    }

    /** dma_unmap_single(DMA_FROM_DEVICE) or dma_sync_single_for_cpu over bytes. */
    public void unmapForCpu(Core c, int bytes) {
        int n = lines(bytes);
        calls++;
        linesUnmapped += n;
        c.charge(CostKey.DMA_MAP_CALL);
        c.charge(CostKey.DMA_SYNC_LINE_UNMAP, n);
    }

    /** dma_map_single(DMA_TO_DEVICE) of a tx frame: clean the lines it covers. */
    public void mapToDevice(Core c, int bytes) {
        int n = lines(bytes);
        calls++;
        linesToDevice += n;
        c.charge(CostKey.DMA_MAP_CALL);
        c.charge(CostKey.DMA_SYNC_LINE_TODEV, n);
    }

    /** dma_unmap_single(DMA_TO_DEVICE): no maintenance needed, call overhead only. */
    public void unmapToDevice(Core c) {
        calls++;
        c.charge(CostKey.DMA_MAP_CALL);
    }

    public long linesMapped() { return linesMapped; }

    public long linesUnmapped() { return linesUnmapped; }

    public long linesToDevice() { return linesToDevice; }

    public long calls() { return calls; }
}
