package ringlab.sim.driver;

import ringlab.spi.board.CostKey;
import ringlab.spi.driver.Dma;
import ringlab.spi.driver.Exec;

/**
 * Streaming DMA on the board's ISA: a call overhead plus per-cache-line maintenance by the rules the
 * cost profile encodes (which of map / unmap / sync / to-device passes cost anything). Lines are
 * counted over the length actually mapped or synced, so oversized buffers cost more; skip-cpu-sync
 * mappings cost the call only. With a {@link SwiotlbBounce} every mapping goes through a bounce buffer.
 */
public final class StreamingDma implements Dma {
    private final int line;
    private final boolean coherent;
    /** Null when the NIC reaches its buffers. */
    private final SwiotlbBounce bounce;
    private long linesMapped, linesUnmapped, linesToDevice, linesWrittenBack, calls;

    public StreamingDma(int cacheLineBytes) { this(cacheLineBytes, false); }

    /** @param coherent the interconnect snoops the caches: the device reads dirty lines itself, nothing is written back */
    public StreamingDma(int cacheLineBytes, boolean coherent) { this(cacheLineBytes, coherent, null); }

    /** @param kernelVersion with swiotlb: whose bounce rules apply; null: no bounce buffering */
    public StreamingDma(int cacheLineBytes, boolean coherent, String kernelVersion) {
        this.line = cacheLineBytes;
        this.coherent = coherent;
        this.bounce = kernelVersion == null ? null : new SwiotlbBounce(cacheLineBytes, coherent, kernelVersion);
    }

    /** True when every mapping is bounced: a received frame was copied by the CPU and sits in its cache. */
    public boolean bounces() { return bounce != null; }

    /** Bytes copied to or from bounce buffers (port counter dma_bounce_bytes). */
    public long bounceBytes() { return bounce == null ? 0 : bounce.bytes(); }

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
        if (bounce != null) bounce.slots(x);
        if (!skipCpuSync) syncForDevice0(x, bytes);
    }

    @Override
    public void unmapForCpu(Exec x, int bytes, boolean skipCpuSync) {
        calls++;
        x.charge(CostKey.DMA_MAP_CALL);
        if (!skipCpuSync) syncForCpu0(x, bytes);
        if (bounce != null) bounce.slots(x);
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
        if (bounce != null) bounce.rxToDevice(x, bytes);
        int n = lines(bytes);
        linesMapped += n;
        x.charge(CostKey.DMA_SYNC_LINE_MAP, n);
    }

    private void syncForCpu0(Exec x, int bytes) {
        int n = lines(bytes);
        linesUnmapped += n;
        x.charge(CostKey.DMA_SYNC_LINE_UNMAP, n);
        if (bounce != null) bounce.toCpu(x, bytes);
    }

    /** dma_map_single(DMA_TO_DEVICE) of a tx frame: clean the lines it covers. */
    public void mapToDevice(Exec x, int bytes) { mapToDevice(x, bytes, false); }

    /**
     * Same, for a frame whose every line the CPU wrote (dirty): on a non-coherent SoC cleaning a dirty line
     * writes it to DRAM before the device may read it, one line transfer each: a sequential run (the first a
     * dram.miss, the others dram.stream; the barrier after the pass waits for the last). Lines of a frame the CPU only
     * read or never touched cost the cache op alone; the few header lines ip_forward rewrites are not counted
     * as dirty (a fake: they are cheap next to a copied payload).
     */
    public void mapToDevice(Exec x, int bytes, boolean dirty) {
        int n = lines(bytes);
        calls++;
        linesToDevice += n;
        x.charge(CostKey.DMA_MAP_CALL);
        if (bounce != null) {
            // the device reads the bounce buffer: the copy made it dirty, the frame's own lines stay as they are
            bounce.slots(x);
            bounce.txToDevice(x, bytes);
            x.charge(CostKey.DMA_SYNC_LINE_TODEV, n);
            return;
        }
        x.charge(CostKey.DMA_SYNC_LINE_TODEV, n);
        if (dirty && !coherent) {
            linesWrittenBack += n;
            x.chargeDramRun(n);
        }
    }

    /** dma_unmap_single(DMA_TO_DEVICE): no maintenance needed, call overhead only. */
    public void unmapToDevice(Exec x) {
        calls++;
        x.charge(CostKey.DMA_MAP_CALL);
        if (bounce != null) bounce.slots(x);
    }

    public long linesMapped() { return linesMapped; }

    public long linesUnmapped() { return linesUnmapped; }

    public long linesToDevice() { return linesToDevice; }

    /** Dirty lines written back to DRAM by DMA_TO_DEVICE maps (non-coherent SoCs). */
    public long linesWrittenBack() { return linesWrittenBack; }

    public long calls() { return calls; }
}
