/** GRO (napi_gro_receive): per-flow merging of TCP segments before the stack, software checksum when the NIC does not verify it, lists of gro_normal_batch; no flush_old across full-budget polls, no BIG TCP. */
package ringlab.feature.gro;

import java.util.List;
import aQute.bnd.annotation.spi.ServiceProvider;
import org.osgi.service.component.annotations.Component;
import ringlab.spi.feature.DriverFeature;
import ringlab.spi.feature.DriverHooks;
import ringlab.spi.feature.Tunable;

/** GRO: per-flow merging of TCP segments before the stack, software checksum when the NIC does not verify it. */
@Component(service = DriverFeature.class)
@ServiceProvider(DriverFeature.class)
public final class GroFeature implements DriverFeature {
    static final String NORMAL_BATCH = "gro_normal_batch", MAX_SIZE = "gro_max_size";

    @Override public String id() { return "gro"; }

    @Override public String summary() { return "GRO: per-flow merging of TCP segments before the stack, software checksum when the NIC does not verify it"; }

    /** napi_gro_receive already delivers in lists (gro_normal_list); a driver calls one or the other. */
    @Override public List<String> conflicts() { return List.of("batched-rx"); }

    @Override
    public List<Tunable> tunables() {
        return List.of(
                new Tunable(NORMAL_BATCH, "segments", 8, 1, 65536,
                        "net.core.gro_normal_batch: segments gathered in napi->rx_list before netif_receive_skb_list"),
                new Tunable(MAX_SIZE, "bytes", 65536, 0, 65536,
                        "ip link gro_max_size: largest merged packet (IPv4 legacy limit; 0 disables merging)"));
    }

    @Override
    public void install(DriverHooks hooks) {
        GroTable t = new GroTable((int) hooks.tunable(NORMAL_BATCH), hooks.tunable(MAX_SIZE),
                hooks.board().soc().cacheLineBytes());
        hooks.rxDelivery(t);
        hooks.counters(id(), t::counters);
    }
}
