package ringlab.sim.driver;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class SkbTruesizeTest {
    @Test
    void smallBuffersComeFromPageFragmentsRoundedToLinesOnly() {
        // bcm63xx: NET_SKB_PAD 32 + 1536 on 16-byte lines: 1568 + shinfo 256, plus the 256-byte head
        assertEquals(1568 + 256 + 256, SkbTruesize.netdevAllocSkb(32 + 1536, 16));
        // a copybreak copy of 100 bytes (+ pad + NET_IP_ALIGN) is rounded to a line, not to kmalloc-256
        assertEquals(144 + 256 + 256, SkbTruesize.netdevAllocSkb(32 + 2 + 100, 16));
    }

    @Test
    void buffersAboveAPageTakeTheAllocatorsSizeClass() {
        // ravb GbEth: 64 + 8192 + shinfo is above KMALLOC_MAX_CACHE_SIZE: an order-2 allocation
        assertEquals(16384 + 256, SkbTruesize.netdevAllocSkb(64 + 8192, 64));
        // lan743x: 32 + 9216 likewise
        assertEquals(16384 + 256, SkbTruesize.netdevAllocSkb(32 + 9216, 32));
        // just above a page's worth of fragment: kmalloc-8k
        assertEquals(8192 + 256, SkbTruesize.netdevAllocSkb(64 + 4000, 64));
    }

    @Test
    void kmallocRoundsToSlubClassesThenToPowerOfTwoPages() {
        assertEquals(96, SkbTruesize.kmallocSize(65));
        assertEquals(2048, SkbTruesize.kmallocSize(1025));
        assertEquals(8192, SkbTruesize.kmallocSize(8192));
        assertEquals(16384, SkbTruesize.kmallocSize(8193));
        assertEquals(32768, SkbTruesize.kmallocSize(16385));
    }
}
