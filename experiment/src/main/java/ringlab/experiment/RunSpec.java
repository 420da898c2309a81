package ringlab.experiment;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * One run, fully specified: what `ringlab run` takes on its command line. A run is a pure function of its
 * spec (and of the boards' and features' versions), which is what makes compare's seeds and a sweep's
 * resumption and distribution safe. Canonical: the settings are sorted, so equal specs are equal records.
 *
 * @param workload a label for the iperf3 arguments, e.g. "tcp-rx" (a sweep's workload name; compare uses the
 *                 arguments themselves)
 * @param hardware the board id, e.g. "bcm6328"
 * @param features the feature list as the CLI takes it: comma-separated ids, "stock", "-id" removes one
 * @param seed     the run's single PRNG seed
 * @param sets     stack settings and feature tunables (--set KEY=VALUE), sorted by key
 * @param topology "direct" or "forward"
 * @param pingMs   an ICMP echo every pingMs ms beside the load, 0 for none (ms)
 * @param iperf    the peer's iperf3 client arguments
 */
public record RunSpec(String workload, String hardware, String features, long seed, Map<String, String> sets,
                      String topology, long pingMs, List<String> iperf) {
    public RunSpec {
        features = features == null || features.isBlank() ? "stock" : features;
        sets = sets == null ? Map.of() : java.util.Collections.unmodifiableMap(new TreeMap<>(sets));
        topology = topology == null ? "direct" : topology;
        iperf = iperf == null ? List.of() : List.copyOf(iperf);
        workload = workload == null ? String.join(" ", iperf) : workload;
    }

    /** The same spec with another seed. */
    public RunSpec withSeed(long s) { return new RunSpec(workload, hardware, features, s, sets, topology, pingMs, iperf); }

    /** The `ringlab run` arguments that run this spec (--json not included). */
    public List<String> cliArgs() {
        List<String> a = new ArrayList<>(List.of("run", "--hardware", hardware, "--features", features, "--seed", Long.toString(seed)));
        sets.forEach((k, v) -> { a.add("--set"); a.add(k + "=" + v); });
        if (!topology.equals("direct")) { a.add("--topology"); a.add(topology); }
        if (pingMs != 0) { a.add("--ping"); a.add(Long.toString(pingMs)); }
        a.add("--");
        a.addAll(iperf);
        return a;
    }
}
