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
 * gave ({@link SkbTruesize}): a page_frag up to a page, a kmalloc class or whole pages above; the allocation
 * and the free cost what that allocator path costs ({@link RxBufferAlloc}).
 */
public final class PreallocatedSkbs implements RxBuffers {
    private final RxBufferAlloc alloc;
    private final boolean gfpDma;
    /** The allocator path this instance frees to; on the posting instance, that of its latest post (a wrapper
     * scheme that makes itself the skb's owner frees through the poster; a layout is fixed while it posts). */
    private RxBufferAlloc.Path frees;
    /** The instances that free each path's buffers: a received skb's owner. */
    private final PreallocatedSkbs[] freers;

    public PreallocatedSkbs(String kernelVersion, int lineBytes) { this(kernelVersion, lineBytes, false); }

    /**
     * @param kernelVersion decides where large buffers come from ({@link RxBufferAlloc})
     * @param gfpDma        the driver asks with GFP_DMA (nic.rxGfpDma): kmalloc, never a page_frag
     */
    public PreallocatedSkbs(String kernelVersion, int lineBytes, boolean gfpDma) {
        this.gfpDma = gfpDma;
        this.alloc = new RxBufferAlloc(kernelVersion, lineBytes, gfpDma);
        this.frees = RxBufferAlloc.Path.SMALL;
        this.freers = new PreallocatedSkbs[RxBufferAlloc.Path.values().length];
        for (RxBufferAlloc.Path path : RxBufferAlloc.Path.values()) freers[path.ordinal()] = new PreallocatedSkbs(alloc, path);
    }

    private PreallocatedSkbs(RxBufferAlloc alloc, RxBufferAlloc.Path frees) {
        this.gfpDma = false; // frees only
        this.alloc = alloc;
        this.frees = frees;
        this.freers = null;
    }

    /** The cookie is the buffer's allocator path. */
    @Override
    public Object post(Exec x, RxLayout layout, Dma dma) {
        RxBufferAlloc.Path path = alloc.pathFor(layout.headroom + layout.bufferBytes);
        x.charge(CostKey.SKB_ALLOC);
        path.alloc(x);
        x.charge(CostKey.SKB_INIT);
        dma.mapForDevice(x, layout.bufferBytes, false);
        frees = path;
        return path;
    }

    @Override
    public void receive(Exec x, Object cookie, Packet p, RxLayout layout, Dma dma) {
        dma.unmapReceived(x, layout, p.frameBytes() + Packet.FCS);
        x.charge(CostKey.SKB_COLD_TOUCH);
        p.truesize = SkbTruesize.netdevAllocSkb(layout.headroom + layout.bufferBytes, dma.lineBytes(), gfpDma);
        p.owner = freers[((RxBufferAlloc.Path) cookie).ordinal()];
    }

    /** Ring free (bcm_enet_free_rx_skbs): dma_unmap_single of the buffer, then kfree_skb of the unused skb. */
    @Override
    public void unpost(Exec x, Object cookie, RxLayout layout, Dma dma) {
        dma.unmapForCpu(x, layout.bufferBytes, layout.syncReceivedOnly);
        x.charge(CostKey.SKB_FREE);
        ((RxBufferAlloc.Path) cookie).free(x);
    }

    @Override
    public void release(Exec x, Packet p, boolean inNapi) {
        x.charge(CostKey.SKB_FREE);
        frees.free(x);
    }
}
