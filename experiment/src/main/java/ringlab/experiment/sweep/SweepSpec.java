package ringlab.experiment.sweep;

import java.util.List;
import java.util.Map;

/**
 * A sweep: the axes whose product is its runs (see {@link SweepSpecReader} for the JSON/YAML form and
 * {@link SweepExpansion} for the product). Checked when read: every field is valid, lists are not empty.
 *
 * @param name      the sweep's name, e.g. "boards-by-features" (the default output folder sweeps/NAME)
 * @param boards    board ids, or null for every installed board ("all")
 * @param features  feature lists as `ringlab run --features` takes them ("stock", "stock,-bql", "stock,gro")
 * @param workloads named iperf3 client argument lists
 * @param tunables  stack settings and feature tunables (--set KEY=VALUE), each with its values, sorted by key
 * @param seeds     the runs' PRNG seeds
 * @param topology  "direct" and/or "forward"
 * @param ping      ICMP echo intervals beside the load, 0 for none (ms)
 */
public record SweepSpec(String name, List<String> boards, List<String> features, List<Workload> workloads,
                        Map<String, List<String>> tunables, List<Long> seeds, List<String> topology, List<Long> ping) {

    /**
     * A named workload.
     *
     * @param name  its label in the results, e.g. "tcp-rx"
     * @param iperf the peer's iperf3 client arguments, e.g. ["-u", "-b", "1G", "-t", "10"]
     */
    public record Workload(String name, List<String> iperf) {
        public Workload {
            iperf = List.copyOf(iperf);
        }
    }

    public SweepSpec {
        boards = boards == null ? null : List.copyOf(boards);
        features = List.copyOf(features);
        workloads = List.copyOf(workloads);
        tunables = java.util.Collections.unmodifiableMap(new java.util.TreeMap<>(tunables));
        seeds = List.copyOf(seeds);
        topology = List.copyOf(topology);
        ping = List.copyOf(ping);
    }

    /** Whether the boards axis is "all" (every installed board). */
    public boolean allBoards() { return boards == null; }
}
