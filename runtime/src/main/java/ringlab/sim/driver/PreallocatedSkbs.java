package ringlab.sim.driver;

import ringlab.spi.board.CostKey;
import ringlab.spi.driver.Dma;
import ringlab.spi.driver.Exec;
import ringlab.spi.driver.RxBuffers;
import ringlab.spi.driver.RxLayout;
import ringlab.spi.net.Packet;

/**
 * Stock rx buffers: netdev_alloc_skb of headroom + buffer at refill (slab head, irq-safe data buffer,
 * head initialised), mapped in full; at receive unmapped (in full, or only the received length when
 * the layout says so) and the head's lines touched cold, having waited a ring's worth of packet times.
 * A fresh buffer is always mapped with maintenance (its stale lines must go before the device writes);
 * syncReceivedOnly skips it at unmap only, after syncing the received length. truesize is what the allocator
 * gave ({@link SkbTruesize}): a page_frag up to a page, a kmalloc class or whole pages above.
 */
public final class PreallocatedSkbs implements RxBuffers {
    private static final Object SKB = "skb";

    @Override
    public Object post(Exec x, RxLayout layout, Dma dma) {
        x.charge(CostKey.SKB_ALLOC);
        x.charge(CostKey.BUF_ALLOC);
        x.charge(CostKey.SKB_INIT);
        dma.mapForDevice(x, layout.bufferBytes, false);
        return SKB;
    }

    @Override
    public void receive(Exec x, Object cookie, Packet p, RxLayout layout, Dma dma) {
        dma.unmapReceived(x, layout, p.frameBytes() + Packet.FCS);
        x.charge(CostKey.SKB_COLD_TOUCH);
        p.truesize = SkbTruesize.netdevAllocSkb(layout.headroom + layout.bufferBytes, dma.lineBytes());
        p.owner = this;
    }

    /** Ring free (bcm_enet_free_rx_skbs): dma_unmap_single of the buffer, then kfree_skb of the unused skb. */
    @Override
    public void unpost(Exec x, Object cookie, RxLayout layout, Dma dma) {
        dma.unmapForCpu(x, layout.bufferBytes, layout.syncReceivedOnly);
        x.charge(CostKey.SKB_FREE);
        x.charge(CostKey.BUF_FREE);
    }

    @Override
    public void release(Exec x, Packet p, boolean inNapi) {
        x.charge(CostKey.SKB_FREE);
        x.charge(CostKey.BUF_FREE);
    }
}
