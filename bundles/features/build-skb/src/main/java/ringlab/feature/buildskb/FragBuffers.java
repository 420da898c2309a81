package ringlab.feature.buildskb;

import java.util.LinkedHashMap;
import java.util.Map;
import ringlab.spi.board.CostKey;
import ringlab.spi.driver.Dma;
import ringlab.spi.driver.Exec;
import ringlab.spi.driver.RxBuffers;
import ringlab.spi.driver.RxLayout;
import ringlab.spi.driver.SkbSizes;
import ringlab.spi.net.Packet;

/**
 * Rx buffers for build_skb (bcm63xx since 2021): a raw fragment of SKB_DATA_ALIGN(headroom + buffer) +
 * SKB_DATA_ALIGN(sizeof(skb_shared_info)) per descriptor, mapped for the buffer; at receive unmapped
 * (or synced for the received length only) and wrapped by napi_build_skb in a head from the per-CPU NAPI
 * cache, initialised hot. Freed with napi_consume_skb in NAPI context (head back to the cache) or
 * kmem_cache_free elsewhere, and skb_free_frag for the data. The NAPI cache's bulk refills/flushes are
 * amortised in its cost keys, not modelled one by one; the page_frag cache's page refills likewise.
 */
public final class FragBuffers implements RxBuffers {
    private static final Object FRAG = "frag";
    private long napiFrags, netdevFrags, builds, cachePuts, slabFrees, fragFrees;

    /** SKB_DATA_ALIGN: rounds up to SMP_CACHE_BYTES (the board's L1 line). */
    static int skbDataAlign(int bytes, int line) { return (bytes + line - 1) / line * line; }

    /** rx_frag_size = SKB_DATA_ALIGN(rx_buf_offset + rx_buf_size) + SKB_DATA_ALIGN(sizeof(struct skb_shared_info)). */
    public static int fragSize(RxLayout l, int line) {
        return skbDataAlign(l.headroom + l.bufferBytes, line) + skbDataAlign(SkbSizes.sharedInfoBytes(), line);
    }

    /** skb->truesize after __build_skb_around(frag_size): SKB_TRUESIZE(frag_size - shinfo) = frag_size + the head. */
    public static int truesize(RxLayout l, int line) {
        return fragSize(l, line) + skbDataAlign(SkbSizes.headBytes(), line);
    }

    @Override
    public Object post(Exec x, RxLayout layout, Dma dma) {
        if (x.inSoftirq()) {
            x.charge(CostKey.NAPI_FRAG_ALLOC); // napi_alloc_frag: the per-CPU NAPI page_frag cache, as it is
            napiFrags++;
        } else {
            x.charge(CostKey.BUF_ALLOC);       // netdev_alloc_frag: the same with local_bh_disable/enable around it
            netdevFrags++;
        }
        dma.mapForDevice(x, layout.bufferBytes, false); // dma_map_single(buf + rx_buf_offset, rx_buf_size)
        return FRAG;
    }

    @Override
    public void receive(Exec x, Object cookie, Packet p, RxLayout layout, Dma dma) {
        dma.unmapReceived(x, layout, p.frameBytes() + Packet.FCS);
        x.charge(CostKey.NAPI_SKB_CACHE); // napi_build_skb: napi_skb_cache_get
        x.charge(CostKey.SKB_INIT);       // __build_skb_around: memset of the head, shinfo init; hot, used at once
        builds++;
        p.truesize = truesize(layout, dma.lineBytes());
        p.owner = this;
    }

    @Override
    public void release(Exec x, Packet p, boolean inNapi) {
        if (inNapi) {
            x.charge(CostKey.SKB_CACHE_PUT); // napi_consume_skb -> napi_skb_cache_put
            cachePuts++;
        } else {
            x.charge(CostKey.SKB_FREE);      // __kfree_skb -> kfree_skbmem -> kmem_cache_free
            slabFrees++;
        }
        x.charge(CostKey.BUF_FREE);          // skb_free_frag
        fragFrees++;
    }

    /** Ring free: dma_unmap_single of the fragment's buffer, then skb_free_frag (no skb was built on it). */
    @Override
    public void unpost(Exec x, Object cookie, RxLayout layout, Dma dma) {
        dma.unmapForCpu(x, layout.bufferBytes, layout.syncReceivedOnly);
        x.charge(CostKey.BUF_FREE);
        fragFrees++;
    }

    /** Counters, kernel function names. */
    public Map<String, Long> stats() {
        Map<String, Long> m = new LinkedHashMap<>();
        m.put("napi_alloc_frag", napiFrags);
        m.put("netdev_alloc_frag", netdevFrags);
        m.put("napi_build_skb", builds);
        m.put("napi_skb_cache_put", cachePuts);
        m.put("kmem_cache_free_skb", slabFrees);
        m.put("skb_free_frag", fragFrees);
        return m;
    }
}
