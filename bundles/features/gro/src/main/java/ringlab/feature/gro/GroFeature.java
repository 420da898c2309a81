package ringlab.feature.gro;

import org.osgi.service.component.annotations.Component;
import ringlab.spi.feature.DriverFeature;
import ringlab.spi.feature.DriverHooks;

/** GRO: per-flow merging of TCP segments before the stack, software checksum when the NIC does not verify it. */
@Component(service = DriverFeature.class)
public final class GroFeature implements DriverFeature {
    @Override public String id() { return "gro"; }

    @Override public String summary() { return "GRO: per-flow merging of TCP segments before the stack, software checksum when the NIC does not verify it"; }

    @Override
    public void install(DriverHooks hooks) {
        throw new UnsupportedOperationException("gro: mechanism not implemented yet");
    }
}
