package ringlab.feature.ipalign;

import org.osgi.service.component.annotations.Component;
import ringlab.spi.feature.DriverFeature;
import ringlab.spi.feature.DriverHooks;

/** NET_IP_ALIGN: 2 bytes of rx headroom so the IP header is 4-byte aligned (no unaligned-access traps). */
@Component(service = DriverFeature.class)
public final class IpAlignFeature implements DriverFeature {
    @Override public String id() { return "ip-align"; }

    @Override public String summary() { return "NET_IP_ALIGN: 2 bytes of rx headroom so the IP header is 4-byte aligned (no unaligned-access traps)"; }

    @Override
    public void install(DriverHooks hooks) {
        throw new UnsupportedOperationException("ip-align: mechanism not implemented yet");
    }
}
