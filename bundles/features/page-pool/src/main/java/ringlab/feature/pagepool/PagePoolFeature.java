package ringlab.feature.pagepool;

import java.util.List;
import aQute.bnd.annotation.spi.ServiceProvider;
import org.osgi.service.component.annotations.Component;
import ringlab.spi.feature.Counter;
import ringlab.spi.feature.DriverFeature;
import ringlab.spi.feature.DriverHooks;
import ringlab.spi.feature.Tunable;

/**
 * page_pool: the rx queue's buffers come from a pool of pages DMA-mapped once, recycled through a per-NAPI
 * cache and a ptr_ring; skbs are still built with napi_build_skb (requires build-skb). Stateless: the pool
 * of one driver instance is the {@link PagePool} installed.
 */
@Component(service = DriverFeature.class)
@ServiceProvider(DriverFeature.class)
public final class PagePoolFeature implements DriverFeature {
    static final String POOL_SIZE = "pool_size", SYNC_DEV = "PP_FLAG_DMA_SYNC_DEV";

    @Override public String id() { return "page-pool"; }

    @Override public String summary() { return "page_pool: per-rx-queue recycling of DMA-mapped pages (per-NAPI cache and ptr_ring), fragments per page"; }

    @Override public List<String> requires() { return List.of("build-skb"); }

    @Override
    public List<Tunable> tunables() {
        return List.of(
                new Tunable(POOL_SIZE, "pages", PagePool.DEFAULT_POOL_SIZE, 1, 32768,
                        "page_pool_params.pool_size: ptr_ring entries for pages recycled outside NAPI (0 in the kernel means 1024)"),
                new Tunable(SYNC_DEV, "flag", 1, 0, 1,
                        "page_pool_params.flags & PP_FLAG_DMA_SYNC_DEV: the pool syncs max_len for the device on entry and on every recycle"));
    }

    @Override
    public List<Counter> counters() {
        return List.of(
                Counter.count("rx_pp_alloc_fast", "pages", "page_pool alloc_stats.fast: allocations served from the pool's lockless cache"),
                Counter.count("rx_pp_alloc_slow", "pages", "alloc_stats.slow: order-0 allocations from the page allocator"),
                Counter.count("rx_pp_alloc_slow_ho", "pages", "alloc_stats.slow_high_order (ethtool string rx_pp_alloc_slow_ho): higher-order allocations from the page allocator"),
                Counter.count("rx_pp_alloc_empty", "allocations", "alloc_stats.empty: allocations that found cache and ptr_ring empty"),
                Counter.count("rx_pp_alloc_refill", "pages", "alloc_stats.refill: pages moved from the ptr_ring into the cache"),
                Counter.count("rx_pp_alloc_waive", "pages", "alloc_stats.waive: pages taken from the ptr_ring at a refill that sat on another NUMA node"
                        + " than the pool's and were freed instead of cached; the model has one memory node, so it stays 0"),
                Counter.count("rx_pp_recycle_cached", "pages", "recycle_stats.cached: pages recycled into the cache (NAPI context)"),
                Counter.count("rx_pp_recycle_cache_full", "pages", "recycle_stats.cache_full: recycles that found the cache full"),
                Counter.count("rx_pp_recycle_ring", "pages", "recycle_stats.ring: pages recycled into the ptr_ring"),
                Counter.count("rx_pp_recycle_ring_full", "pages", "recycle_stats.ring_full: recycles that found the ptr_ring full (page freed)"),
                Counter.count("rx_pp_recycle_released_ref", "pages", "recycle_stats.released_refcnt (ethtool string rx_pp_recycle_released_ref): pages released because still referenced"),
                Counter.count("pages_state_hold_cnt", "pages", "pages_state_hold_cnt: pages the pool has taken from the page allocator"),
                Counter.count("pages_state_release_cnt", "pages", "pages_state_release_cnt: pages the pool has given back"),
                Counter.count("pp_dma_map", "pages", "pages DMA-mapped by the pool (PP_FLAG_DMA_MAP)"),
                Counter.count("pp_dma_unmap", "pages", "pages DMA-unmapped by the pool"),
                Counter.gauge("pp_inflight_pages", "pages", "pages out of the pool now (hold - release - cached - in the ring)"),
                Counter.gauge("pp_frags_per_page", "buffers", "rx buffers carved from one page (page_pool_alloc_frag)"));
    }

    @Override
    public void install(DriverHooks hooks) {
        PagePool pool = new PagePool((int) checked(hooks, POOL_SIZE), checked(hooks, SYNC_DEV) != 0);
        hooks.rxBuffers(pool);
        hooks.counters(id(), pool::stats);
    }

    private long checked(DriverHooks hooks, String name) {
        long v = hooks.tunable(name);
        for (Tunable t : tunables()) {
            if (t.name().equals(name) && (v < t.min() || v > t.max())) {
                throw new IllegalArgumentException("page-pool: " + name + " must be " + t.min() + ".." + t.max() + ", not " + v);
            }
        }
        return v;
    }
}
