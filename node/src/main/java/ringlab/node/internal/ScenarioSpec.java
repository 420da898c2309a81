package ringlab.node.internal;

import java.util.Arrays;
import java.util.Hashtable;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The scenario as configured (PID ringlab.scenario): board id, feature list as the CLI takes it
 * ("stock", "-id", ids), the iperf3 client arguments of the peer, the pace and the seed. Unvalidated
 * text; {@link ScenarioValidator} turns it into a runnable plan.
 */
record ScenarioSpec(String board, String features, String workload, String pace, long seed) {
    static final String PID = "ringlab.scenario";

    static ScenarioSpec of(PacedRunner.Config c) {
        return new ScenarioSpec(c.board(), c.features(), c.workload(), c.pace(), c.seed());
    }

    /** The iperf3 arguments as a list (whitespace-separated; iperf3 options never need quoting here). */
    List<String> workloadArgs() {
        String w = workload == null ? "" : workload.trim();
        return w.isEmpty() ? List.of() : Arrays.asList(w.split("\\s+"));
    }

    /** Whether going from this to {@code next} needs a new Simulation (board, workload or seed differ). */
    boolean needsRebuild(ScenarioSpec next) {
        return !board.equals(next.board) || !workloadArgs().equals(next.workloadArgs()) || seed != next.seed;
    }

    ScenarioSpec withPace(String p) { return new ScenarioSpec(board, features, workload, p, seed); }

    Hashtable<String, Object> toProperties() {
        Hashtable<String, Object> p = new Hashtable<>();
        p.put("board", board);
        p.put("features", features);
        p.put("workload", workload);
        p.put("pace", pace);
        p.put("seed", seed);
        return p;
    }

    Map<String, Object> toJson() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("board", board);
        m.put("features", features);
        m.put("workload", workload);
        m.put("pace", pace);
        m.put("seed", seed);
        return m;
    }
}
