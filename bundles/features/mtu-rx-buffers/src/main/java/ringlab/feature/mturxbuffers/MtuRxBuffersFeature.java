package ringlab.feature.mturxbuffers;

import org.osgi.service.component.annotations.Component;
import ringlab.spi.feature.DriverFeature;
import ringlab.spi.feature.DriverHooks;

/** rx buffers sized to the MTU, mapped with skip-cpu-sync and synced only for the received length. */
@Component(service = DriverFeature.class)
public final class MtuRxBuffersFeature implements DriverFeature {
    @Override public String id() { return "mtu-rx-buffers"; }

    @Override public String summary() { return "rx buffers sized to the MTU, mapped with skip-cpu-sync and synced only for the received length"; }

    @Override
    public void install(DriverHooks hooks) {
        throw new UnsupportedOperationException("mtu-rx-buffers: mechanism not implemented yet");
    }
}
