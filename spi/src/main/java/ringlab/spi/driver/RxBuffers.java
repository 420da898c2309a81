package ringlab.spi.driver;

import org.osgi.annotation.versioning.ConsumerType;
import ringlab.spi.net.Packet;

/**
 * The rx buffer scheme: what refilling a descriptor costs, what turning a landed frame into an skb
 * costs, and what freeing that skb costs. Stock: a preallocated skb per descriptor (slab head + data
 * buffer, mapped in full), unmapped in full at receive, its head cold by then. build-skb and page-pool
 * replace it. The layout (headroom, size, sync mode) is separate: see {@link RxLayout}.
 */
@ConsumerType
public interface RxBuffers {
    /** Refill one descriptor (NAPI context unless at open); returns the cookie to hang on the descriptor. */
    Object post(Exec x, RxLayout layout, Dma dma);

    /** A frame landed in the buffer behind cookie: charge the skb construction, set p.truesize and p.owner. */
    void receive(Exec x, Object cookie, Packet p, RxLayout layout, Dma dma);

    /** The skb built on this scheme's buffer is freed; inNapi = in the rx queue's own NAPI context. */
    void release(Exec x, Packet p, boolean inNapi);

    /**
     * Ring re-initialisation (the driver's stop/open, at a change of buffer scheme or layout): frees a buffer
     * this scheme posted that no frame went up in (a frame landed in it is counted dropped by the driver).
     * Default: dma_unmap_single of the buffer (maintenance unless mapped skip-cpu-sync) and its free.
     */
    default void unpost(Exec x, Object cookie, RxLayout layout, Dma dma) {
        dma.unmapForCpu(x, layout.bufferBytes, layout.syncReceivedOnly);
        x.charge(ringlab.spi.board.CostKey.BUF_FREE);
    }

    /**
     * The driver posts no more buffers from this scheme (replaced at a reconfiguration): let go of what it
     * caches (page_pool_destroy); buffers still posted or in skbs come back through receive and release.
     */
    default void retire(Exec x) { }

    /** Counters (ethtool -S style), insertion-ordered. */
    default java.util.Map<String, Long> counters() { return java.util.Map.of(); }
}
