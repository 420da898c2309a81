/** GRO (napi_gro_receive): per-flow merging of TCP segments before the stack, software checksum when the NIC does not verify it, lists of gro_normal_batch, young packets kept across polls under gro_flush_timeout; no BIG TCP. */
package ringlab.feature.gro;

import java.util.List;
import aQute.bnd.annotation.spi.ServiceProvider;
import org.osgi.service.component.annotations.Component;
import ringlab.spi.feature.Counter;
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
    public List<Counter> counters() {
        return List.of(
                Counter.count("gro_receive", "packets", "packets given to napi_gro_receive"),
                Counter.count("gro_merged", "packets", "packets merged into a held packet of their flow"),
                Counter.count("gro_held", "packets", "packets held to be merged into (a new GRO flow entry)"),
                Counter.count("gro_normal", "packets", "packets passed up unmerged at once (no payload, PSH/SYN/RST/FIN, not TCP)"),
                Counter.count("gro_complete", "packets", "held packets completed and passed up (napi_gro_complete)"),
                Counter.count("gro_flush_oldest", "packets", "held packets flushed because their bucket was full (MAX_GRO_SKBS)"),
                Counter.count("gro_csum_sw", "packets", "L4 checksums validated in software (CHECKSUM_NONE)"),
                Counter.count("gro_normal_lists", "lists", "gro_normal_list deliveries (gro_normal_batch reached or end of poll)"),
                Counter.count("gro_normal_sublists", "lists", "protocol sublists in those deliveries"),
                Counter.count("gro_delivered_skbs", "skbs", "skbs passed up the stack, merged or not"));
    }

    @Override
    public void install(DriverHooks hooks) {
        GroTable t = new GroTable((int) hooks.tunable(NORMAL_BATCH), hooks.tunable(MAX_SIZE),
                hooks.board().soc().cacheLineBytes(), hooks.board().soc().hz());
        hooks.rxDelivery(t);
        hooks.counters(id(), t::counters);
    }
}
