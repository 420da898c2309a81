package ringlab.spi.driver;

import org.osgi.annotation.versioning.ProviderType;

/**
 * Where a frame lands in an rx buffer and how much of it is mapped and synced. Stock: NET_SKB_PAD of
 * headroom, the NIC's maximum-frame buffer, mapped and unmapped in full. ip-align adds NET_IP_ALIGN;
 * mtu-rx-buffers sizes the buffer to the MTU and syncs only the received length.
 */
@ProviderType
public final class RxLayout {
    /** Bytes before the frame (NET_SKB_PAD, plus NET_IP_ALIGN when aligned). */
    public int headroom;
    /** Bytes of the data area the NIC may write (mapped for DMA). */
    public int bufferBytes;
    /** Map and unmap with DMA_ATTR_SKIP_CPU_SYNC and sync for the CPU only the received length. */
    public boolean syncReceivedOnly;

    public RxLayout(int headroom, int bufferBytes) {
        this.headroom = headroom;
        this.bufferBytes = bufferBytes;
    }
}
