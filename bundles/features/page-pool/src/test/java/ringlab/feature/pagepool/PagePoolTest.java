package ringlab.feature.pagepool;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.util.Map;
import org.junit.jupiter.api.Test;
import ringlab.sim.driver.StreamingDma;
import ringlab.spi.board.CostKey;
import ringlab.spi.driver.RxLayout;
import ringlab.spi.net.Packet;
import ringlab.testkit.RecordingExec;

/** The page_pool mechanism alone: fragment geometry, the allocation tiers, the recycling paths, mapping once. */
class PagePoolTest {
    static Packet frame() {
        Packet p = new Packet();
        p.proto = Packet.TCP;
        p.payload = 512;
        return p;
    }

    /** bcm6328 with ip-align: 34 B headroom, 1536 B buffer, 16-byte lines. */
    static RxLayout bcm() { return new RxLayout(34, 1536); }

    static long stat(PagePool pp, String k) { return pp.stats().get(k); }

    @Test
    void twoBuffersPerPageWhenTheyFitInHalfAPage() {
        RecordingExec x = new RecordingExec();
        StreamingDma dma = new StreamingDma(16);
        PagePool small = new PagePool(1024, true);
        small.post(x, bcm(), dma); // SKB_DATA_ALIGN(34 + 1536) + 256 = 1840 <= 2048
        assertEquals(2, small.fragsPerPage());
        assertEquals(1840 + 1536, small.maxLen(), "sync covers both buffers of the page");
        PagePool big = new PagePool(1024, true);
        big.post(x, new RxLayout(64, 2048), dma); // R-Car EtherAVB: 2 KB plus shared info does not fit
        assertEquals(1, big.fragsPerPage());
        PagePool jumbo = new PagePool(1024, true);
        jumbo.post(x, new RxLayout(32, 9216), dma);
        assertEquals(1, stat(jumbo, "rx_pp_alloc_slow_ho"), "a 9 KB buffer needs an order-2 page");
    }

    @Test
    void aPageReturnsOnlyWhenBothFragmentsAreReleased() {
        RecordingExec x = new RecordingExec();
        StreamingDma dma = new StreamingDma(16);
        PagePool pp = new PagePool(1024, false);
        Object c1 = pp.post(x, bcm(), dma);
        Object c2 = pp.post(x, bcm(), dma);
        assertEquals(1, stat(pp, "rx_pp_alloc_slow"));
        assertEquals(63, 64 - stat(pp, "pp_inflight_pages"), "one bulk of 64 pages, one of them carved twice");
        Packet a = frame(), b = frame();
        pp.receive(x, c1, a, bcm(), dma);
        pp.receive(x, c2, b, bcm(), dma);
        assertSame(pp, a.owner);
        pp.release(x, a, true);
        assertEquals(0, stat(pp, "rx_pp_recycle_cached"), "the other fragment is still out");
        pp.release(x, b, true);
        assertEquals(1, stat(pp, "rx_pp_recycle_cached"));
        assertEquals(0, stat(pp, "pp_inflight_pages"));
    }

    @Test
    void steadyStateInNapiNeitherAllocatesNorMapsPages() {
        RecordingExec x = new RecordingExec();
        StreamingDma dma = new StreamingDma(16);
        PagePool pp = new PagePool(1024, true);
        for (int i = 0; i < 10_000; i++) {
            Object c = pp.post(x, bcm(), dma);
            Packet p = frame();
            pp.receive(x, c, p, bcm(), dma);
            pp.release(x, p, true);
        }
        assertEquals(64, x.units(CostKey.PAGE_ALLOC), "one bulk allocation, then recycling");
        assertEquals(64, stat(pp, "pp_dma_map"));
        assertEquals(0, stat(pp, "pp_dma_unmap"));
        assertEquals(0, x.units(CostKey.PAGE_FREE));
        assertEquals(5000 - 1, stat(pp, "rx_pp_alloc_fast"), "every later page from the per-NAPI cache");
        assertEquals(5000, stat(pp, "rx_pp_recycle_cached"));
        // only what was received is synced for the CPU: 566 + 4 bytes = 36 lines, no unmap maintenance
        assertEquals(10_000 * 36.0, x.units(CostKey.DMA_SYNC_LINE_UNMAP));
    }

    @Test
    void releasesOutsideNapiGoThroughTheRingAndComeBackByRefill() {
        RecordingExec x = new RecordingExec();
        StreamingDma dma = new StreamingDma(16);
        PagePool pp = new PagePool(1024, false);
        Object[] c = new Object[256];
        for (int i = 0; i < 256; i++) c[i] = pp.post(x, bcm(), dma); // 128 pages: two bulks
        assertEquals(2, stat(pp, "rx_pp_alloc_slow"));
        assertEquals(2, stat(pp, "rx_pp_alloc_empty"));
        for (int i = 0; i < 256; i++) pp.release(x, frame(), false); // tcp_recvmsg, process context
        assertEquals(128, stat(pp, "rx_pp_recycle_ring"));
        assertEquals(128, x.units(CostKey.PP_RING));
        x.clear();
        for (int i = 0; i < 256; i++) pp.post(x, bcm(), dma);
        assertEquals(2, stat(pp, "rx_pp_alloc_slow"), "no new pages");
        assertEquals(2, stat(pp, "rx_pp_alloc_refill"), "64 pages per refill from the ring");
        assertEquals(0, x.units(CostKey.PAGE_ALLOC));
    }

    @Test
    void aFullRingUnmapsAndFreesThePageAndAFullCacheFallsBackToTheRing() {
        RecordingExec x = new RecordingExec();
        StreamingDma dma = new StreamingDma(16);
        PagePool pp = new PagePool(16, false);
        for (int i = 0; i < 2 * 192; i++) pp.post(x, bcm(), dma); // 192 pages in flight, none cached
        for (int i = 0; i < 2 * 150; i++) pp.release(x, frame(), true);
        assertEquals(128, stat(pp, "rx_pp_recycle_cached"));
        assertEquals(22, stat(pp, "rx_pp_recycle_cache_full"));
        assertEquals(16, stat(pp, "rx_pp_recycle_ring"));
        assertEquals(6, stat(pp, "rx_pp_recycle_ring_full"));
        for (int i = 0; i < 2 * 42; i++) pp.release(x, frame(), false);
        assertEquals(48, stat(pp, "rx_pp_recycle_ring_full"));
        assertEquals(48, stat(pp, "pp_dma_unmap"));
        assertEquals(48, x.units(CostKey.PAGE_FREE));
        Map<String, Long> s = pp.stats();
        assertEquals(s.get("pages_state_hold_cnt") - s.get("pages_state_release_cnt"), 128 + 16 + s.get("pp_inflight_pages"));
        assertEquals(0, s.get("pp_inflight_pages"));
    }

    @Test
    void syncDevSyncsMaxLenForTheDeviceOnEveryRecycle() {
        RecordingExec x = new RecordingExec();
        StreamingDma dma = new StreamingDma(16);
        PagePool pp = new PagePool(1024, true);
        pp.post(x, bcm(), dma);
        pp.post(x, bcm(), dma);
        assertEquals(64 * ((1840 + 1536) / 16), x.units(CostKey.DMA_SYNC_LINE_MAP), "each new page synced over max_len");
        x.clear();
        pp.release(x, frame(), true);
        pp.release(x, frame(), true);
        assertEquals((1840 + 1536) / 16, x.units(CostKey.DMA_SYNC_LINE_MAP));
        PagePool noSync = new PagePool(1024, false);
        x.clear();
        noSync.post(x, bcm(), dma);
        assertEquals(0, x.units(CostKey.DMA_SYNC_LINE_MAP), "mapped with DMA_ATTR_SKIP_CPU_SYNC only");
    }

    @Test
    void aRetiredPoolLetsEveryPageGoUnmappedIncludingThoseStillInSkbs() {
        RecordingExec x = new RecordingExec();
        StreamingDma dma = new StreamingDma(16);
        PagePool pp = new PagePool(1024, false);
        Object[] posted = new Object[5];
        for (int i = 0; i < posted.length; i++) posted[i] = pp.post(x, bcm(), dma);
        Packet up = frame();
        pp.receive(x, posted[0], up, bcm(), dma); // one went up the stack, still in a socket
        for (int i = 1; i < posted.length; i++) pp.unpost(x, posted[i], bcm(), dma); // the ring is freed
        pp.retire(x);                                                                // page_pool_destroy
        assertEquals(64, stat(pp, "pp_dma_map"));
        assertEquals(1, stat(pp, "pp_inflight_pages"), "the page under the skb in the socket");
        assertEquals(63, stat(pp, "pp_dma_unmap"), "cache, ring and the freed fragments' pages leave unmapped");
        pp.release(x, up, false);
        assertEquals(0, stat(pp, "pp_inflight_pages"));
        assertEquals(64, stat(pp, "pp_dma_unmap"), "the last page leaves when its skb is freed");
        assertEquals(64, stat(pp, "pages_state_release_cnt"));
    }
}
