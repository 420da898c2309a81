package ringlab.feature.pagepool;

import org.osgi.service.component.annotations.Component;
import ringlab.spi.feature.DriverFeature;
import ringlab.spi.feature.DriverHooks;

/** page_pool: per-rx-queue recycling of DMA-mapped pages (per-NAPI cache and ptr_ring), fragments per page. */
@Component(service = DriverFeature.class)
public final class PagePoolFeature implements DriverFeature {
    @Override public String id() { return "page-pool"; }

    @Override public String summary() { return "page_pool: per-rx-queue recycling of DMA-mapped pages (per-NAPI cache and ptr_ring), fragments per page"; }

    @Override
    public void install(DriverHooks hooks) {
        throw new UnsupportedOperationException("page-pool: mechanism not implemented yet");
    }
}
