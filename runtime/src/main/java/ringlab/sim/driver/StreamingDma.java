package ringlab.sim.driver;

import ringlab.spi.board.CostKey;
import ringlab.spi.driver.Dma;
import ringlab.spi.driver.Exec;

/**
 * Streaming DMA on the board's ISA: a call overhead plus per-cache-line maintenance by the rules the
 * cost profile encodes (which of map / unmap / sync / to-device passes cost anything). Lines are
 * counted over the length actually mapped or synced, so oversized buffers cost more; skip-cpu-sync
 * mappings cost the call only.
 */
public final class StreamingDma implements Dma {
    private final int line;
    private long linesMapped, linesUnmapped, linesToDevice, calls;

    public StreamingDma(int cacheLineBytes) { this.line = cacheLineBytes; }

    public int lines(int bytes) { return (bytes + line - 1) / line; }

    @Override public int lineBytes() { return line; }

    @Override
    public int linesSpanned(int offset, int len) {
        if (len <= 0) return 0;
        return (offset + len - 1) / line - offset / line + 1;
    }

    @Override
    public void mapForDevice(Exec x, int bytes, boolean skipCpuSync) {
        calls++;
        x.charge(CostKey.DMA_MAP_CALL);
        if (!skipCpuSync) syncForDevice0(x, bytes);
    }

    @Override
    public void unmapForCpu(Exec x, int bytes, boolean skipCpuSync) {
        calls++;
        x.charge(CostKey.DMA_MAP_CALL);
        if (!skipCpuSync) syncForCpu0(x, bytes);
    }

    @Override
    public void syncForCpu(Exec x, int bytes) {
        calls++;
        x.charge(CostKey.DMA_MAP_CALL);
        syncForCpu0(x, bytes);
    }

    @Override
    public void syncForDevice(Exec x, int bytes) {
        calls++;
        x.charge(CostKey.DMA_MAP_CALL);
        syncForDevice0(x, bytes);
    }

    private void syncForDevice0(Exec x, int bytes) {
        int n = lines(bytes);
        linesMapped += n;
        x.charge(CostKey.DMA_SYNC_LINE_MAP, n);
    }

    private void syncForCpu0(Exec x, int bytes) {
        int n = lines(bytes);
        linesUnmapped += n;
        x.charge(CostKey.DMA_SYNC_LINE_UNMAP, n);
    }

    /** dma_map_single(DMA_TO_DEVICE) of a tx frame: clean the lines it covers. */
    public void mapToDevice(Exec x, int bytes) {
        int n = lines(bytes);
        calls++;
        linesToDevice += n;
        x.charge(CostKey.DMA_MAP_CALL);
        x.charge(CostKey.DMA_SYNC_LINE_TODEV, n);
    }

    /** dma_unmap_single(DMA_TO_DEVICE): no maintenance needed, call overhead only. */
    public void unmapToDevice(Exec x) {
        calls++;
        x.charge(CostKey.DMA_MAP_CALL);
    }

    public long linesMapped() { return linesMapped; }

    public long linesUnmapped() { return linesUnmapped; }

    public long linesToDevice() { return linesToDevice; }

    public long calls() { return calls; }
}
