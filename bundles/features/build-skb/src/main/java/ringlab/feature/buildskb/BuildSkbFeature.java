package ringlab.feature.buildskb;

import aQute.bnd.annotation.spi.ServiceProvider;
import java.util.List;
import org.osgi.service.component.annotations.Component;
import ringlab.spi.feature.Counter;
import ringlab.spi.feature.DriverFeature;
import ringlab.spi.feature.DriverHooks;

/**
 * build_skb: refill posts raw page fragments (napi_alloc_frag in NAPI context, netdev_alloc_frag
 * otherwise), and the skb head is taken from the per-CPU NAPI cache and built around the frame only when
 * it has landed (napi_build_skb), so it is hot. Stateless: the per-driver state lives in {@link FragBuffers}.
 */
@Component(service = DriverFeature.class)
@ServiceProvider(DriverFeature.class)
public final class BuildSkbFeature implements DriverFeature {
    @Override public String id() { return "build-skb"; }

    @Override public String summary() { return "build_skb: raw page-fragment rx buffers at refill, the skb head built at receive from the per-CPU NAPI cache"; }

    @Override
    public List<Counter> counters() {
        return List.of(
                Counter.count("napi_alloc_frag", "buffers", "rx buffers carved with napi_alloc_frag (refill in NAPI context)"),
                Counter.count("netdev_alloc_frag", "buffers", "rx buffers carved with netdev_alloc_frag (refill outside NAPI)"),
                Counter.count("napi_build_skb", "skbs", "skbs built around a received buffer (napi_build_skb)"),
                Counter.count("napi_skb_cache_put", "skbs", "skb heads returned to the per-CPU NAPI skb cache"),
                Counter.count("kmem_cache_free_skb", "skbs", "skb heads freed to the slab (the NAPI cache was full or out of context)"),
                Counter.count("skb_free_frag", "buffers", "rx buffer fragments freed"));
    }

    @Override
    public void install(DriverHooks hooks) {
        FragBuffers b = new FragBuffers();
        hooks.rxBuffers(b);
        hooks.counters(id(), b::stats);
    }
}
