package ringlab.sim.driver;

import ringlab.sim.board.KernelVersion;
import ringlab.spi.board.CostKey;
import ringlab.spi.driver.Exec;
import ringlab.spi.driver.SkbSizes;

/**
 * Where the data buffer of a driver's __netdev_alloc_skb comes from, and what that costs. The size classes
 * are {@link SkbTruesize}'s:
 * <ul>
 * <li>up to SKB_WITH_OVERHEAD(PAGE_SIZE): a page_frag, the board's buf.alloc / buf.free; but a driver that asks
 *     with GFP_DMA (nic.rxGfpDma: lan743x) sends every size to __alloc_skb, a kmalloc object: kmalloc_reserve's
 *     SLUB fast path, priced as kmem_cache_alloc of the head (skb.alloc), and its kfree, priced as a fragment's
 *     (buf.free, faked: no cost key of its own, a fast path of about the same length);</li>
 * <li>up to KMALLOC_MAX_CACHE_SIZE (two pages under SLUB): a kmalloc object, charged like the page_frag
 *     without GFP_DMA (faked: both are a per-CPU fast path of about the same length; no board here has rx
 *     buffers there);</li>
 * <li>above: kmalloc_large, a compound page of order get_order(size) straight from the page allocator (a
 *     9 KB lan743x buffer or an 8 KB GbEth one is order 2). From 5.13 the per-CPU page lists hold orders up to
 *     PAGE_ALLOC_COSTLY_ORDER (3), so it comes like an order-0 page (page.alloc / page.free). Before, only order
 *     0 had them: the block is taken under zone->lock from the buddy lists (__rmqueue_smallest unlinks it
 *     between its neighbours, expand() splits a larger block) and freed back with __free_one_page merging it
 *     with its free buddies order by order. Each of those steps touches the struct page of a block nobody
 *     used for a ring's worth of packets: {@link #BUDDY_COLD_LINES} DRAM misses per allocation and per free.</li>
 * </ul>
 * GFP_DMA's zone (ZONE_DMA where the architecture has one) changes no price here. Faked: 4 KB pages.
 */
final class RxBufferAlloc {
    /** Cold struct page lines per buddy allocation or free: the list neighbours and the split or merged buddy (estimate). */
    static final int BUDDY_COLD_LINES = 3;
    /** PAGE_ALLOC_COSTLY_ORDER: the highest order with per-CPU lists from 5.13. */
    private static final int COSTLY_ORDER = 3;

    /** How one buffer is allocated and freed. */
    enum Path {
        /** page_frag (or a kmalloc object up to two pages, priced alike). */
        SMALL,
        /** a kmalloc object asked with GFP_DMA. */
        KMALLOC,
        /** kmalloc_large from the per-CPU page lists (5.13+, order &lt;= 3). */
        PAGES_PCP,
        /** kmalloc_large from the buddy lists under zone->lock. */
        PAGES_BUDDY;

        void alloc(Exec x) {
            if (this == SMALL) {
                x.charge(CostKey.BUF_ALLOC);
                return;
            }
            if (this == KMALLOC) {
                x.charge(CostKey.SKB_ALLOC);
                return;
            }
            x.charge(CostKey.PAGE_ALLOC);
            if (this == PAGES_BUDDY) x.charge(CostKey.DRAM_MISS, BUDDY_COLD_LINES);
        }

        void free(Exec x) {
            if (this == SMALL || this == KMALLOC) {
                x.charge(CostKey.BUF_FREE);
                return;
            }
            x.charge(CostKey.PAGE_FREE);
            if (this == PAGES_BUDDY) x.charge(CostKey.DRAM_MISS, BUDDY_COLD_LINES);
        }
    }

    private final boolean highOrderPcp;
    private final int lineBytes;
    private final boolean gfpDma;

    RxBufferAlloc(String kernelVersion, int lineBytes) { this(kernelVersion, lineBytes, false); }

    /**
     * @param kernelVersion "major.minor": per-CPU lists for high orders from 5.13
     * @param gfpDma        the driver asks with GFP_DMA: kmalloc below two pages, never a page_frag
     */
    RxBufferAlloc(String kernelVersion, int lineBytes, boolean gfpDma) {
        this.gfpDma = gfpDma;
        this.highOrderPcp = KernelVersion.atLeast(kernelVersion, 5, 13);
        this.lineBytes = lineBytes;
    }

    /** The path of __netdev_alloc_skb(padded - NET_SKB_PAD) in NAPI context (padded: headroom + buffer). */
    Path pathFor(int padded) {
        int shinfo = align(SkbSizes.sharedInfoBytes());
        if (!gfpDma && padded <= SkbTruesize.PAGE_SIZE - shinfo) return Path.SMALL;
        int bytes = align(padded) + shinfo;
        if (bytes <= SkbTruesize.KMALLOC_MAX_CACHE_SIZE) return gfpDma ? Path.KMALLOC : Path.SMALL;
        int order = 0;
        while ((SkbTruesize.PAGE_SIZE << order) < bytes) order++;
        return highOrderPcp && order <= COSTLY_ORDER ? Path.PAGES_PCP : Path.PAGES_BUDDY;
    }

    private int align(int bytes) { return (bytes + lineBytes - 1) / lineBytes * lineBytes; }
}
