package ringlab.sim;

import ringlab.sim.engine.Sim;
import ringlab.sim.workload.IperfOptions;

/**
 * When a run sends and when it measures, as iperf3 times a test: setup, then -O's omitted seconds (reported
 * as omitted intervals, left out of the totals), then the measured part: -t seconds, or with -n/-k until the
 * sending side has sent that much ({@link #dataEnded}), which is known only when it happens. A data-limited
 * run is capped at {@link #DATA_CAP_SEC} measured seconds so it cannot go on for ever (a stalled or very slow
 * device); a run that reaches the cap ends there and its report says it was refused (see Simulation.report).
 */
final class RunSpan {
    /** The longest a -n/-k run may measure, virtual seconds: -t's own maximum is a day, this is an hour. */
    static final long DATA_CAP_SEC = 3600;

    final long startNs;
    final long measureStartNs;
    /** The end of a -t run; the cap of a -n/-k run; far away for a continuous run. */
    final long plannedEndNs;
    final boolean byData;
    private long dataEndNs = -1;

    RunSpan(IperfOptions o, long startNs, boolean continuous) {
        this.startNs = startNs;
        this.byData = !continuous && o.endsByData();
        this.measureStartNs = continuous ? startNs : startNs + o.omitSec() * Sim.SEC;
        long measured = byData ? DATA_CAP_SEC * Sim.SEC : o.durationSec() * Sim.SEC;
        this.plannedEndNs = continuous ? Long.MAX_VALUE / 4 : measureStartNs + measured;
    }

    /** -n/-k: the sending side sent its last counted byte at {@code ns}. */
    void dataEnded(long ns) { if (dataEndNs < 0) dataEndNs = ns; }

    /** The time the run ends: planned, or for -n/-k when the data was sent (the cap until then). */
    long endNs() { return dataEndNs >= 0 ? dataEndNs : plannedEndNs; }

    /** -n/-k ended by its data (not by the cap). */
    boolean dataDone() { return dataEndNs >= 0; }

    boolean omits() { return measureStartNs > startNs; }
}
