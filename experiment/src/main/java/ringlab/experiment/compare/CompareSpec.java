package ringlab.experiment.compare;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * A comparison as `ringlab compare` takes it: one board, two feature lists, the same workload for both.
 *
 * @param hardware  the board id, e.g. "bcm6328"
 * @param a         state A (Before): a feature list as the CLI takes it ("stock", "-id" removes one)
 * @param b         state B (After), the same grammar
 * @param seeds     runs per state, one per seed (at least 1)
 * @param firstSeed the first seed; the runs use firstSeed .. firstSeed + seeds - 1
 * @param sets      stack settings and feature tunables (--set KEY=VALUE): each applies to every state where it
 *                  names a stack setting or a tunable of one of the state's features
 * @param topology  "direct" or "forward"
 * @param pingMs    an ICMP echo every pingMs ms beside the load, 0 for none (ms)
 * @param iperf     the peer's iperf3 client arguments
 */
public record CompareSpec(String hardware, String a, String b, int seeds, long firstSeed, Map<String, String> sets,
                          String topology, long pingMs, List<String> iperf) {
    public CompareSpec {
        sets = sets == null ? Map.of() : java.util.Collections.unmodifiableMap(new TreeMap<>(sets));
        topology = topology == null ? "direct" : topology;
        iperf = iperf == null ? List.of() : List.copyOf(iperf);
    }
}
