package ringlab.node.internal;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import ringlab.node.NodeStatus;
import ringlab.node.ScenarioSpec;
import ringlab.sim.report.SimStatus;
import ringlab.spi.feature.DriverFeature;

/**
 * The runner's status: its restart bookkeeping (teardowns by reason, builds) and the {@link NodeStatus}
 * snapshot made from the runner's state after each tick. Written by the runner thread only.
 */
final class StatusSnapshot {
    /** What the runner knows after a tick. */
    record RunState(long uptimeMillis, String state, ScenarioSpec wanted, List<DriverFeature> active,
                    Map<String, String> unavailable, Map<String, Map<String, Long>> tunables, long virtualNanos,
                    long timelineOffsetNanos, long lastAdvanceNanos, String error, NodeStatus.Refusal refused) { }

    private long restarts;
    private final Map<String, Long> byReason = new TreeMap<>();
    private String lastRestart;
    private long builds;

    void restarted(String reason) {
        restarts++;
        byReason.merge(reason, 1L, Long::sum);
        lastRestart = reason;
    }

    void built() { builds++; }

    long builds() { return builds; }

    NodeStatus of(RunState r, QuarantineBook quarantine, List<String> boards, List<String> features, SimStatus sim) {
        ScenarioSpec w = r.wanted();
        List<String> activeIds = new ArrayList<>();
        for (DriverFeature f : r.active()) activeIds.add(FeatureIds.safeId(f));
        NodeStatus.Scenario scenario = new NodeStatus.Scenario(w.board(), w.features(), w.workload(), w.pace(), w.seed(),
                activeIds, r.unavailable(), r.tunables());
        return new NodeStatus(r.uptimeMillis(), r.error() != null && sim == null ? "error" : r.state(), scenario, r.virtualNanos(),
                (r.timelineOffsetNanos() + r.virtualNanos()) / 1e9, r.lastAdvanceNanos() / 1e6, r.error(), r.refused(),
                quarantine.features(), quarantine.board(), new NodeStatus.Restarts(restarts, new TreeMap<>(byReason), lastRestart, builds),
                boards, features, sim);
    }
}
