package ringlab.feature.buildskb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import org.junit.jupiter.api.Test;
import ringlab.sim.driver.StreamingDma;
import ringlab.spi.board.CostKey;
import ringlab.spi.driver.RxLayout;
import ringlab.spi.net.Packet;
import ringlab.testkit.RecordingExec;

/** The build_skb buffer scheme: what refill, receive and free charge, and the kernel's sizes. */
class FragBuffersTest {
    static Packet frame(int payload) {
        Packet p = new Packet();
        p.proto = Packet.TCP;
        p.payload = payload;
        return p;
    }

    @Test
    void refillAllocatesOnlyAFragmentAndMapsTheBuffer() {
        RecordingExec x = new RecordingExec();
        StreamingDma dma = new StreamingDma(16);
        RxLayout l = new RxLayout(34, 1536);
        FragBuffers b = new FragBuffers();
        b.post(x, l, dma);
        assertEquals(1, x.units(CostKey.NAPI_FRAG_ALLOC), "napi_alloc_frag in NAPI context");
        assertEquals(0, x.units(CostKey.BUF_ALLOC));
        assertEquals(0, x.units(CostKey.SKB_ALLOC), "no head at refill");
        assertEquals(0, x.units(CostKey.SKB_INIT));
        assertEquals(1536 / 16, x.units(CostKey.DMA_SYNC_LINE_MAP), "the buffer, not the fragment, is mapped");
        x.clear();
        x.softirq(false);
        b.post(x, l, dma);
        assertEquals(0, x.units(CostKey.NAPI_FRAG_ALLOC));
        assertEquals(1, x.units(CostKey.BUF_ALLOC), "netdev_alloc_frag outside NAPI (open)");
        assertEquals(1L, b.stats().get("napi_alloc_frag"));
        assertEquals(1L, b.stats().get("netdev_alloc_frag"));
    }

    @Test
    void receiveBuildsAHotHeadFromTheNapiCache() {
        RecordingExec x = new RecordingExec();
        StreamingDma dma = new StreamingDma(16);
        RxLayout l = new RxLayout(34, 1536);
        FragBuffers b = new FragBuffers();
        Object c = b.post(x, l, dma);
        x.clear();
        Packet p = frame(512);
        b.receive(x, c, p, l, dma);
        assertEquals(1, x.units(CostKey.NAPI_SKB_CACHE));
        assertEquals(1, x.units(CostKey.SKB_INIT));
        assertEquals(0, x.units(CostKey.SKB_COLD_TOUCH), "the head was not prepared a ring-time ago");
        assertEquals(0, x.units(CostKey.SKB_ALLOC));
        assertEquals(1536 / 16, x.units(CostKey.DMA_SYNC_LINE_UNMAP), "full unmap");
        assertSame(b, p.owner);
        // rx_frag_size = SKB_DATA_ALIGN(34 + 1536) + SKB_DATA_ALIGN(shinfo) = 1584 + 256; truesize adds the head
        assertEquals(1584 + 256, FragBuffers.fragSize(l, 16));
        assertEquals(1584 + 256 + 256, p.truesize);
    }

    @Test
    void syncReceivedOnlySyncsTheFrameAndUnmapsWithoutMaintenance() {
        RecordingExec x = new RecordingExec();
        StreamingDma dma = new StreamingDma(32);
        RxLayout l = new RxLayout(34, 9216);
        l.syncReceivedOnly = true;
        FragBuffers b = new FragBuffers();
        Object c = b.post(x, l, dma);
        x.clear();
        Packet p = frame(1448);
        b.receive(x, c, p, l, dma);
        int len = p.frameBytes() + Packet.FCS;
        assertEquals((len + 31) / 32, x.units(CostKey.DMA_SYNC_LINE_UNMAP), "only the received length");
        assertEquals(2, x.units(CostKey.DMA_MAP_CALL), "sync_for_cpu + unmap(SKIP_CPU_SYNC)");
    }

    @Test
    void freeReturnsTheHeadToTheNapiCacheOnlyInNapiContext() {
        RecordingExec x = new RecordingExec();
        FragBuffers b = new FragBuffers();
        b.release(x, null, true);
        assertEquals(1, x.units(CostKey.SKB_CACHE_PUT));
        assertEquals(0, x.units(CostKey.SKB_FREE));
        assertEquals(1, x.units(CostKey.BUF_FREE));
        x.clear();
        b.release(x, frame(512), false);
        assertEquals(0, x.units(CostKey.SKB_CACHE_PUT));
        assertEquals(1, x.units(CostKey.SKB_FREE), "kmem_cache_free in process context");
        assertEquals(1, x.units(CostKey.BUF_FREE));
    }
}
