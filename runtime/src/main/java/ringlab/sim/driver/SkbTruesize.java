package ringlab.sim.driver;

import ringlab.spi.driver.SkbSizes;

/**
 * skb->truesize of a driver-allocated rx skb as the kernel sets it: from the size the allocator really
 * gave (ksize), not the size asked. The socket's receive memory (sk_rmem_alloc against sk_rcvbuf) counts it.
 *
 * <p>__netdev_alloc_skb / netdev_alloc_skb_ip_align (5.x and 6.x alike for these sizes), called from NAPI
 * with GFP_ATOMIC: len += NET_SKB_PAD; then
 * <ul>
 * <li>len &lt;= SKB_WITH_OVERHEAD(PAGE_SIZE): a page_frag of SKB_DATA_ALIGN(len) + SKB_DATA_ALIGN(shinfo),
 *     wrapped by __build_skb: truesize = that fragment + SKB_DATA_ALIGN(sizeof(struct sk_buff)), rounded to
 *     cache lines only;</li>
 * <li>larger: __alloc_skb, kmalloc_reserve of SKB_HEAD_ALIGN(len); truesize = SKB_TRUESIZE(SKB_WITH_OVERHEAD(
 *     ksize)) = ksize + the head. SLUB's kmalloc classes up to KMALLOC_MAX_CACHE_SIZE (2 pages), above it
 *     kmalloc_large: whole pages, a power-of-two number of them (get_order). 8 KB + pad + shinfo is an
 *     order-2 allocation: 16 KB charged for an 8 KB buffer.</li>
 * </ul>
 * Faked: 4 KB pages everywhere (every board here); the ring's first fill with GFP_KERNEL (which always takes
 * __alloc_skb) is treated like the NAPI refills, as steady state is what is measured; 6.3+'s
 * skb_small_head_cache for heads below about 640 B is not modelled (only 5.x boards here use a copybreak);
 * a driver's extra alignment slack beyond the layout (ravb's RAVB_ALIGN - 1) is left out, it changes no class here.
 */
public final class SkbTruesize {
    public static final int PAGE_SIZE = 4096;
    /** SLUB: KMALLOC_SHIFT_HIGH = PAGE_SHIFT + 1. */
    static final int KMALLOC_MAX_CACHE_SIZE = 2 * PAGE_SIZE;
    /** SLUB's kmalloc caches up to KMALLOC_MAX_CACHE_SIZE (kmalloc-96 and -192 included). */
    private static final int[] KMALLOC_CLASSES = {8, 16, 32, 64, 96, 128, 192, 256, 512, 1024, 2048, 4096, 8192};

    private SkbTruesize() { }

    /** NET_SKB_PAD = max(32, L1_CACHE_BYTES). */
    static int netSkbPad(int line) { return Math.max(32, line); }

    /** truesize of __netdev_alloc_skb(dev, len) in NAPI context; padded = len + NET_SKB_PAD (the model's headroom). */
    static int netdevAllocSkb(int padded, int line) { return netdevAllocSkb(padded, line, false); }

    /** The same for a driver asking with GFP_DMA, which __netdev_alloc_skb always sends to __alloc_skb. */
    static int netdevAllocSkb(int padded, int line, boolean gfpDma) {
        if (gfpDma) return allocSkb(padded, line);
        int shinfo = align(SkbSizes.sharedInfoBytes(), line);
        int head = align(SkbSizes.headBytes(), line);
        int data = align(padded, line) + shinfo;
        if (padded <= PAGE_SIZE - shinfo) return data + head; // page_frag: the fragment, no slab class
        return allocSkb(padded, line);
    }

    /** truesize of alloc_skb(len) (__alloc_skb, kmalloc_reserve): ksize(SKB_DATA_ALIGN(len) + shinfo) + the head. */
    public static int allocSkb(int len, int line) {
        return kmallocSize(align(len, line) + align(SkbSizes.sharedInfoBytes(), line)) + align(SkbSizes.headBytes(), line);
    }

    /** ksize(kmalloc(bytes)) with SLUB and 4 KB pages. */
    static int kmallocSize(int bytes) {
        if (bytes <= KMALLOC_MAX_CACHE_SIZE) {
            for (int c : KMALLOC_CLASSES) if (bytes <= c) return c;
        }
        int pages = PAGE_SIZE;
        while (pages < bytes) pages <<= 1; // PAGE_SIZE << get_order(bytes)
        return pages;
    }

    private static int align(int bytes, int line) { return (bytes + line - 1) / line * line; }
}
