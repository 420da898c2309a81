package ringlab.spi.driver;

import org.osgi.annotation.versioning.ProviderType;

/** Streaming DMA operations on the board's ISA; each charges its call and per-line maintenance. */
@ProviderType
public interface Dma {
    /** dma_map_single(DMA_FROM_DEVICE) of bytes (no maintenance with skipCpuSync). */
    void mapForDevice(Exec x, int bytes, boolean skipCpuSync);

    /** dma_unmap_single(DMA_FROM_DEVICE) of bytes (no maintenance with skipCpuSync). */
    void unmapForCpu(Exec x, int bytes, boolean skipCpuSync);

    /** dma_sync_single_for_cpu over bytes. */
    void syncForCpu(Exec x, int bytes);

    /** dma_sync_single_for_device over bytes. */
    void syncForDevice(Exec x, int bytes);

    /**
     * Unmaps an rx buffer a frame of received bytes landed in: in full, or, when the layout says so, with
     * skip-cpu-sync after syncing only the received length for the CPU.
     */
    default void unmapReceived(Exec x, RxLayout layout, int received) {
        if (layout.syncReceivedOnly) {
            syncForCpu(x, received);
            unmapForCpu(x, layout.bufferBytes, true);
        } else {
            unmapForCpu(x, layout.bufferBytes, false);
        }
    }

    /** Cache lines spanned by [offset, offset + len). */
    int linesSpanned(int offset, int len);

    int lineBytes();
}
