package ringlab.feature.pagepool;

import java.util.List;
import aQute.bnd.annotation.spi.ServiceProvider;
import org.osgi.service.component.annotations.Component;
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
