package ringlab.sim.driver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.junit.jupiter.api.Test;
import ringlab.spi.board.CostKey;

/** Where an rx buffer comes from by size and kernel, and what each path charges. */
class RxBufferAllocTest {
    private static final int PAD = 64;

    @Test
    void aBufferWithinAPageIsAPageFragment() {
        assertEquals(RxBufferAlloc.Path.SMALL, new RxBufferAlloc("5.10", 32).pathFor(PAD + 1536));
        assertEquals(RxBufferAlloc.Path.SMALL, new RxBufferAlloc("6.10", 64).pathFor(PAD + 2048));
    }

    @Test
    void aKmallocObjectUpToTwoPagesTakesTheSmallPath() {
        assertEquals(RxBufferAlloc.Path.SMALL, new RxBufferAlloc("5.10", 64).pathFor(PAD + 6000));
    }

    @Test
    void aLargeBufferIsAnOrderTwoPageFromTheBuddyListsBefore513() {
        // lan743x's 9 KB buffer on 5.10: kmalloc_large, order 2, no per-CPU lists for it yet
        assertEquals(RxBufferAlloc.Path.PAGES_BUDDY, new RxBufferAlloc("5.10", 32).pathFor(PAD + 9236));
        assertEquals(RxBufferAlloc.Path.PAGES_BUDDY, new RxBufferAlloc("5.12", 64).pathFor(PAD + 8192));
    }

    @Test
    void from513TheSameOrderComesFromThePerCpuLists() {
        assertEquals(RxBufferAlloc.Path.PAGES_PCP, new RxBufferAlloc("5.13", 64).pathFor(PAD + 9236));
        assertEquals(RxBufferAlloc.Path.PAGES_PCP, new RxBufferAlloc("6.10", 64).pathFor(PAD + 8192));
    }

    @Test
    void withGfpDmaASmallBufferIsAKmallocObjectAndALargeOneStillPages() {
        // lan743x: __netdev_alloc_skb(..., GFP_ATOMIC | GFP_DMA) always takes __alloc_skb
        assertEquals(RxBufferAlloc.Path.KMALLOC, new RxBufferAlloc("5.12", 32, true).pathFor(PAD + 1536));
        assertEquals(RxBufferAlloc.Path.PAGES_BUDDY, new RxBufferAlloc("5.10", 32, true).pathFor(PAD + 9236));
        // its truesize is the kmalloc class's (kmalloc-2k), not the page fragment's
        assertEquals(SkbTruesize.allocSkb(PAD + 1536, 32), SkbTruesize.netdevAllocSkb(PAD + 1536, 32, true));
        assertTrue(SkbTruesize.netdevAllocSkb(PAD + 1536, 32, true) > SkbTruesize.netdevAllocSkb(PAD + 1536, 32, false));
    }

    @Test
    void eachPathChargesItsAllocatorsWork() {
        assertEquals(Map.of(CostKey.BUF_ALLOC, 1.0), charged(RxBufferAlloc.Path.SMALL, true));
        assertEquals(Map.of(CostKey.BUF_FREE, 1.0), charged(RxBufferAlloc.Path.SMALL, false));
        assertEquals(Map.of(CostKey.SKB_ALLOC, 1.0), charged(RxBufferAlloc.Path.KMALLOC, true));
        assertEquals(Map.of(CostKey.BUF_FREE, 1.0), charged(RxBufferAlloc.Path.KMALLOC, false));
        assertEquals(Map.of(CostKey.PAGE_ALLOC, 1.0), charged(RxBufferAlloc.Path.PAGES_PCP, true));
        assertEquals(Map.of(CostKey.PAGE_FREE, 1.0), charged(RxBufferAlloc.Path.PAGES_PCP, false));
        double cold = RxBufferAlloc.BUDDY_COLD_LINES;
        assertEquals(Map.of(CostKey.PAGE_ALLOC, 1.0, CostKey.DRAM_MISS, cold), charged(RxBufferAlloc.Path.PAGES_BUDDY, true));
        assertEquals(Map.of(CostKey.PAGE_FREE, 1.0, CostKey.DRAM_MISS, cold), charged(RxBufferAlloc.Path.PAGES_BUDDY, false));
    }

    private static Map<CostKey, Double> charged(RxBufferAlloc.Path path, boolean alloc) {
        SwiotlbBounceTest.Tally x = new SwiotlbBounceTest.Tally();
        if (alloc) path.alloc(x); else path.free(x);
        return x.charged;
    }
}
