package ringlab.node;

import java.util.Arrays;
import java.util.Hashtable;
import java.util.List;

/**
 * The scenario as configured (PID ringlab.scenario): board id, feature list as the CLI takes it
 * ("stock", "-id", ids), the iperf3 client arguments of the peer, the pace and the seed. Unvalidated
 * text until {@link NodeConfig#applyScenario} accepts it.
 *
 * @param board board id (a started board bundle)
 * @param features comma-separated feature ids; "stock" is the board's stock set, "-id" removes one
 * @param workload iperf3 client arguments of the peer; -t is ignored, the node's run is continuous
 * @param pace "pause", "max" or virtual seconds per wall second (e.g. "1", "10")
 * @param seed seed of the run's PRNG
 */
public record ScenarioSpec(String board, String features, String workload, String pace, long seed) {
    /** The configuration PID of the node's scenario. */
    public static final String PID = "ringlab.scenario";

    /** The iperf3 arguments as a list (whitespace-separated; iperf3 options never need quoting here). */
    public List<String> workloadArgs() {
        String w = workload == null ? "" : workload.trim();
        return w.isEmpty() ? List.of() : Arrays.asList(w.split("\\s+"));
    }

    /** Whether going from this to {@code next} needs a new Simulation (board, workload or seed differ). */
    public boolean needsRebuild(ScenarioSpec next) {
        return !board.equals(next.board) || !workloadArgs().equals(next.workloadArgs()) || seed != next.seed;
    }

    /** The same scenario at another pace. */
    public ScenarioSpec withPace(String p) { return new ScenarioSpec(board, features, workload, p, seed); }

    /** As ConfigAdmin properties of {@link #PID}. */
    public Hashtable<String, Object> toProperties() {
        Hashtable<String, Object> p = new Hashtable<>();
        p.put("board", board);
        p.put("features", features);
        p.put("workload", workload);
        p.put("pace", pace);
        p.put("seed", seed);
        return p;
    }
}
