package ringlab.spi.driver;

/** Streaming DMA operations on the board's ISA; each charges its call and per-line maintenance. */
public interface Dma {
    /** dma_map_single(DMA_FROM_DEVICE) of bytes (no maintenance with skipCpuSync). */
    void mapForDevice(Exec x, int bytes, boolean skipCpuSync);

    /** dma_unmap_single(DMA_FROM_DEVICE) of bytes (no maintenance with skipCpuSync). */
    void unmapForCpu(Exec x, int bytes, boolean skipCpuSync);

    /** dma_sync_single_for_cpu over bytes. */
    void syncForCpu(Exec x, int bytes);

    /** dma_sync_single_for_device over bytes. */
    void syncForDevice(Exec x, int bytes);

    /** Cache lines spanned by [offset, offset + len). */
    int linesSpanned(int offset, int len);

    int lineBytes();
}
