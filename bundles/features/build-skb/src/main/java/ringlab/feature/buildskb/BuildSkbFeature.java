package ringlab.feature.buildskb;

import aQute.bnd.annotation.spi.ServiceProvider;
import org.osgi.service.component.annotations.Component;
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
    public void install(DriverHooks hooks) {
        FragBuffers b = new FragBuffers();
        hooks.rxBuffers(b);
        hooks.counters(id(), b::stats);
    }
}
