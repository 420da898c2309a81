package ringlab.sim.driver;

import ringlab.sim.board.KernelVersion;
import ringlab.spi.board.CostKey;
import ringlab.spi.driver.Exec;

/**
 * swiotlb bounce buffering (kernel/dma/swiotlb.c behind dma-direct) for a NIC whose bus cannot reach the memory
 * its buffers are in (nic.swiotlb). The device reads and writes only the bounce buffer; the CPU copies between it
 * and the driver's buffer:
 * <ul>
 * <li>a sync or unmap for the CPU of an rx buffer (swiotlb_sync_single_for_cpu, swiotlb_tbl_unmap_single) copies
 *     the length synced, after the bounce buffer's lines were maintained: each line read is one the maintenance
 *     just invalidated (a DRAM miss), and the copy leaves the frame in the cache, so the stack's reads of its
 *     headers and payload that follow hit;</li>
 * <li>a transmit map (swiotlb_tbl_map_single, DMA_TO_DEVICE) copies the frame into the bounce buffer, whose lines
 *     are then dirty: the clean before the device reads writes each back (a DRAM line transfer; none on a
 *     coherent SoC);</li>
 * <li>from 5.18 (the rework of "swiotlb: fix info leak with DMA_FROM_DEVICE") a map or sync for the device of an
 *     rx buffer copies it into the bounce buffer as well, so that a device writing less than all of it exposes no
 *     stale pool data: its source lines are not cached (a DRAM miss each) and the dirty bounce lines are written
 *     back.</li>
 * </ul>
 * Each mapping also takes slots from the pool (a lock and a search of the slot array) and gives them back at
 * unmap. Faked: that slot work is charged as one more dma call at map and at unmap (there is no cost key of its
 * own); the pool never runs out; stores into the destination are whole lines and are not charged as misses;
 * stable kernels that took the 5.18 rework back (5.10.y, 5.15.y) are treated by their major.minor.
 */
final class SwiotlbBounce {
    private final int line;
    /** The interconnect snoops: the device reads dirty bounce lines from the cache, none is written back. */
    private final boolean coherent;
    private final boolean copiesAtMapForDevice;
    private long bytes;

    /** @param kernelVersion "major.minor": from 5.18 rx maps and syncs for the device copy too */
    SwiotlbBounce(int lineBytes, boolean coherent, String kernelVersion) {
        this.line = lineBytes;
        this.coherent = coherent;
        this.copiesAtMapForDevice = KernelVersion.atLeast(kernelVersion, 5, 18);
    }

    /** Slot allocation at map or release at unmap. */
    void slots(Exec x) { x.charge(CostKey.DMA_MAP_CALL); }

    /** What the device wrote, copied into the driver's buffer (sync or unmap for the CPU). */
    void toCpu(Exec x, int n) {
        bytes += n;
        x.charge(CostKey.COPY_BYTE, n);
        x.chargeDramRun(lines(n));
    }

    /** An rx buffer copied into the bounce buffer before the device may write it (5.18+). */
    void rxToDevice(Exec x, int n) {
        if (!copiesAtMapForDevice) return;
        bytes += n;
        x.charge(CostKey.COPY_BYTE, n);
        x.chargeDramRun(lines(n)); // the source, uncached by the unmap before
        if (!coherent) x.chargeDramRun(lines(n)); // the dirty bounce lines written back
    }

    /** A frame to transmit copied into the bounce buffer; its dirty lines are written back by the clean. */
    void txToDevice(Exec x, int n) {
        bytes += n;
        x.charge(CostKey.COPY_BYTE, n);
        if (!coherent) x.chargeDramRun(lines(n));
    }

    /** Bytes copied either way (port counter dma_bounce_bytes). */
    long bytes() { return bytes; }

    private int lines(int n) { return (n + line - 1) / line; }
}
