package ringlab.feature.pagepool;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;
import ringlab.sim.driver.StreamingDma;
import ringlab.spi.driver.RxLayout;
import ringlab.spi.feature.Counter;
import ringlab.testkit.RecordingExec;

/** The page_pool counters carry the kernel's ethtool strings, in the kernel's order. */
class PagePoolNamesTest {
    /** net/core/page_pool.c, pp_stats[] (page_pool_ethtool_stats_get_strings writes them in this order). */
    static final List<String> KERNEL = List.of("rx_pp_alloc_fast", "rx_pp_alloc_slow", "rx_pp_alloc_slow_ho",
            "rx_pp_alloc_empty", "rx_pp_alloc_refill", "rx_pp_alloc_waive", "rx_pp_recycle_cached",
            "rx_pp_recycle_cache_full", "rx_pp_recycle_ring", "rx_pp_recycle_ring_full", "rx_pp_recycle_released_ref");

    @Test
    void declaredCountersStartWithTheKernelsStringsInItsOrder() {
        List<String> declared = new PagePoolFeature().counters().stream().map(Counter::name).toList();
        assertEquals(KERNEL, declared.subList(0, KERNEL.size()));
    }

    @Test
    void statsMapHasTheDeclaredNamesInTheDeclaredOrder() {
        RecordingExec x = new RecordingExec();
        StreamingDma dma = new StreamingDma(16);
        PagePool pp = new PagePool(1024, true);
        pp.post(x, new RxLayout(34, 1536), dma);
        List<String> declared = new PagePoolFeature().counters().stream().map(Counter::name).toList();
        assertEquals(declared, List.copyOf(pp.stats().keySet()));
        assertEquals(0, pp.stats().get("rx_pp_alloc_waive"), "one NUMA node: nothing is waived");
    }
}
