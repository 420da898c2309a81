package ringlab.feature.buildskb;

import org.osgi.service.component.annotations.Component;
import ringlab.spi.feature.DriverFeature;
import ringlab.spi.feature.DriverHooks;

/** build_skb: raw page-fragment rx buffers at refill, the skb head built at receive from the per-CPU NAPI cache. */
@Component(service = DriverFeature.class)
public final class BuildSkbFeature implements DriverFeature {
    @Override public String id() { return "build-skb"; }

    @Override public String summary() { return "build_skb: raw page-fragment rx buffers at refill, the skb head built at receive from the per-CPU NAPI cache"; }

    @Override
    public void install(DriverHooks hooks) {
        throw new UnsupportedOperationException("build-skb: mechanism not implemented yet");
    }
}
