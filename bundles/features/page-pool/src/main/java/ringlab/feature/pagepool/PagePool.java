package ringlab.feature.pagepool;

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
 * One rx queue's page_pool (net/core/page_pool.c) with PP_FLAG_DMA_MAP: pages are mapped (skip-cpu-sync)
 * when they enter the pool and unmapped only when they leave it; allocation pops the per-NAPI cache
 * (PP_ALLOC_CACHE_SIZE 128), refilled PP_ALLOC_CACHE_REFILL (64) at a time from the ptr_ring, then from
 * the page allocator in bulk; page_pool_dev_alloc_frag carves two buffers per 4 KB page when headroom +
 * buffer + shared info fit in half of it, and a page comes back when both are released. Release in the
 * pool's NAPI context recycles into the cache (recycle_direct), elsewhere into the ptr_ring; a full ring
 * unmaps and frees the page. With PP_FLAG_DMA_SYNC_DEV every page entering or re-entering the pool is
 * synced for the device over max_len. At receive only the received length is synced for the CPU.
 * Pages are interchangeable: a release completes the oldest outstanding page (fragments come back in
 * about the order they were handed out), so no per-page object exists. Not modelled: pages held by
 * others (page refcount above one: rx_pp_recycle_released_ref stays 0), pfmemalloc pages, NUMA. At a
 * ring re-initialisation the driver puts back the fragments still posted and destroys the pool (retire).
 */
public final class PagePool implements RxBuffers {
    public static final int PAGE_SIZE = 4096, PP_ALLOC_CACHE_SIZE = 128, PP_ALLOC_CACHE_REFILL = 64;
    public static final int DEFAULT_POOL_SIZE = 1024;
    private static final Object FRAG = "pp-frag";

    private final int ringSize;
    private final boolean syncDev;
    private Dma dma;

    // geometry, fixed by the layout of the first buffer posted (a pool serves one layout)
    private int fragsPerPage, stride, pageBytes, maxLen, order, truesize;

    // where the pool's pages are: per-NAPI cache, ptr_ring, fragments carved from the current page
    private int cache, ring, carved, releasedOfOldest;

    private long fast, slow, slowHo, empty, refill, cached, cacheFull, ringRecycled, ringFull, releasedRef;
    private long hold, released, mapped, unmapped;
    private boolean retired;

    public PagePool(int ringSize, boolean syncDev) {
        if (ringSize < 1) throw new IllegalArgumentException("pool_size must be at least 1");
        this.ringSize = ringSize;
        this.syncDev = syncDev;
    }

    static int align(int bytes, int line) { return (bytes + line - 1) / line * line; }

    private void size(RxLayout l, Dma d) {
        dma = d;
        int line = d.lineBytes();
        stride = align(l.headroom + l.bufferBytes, line) + align(SkbSizes.sharedInfoBytes(), line);
        fragsPerPage = stride <= PAGE_SIZE / 2 ? 2 : 1;
        order = 0;
        while ((PAGE_SIZE << order) < stride) order++;
        pageBytes = PAGE_SIZE << order;
        // what the NIC may write on one page: from the first buffer's start to the end of the last one
        maxLen = (fragsPerPage - 1) * stride + l.bufferBytes;
        truesize = stride + align(SkbSizes.headBytes(), line);
        carved = fragsPerPage; // no current page yet
    }

    @Override
    public Object post(Exec x, RxLayout layout, Dma d) {
        if (dma == null) size(layout, d);
        if (carved == fragsPerPage) {
            getPage(x);
            carved = 0;
        }
        carved++;
        return FRAG;
    }

    /** page_pool_alloc_pages: the cache, else a refill from the ring, else the page allocator. */
    private void getPage(Exec x) {
        if (cache > 0) {
            cache--;
            fast++;
            x.charge(CostKey.PP_CACHE);
            return;
        }
        if (ring > 0) { // page_pool_refill_alloc_cache, under the ring's consumer lock
            int n = Math.min(PP_ALLOC_CACHE_REFILL, ring);
            ring -= n;
            cache += n - 1;
            refill++;
            x.charge(CostKey.PP_RING, n);
            x.charge(CostKey.PP_CACHE);
            return;
        }
        empty++;
        // __page_pool_alloc_pages_slow: a bulk of order-0 pages (one page if higher order), each mapped
        int n = order == 0 ? PP_ALLOC_CACHE_REFILL : 1;
        if (order == 0) slow++; else slowHo++;
        for (int i = 0; i < n; i++) {
            x.charge(CostKey.PAGE_ALLOC);
            dma.mapForDevice(x, pageBytes, true); // page_pool_dma_map: DMA_ATTR_SKIP_CPU_SYNC
            mapped++;
            if (syncDev) dma.syncForDevice(x, maxLen);
            hold++;
        }
        cache += n - 1;
    }

    @Override
    public void receive(Exec x, Object cookie, Packet p, RxLayout layout, Dma d) {
        d.syncForCpu(x, p.frameBytes() + Packet.FCS); // dma_sync_single_range_for_cpu of what was received
        x.charge(CostKey.NAPI_SKB_CACHE);              // napi_build_skb, then skb_mark_for_recycle
        x.charge(CostKey.SKB_INIT);
        p.truesize = truesize;
        p.owner = this;
    }

    @Override
    public void release(Exec x, Packet p, boolean inNapi) {
        // the head: napi_consume_skb in NAPI context, kmem_cache_free elsewhere
        x.charge(inNapi ? CostKey.SKB_CACHE_PUT : CostKey.SKB_FREE);
        // the data: napi_pp_put_page -> page_pool_put_full_page, only the last fragment's release returns it
        putFragment(x, inNapi);
    }

    /** Ring re-initialisation: a posted fragment no frame went up in goes back (page_pool_put_full_page). */
    @Override
    public void unpost(Exec x, Object cookie, RxLayout layout, Dma d) { putFragment(x, false); }

    /**
     * page_pool_destroy (the driver's ring was re-initialised with another scheme or layout): the unused
     * rest of the current page, the cache and the ptr_ring are emptied, each page unmapped and freed; pages
     * still in skbs leave the pool the same way when they come back (the deferred release of inflight pages).
     */
    @Override
    public void retire(Exec x) {
        if (retired) return;
        retired = true;
        if (dma == null) return; // never posted
        if (carved > 0 && carved < fragsPerPage) {
            for (int i = carved; i < fragsPerPage; i++) putFragment(x, false);
            carved = fragsPerPage;
        }
        for (; cache > 0; cache--) returnPage(x);
        for (; ring > 0; ring--) returnPage(x);
    }

    private void putFragment(Exec x, boolean inNapi) {
        if (++releasedOfOldest < fragsPerPage) return;
        releasedOfOldest = 0;
        if (retired) {
            returnPage(x);
            return;
        }
        if (syncDev) dma.syncForDevice(x, maxLen);
        if (inNapi) {
            if (cache < PP_ALLOC_CACHE_SIZE) {
                cache++;
                cached++;
                x.charge(CostKey.PP_CACHE);
                return;
            }
            cacheFull++;
        }
        x.charge(CostKey.PP_RING);
        if (ring < ringSize) {
            ring++;
            ringRecycled++;
            return;
        }
        ringFull++;
        returnPage(x);
    }

    /** page_pool_return_page: unmap (skip-cpu-sync) and put_page. */
    private void returnPage(Exec x) {
        dma.unmapForCpu(x, pageBytes, true);
        unmapped++;
        x.charge(CostKey.PAGE_FREE);
        released++;
    }

    /** Destroyed: posts no more buffers, every page coming back leaves the pool. */
    public boolean retired() { return retired; }

    /** Pages the pool owns that are neither in its cache nor its ring (on descriptors or in skbs). */
    public long inflight() { return hold - released - cache - ring; }

    public int fragsPerPage() { return fragsPerPage; }

    public int maxLen() { return maxLen; }

    /** ethtool -S page_pool statistics (rx_pp_*, in the order of net/core/page_pool.c pp_stats[]), then the pool's page and mapping totals. */
    public Map<String, Long> stats() {
        Map<String, Long> m = new LinkedHashMap<>();
        m.put("rx_pp_alloc_fast", fast);
        m.put("rx_pp_alloc_slow", slow);
        m.put("rx_pp_alloc_slow_ho", slowHo);
        m.put("rx_pp_alloc_empty", empty);
        m.put("rx_pp_alloc_refill", refill);
        m.put("rx_pp_alloc_waive", 0L); // one NUMA node: a refill never finds a page of another node
        m.put("rx_pp_recycle_cached", cached);
        m.put("rx_pp_recycle_cache_full", cacheFull);
        m.put("rx_pp_recycle_ring", ringRecycled);
        m.put("rx_pp_recycle_ring_full", ringFull);
        m.put("rx_pp_recycle_released_ref", releasedRef);
        m.put("pages_state_hold_cnt", hold);
        m.put("pages_state_release_cnt", released);
        m.put("pp_dma_map", mapped);
        m.put("pp_dma_unmap", unmapped);
        m.put("pp_inflight_pages", inflight());
        m.put("pp_frags_per_page", (long) fragsPerPage);
        return m;
    }
}
