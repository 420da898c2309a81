package ringlab.node;

import java.util.List;
import java.util.Map;
import ringlab.sim.report.SimStatus;

/**
 * A snapshot of the node: the scenario it runs, its own bookkeeping (state, refusals, quarantines,
 * restarts) and the running simulation's status. Optional parts are null (left out of the JSON).
 *
 * @param uptimeMillis wall time since the runner started (ms)
 * @param state starting, running, paused, restarting, waiting-for-board, board-quarantined or error
 * @param scenario the accepted scenario and what of it runs
 * @param virtualNanos virtual time of the current simulation (ns since it was built)
 * @param timelineSeconds the node's virtual time, continuous across rebuilds (the console's x axis) (s)
 * @param lastAdvanceMillis wall time the last advance of virtual time took (ms)
 * @param error the last error, when the simulation could not run
 * @param refused the last refused configuration, until one is accepted
 * @param quarantined features taken out of the run because their code threw
 * @param quarantinedBoard a board whose simulation cannot be built, with no feature to blame
 * @param restarts how often the simulation was torn down, and why
 * @param boards ids of the installed boards
 * @param features ids of the installed features
 * @param simulation the running simulation's status; null while nothing runs
 */
public record NodeStatus(long uptimeMillis, String state, Scenario scenario, long virtualNanos, double timelineSeconds,
                         double lastAdvanceMillis, String error, Refusal refused, List<QuarantinedFeature> quarantined,
                         QuarantinedBoard quarantinedBoard, Restarts restarts, List<String> boards, List<String> features,
                         SimStatus simulation) {

    /**
     * The accepted scenario (as configured) and what of it runs.
     *
     * @param activeFeatures the features installed in the driver, in order
     * @param unavailableFeatures wanted features that cannot run now, with why (bundle gone, quarantined,
     *        unsupported on the board, a requirement unavailable)
     * @param tunables feature tunables set, by feature id and kernel name
     */
    public record Scenario(String board, String features, String workload, String pace, long seed,
                           List<String> activeFeatures, Map<String, String> unavailableFeatures,
                           Map<String, Map<String, Long>> tunables) { }

    /** A configuration refused when it arrived (pid ringlab.scenario or ringlab.feature.ID). */
    public record Refusal(String pid, String error, long uptimeMillis) { }

    /**
     * A feature taken out of the run because its code threw; lifted when its bundle is updated or restarted.
     *
     * @param at the stack frame in the feature's code
     * @param virtualNanos virtual time of the fault in the simulation it happened in (ns)
     */
    public record QuarantinedFeature(String id, String bundle, String error, String at, long virtualNanos) { }

    /** A board whose simulation could not be built, with no feature to blame. */
    public record QuarantinedBoard(String id, String error) { }

    /**
     * @param count teardowns of the simulation so far
     * @param byReason the same by reason (board-change, workload-change, board-removed, fault, error)
     * @param last the reason of the last one
     * @param builds simulations built so far
     */
    public record Restarts(long count, Map<String, Long> byReason, String last, long builds) { }
}
