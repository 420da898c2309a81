package ringlab.node.internal;

import java.time.Instant;
import java.util.Locale;
import java.util.concurrent.CancellationException;
import java.util.function.BooleanSupplier;
import ringlab.node.Experiment;
import ringlab.node.Experiment.State;
import ringlab.node.ExperimentRequest;
import ringlab.sim.Scenario;

/**
 * One experiment's mutable state: written by the experiment thread, read by HTTP threads through
 * {@link #snapshot()}. Every field a reader needs is volatile and the state is written last, so a reader
 * that sees DONE also sees both results. The plan (which holds the feature objects) is dropped once run.
 */
final class ExperimentJob {
    /** A side could not run to its end; the message names the side and, when it can, the feature. */
    static final class SideFailed extends Exception {
        private static final long serialVersionUID = 1L;

        SideFailed(String message, Throwable cause) { super(message, cause); }
    }

    final long id;
    private final ExperimentRequest request;
    private final long createdMillis = System.currentTimeMillis();
    private volatile ExperimentPlan plan;
    private volatile State state = State.QUEUED;
    private volatile double progress;
    private volatile String error;
    private volatile Double wallSeconds;
    private volatile BatchRun.Outcome a, b;

    ExperimentJob(long id, ExperimentRequest request, ExperimentPlan plan) {
        this.id = id;
        this.request = request;
        this.plan = plan;
    }

    State state() { return state; }

    boolean finished() { return state == State.DONE || state == State.FAILED; }

    /** Queued to running; false if it was cancelled meanwhile. */
    synchronized boolean start() {
        if (state != State.QUEUED) return false;
        state = State.RUNNING;
        return true;
    }

    /** A then B, each on its half of the progress. */
    void runSides(BooleanSupplier stop) throws SideFailed {
        long t0 = System.nanoTime();
        ExperimentPlan p = plan;
        try {
            BatchRun.Outcome ra = side("A", p.a(), p.commandA(), p.timestamp(), 0, stop);
            BatchRun.Outcome rb = side("B", p.b(), p.commandB(), p.timestamp(), 0.5, stop);
            done(ra, rb, (System.nanoTime() - t0) / 1e9);
        } finally {
            plan = null;
        }
    }

    private BatchRun.Outcome side(String label, Scenario sc, String command, Instant timestamp, double base,
                                  BooleanSupplier stop) throws SideFailed {
        try {
            return BatchRun.run(sc, command, timestamp, f -> progress = base + f / 2, stop);
        } catch (CancellationException e) {
            throw e;
        } catch (RuntimeException | LinkageError | StackOverflowError | AssertionError e) {
            // the same faults the live runner survives; here they end this experiment only
            throw new SideFailed(label + ": " + BatchRun.blame(e, sc), e);
        }
    }

    private synchronized void done(BatchRun.Outcome ra, BatchRun.Outcome rb, double wall) {
        if (state != State.RUNNING) return; // failed meanwhile (the node stopping)
        a = ra;
        b = rb;
        wallSeconds = wall;
        progress = 1;
        state = State.DONE;
    }

    /** Ends it as failed with {@code why}, unless it has finished already. */
    synchronized void fail(String why) {
        if (finished()) return;
        error = why;
        plan = null;
        state = State.FAILED;
    }

    String report(Experiment.Side side) {
        if (state != State.DONE) return null;
        return (side == Experiment.Side.A ? a : b).json();
    }

    Experiment snapshot() {
        State s = state; // first: a DONE read here makes a and b visible
        BatchRun.Outcome ra = a, rb = b;
        ExperimentRequest r = request;
        return new Experiment(id, r.board(), r.featuresA(), r.featuresB(), r.workload(), r.seconds(), r.seed(),
                Experiment.DEFAULT_SETTINGS, s, s == State.DONE ? 1 : progress, error, createdMillis, wallSeconds,
                s == State.DONE ? ra.result() : null, s == State.DONE ? rb.result() : null);
    }

    String describe() {
        ExperimentRequest r = request;
        return r.board() + ", A " + r.featuresA() + ", B " + r.featuresB() + ", '" + r.workload() + "' -t " + r.seconds() + ", seed " + r.seed();
    }

    /** The receiver bitrates of both sides and the change, for the event log. */
    String verdict() {
        double ra = a.result().receiverBitsPerSecond(), rb = b.result().receiverBitsPerSecond();
        String change = ra == 0 ? "" : String.format(Locale.ROOT, " (%+.1f %%)", 100 * (rb - ra) / ra);
        return String.format(Locale.ROOT, "receiver A %.1f Mbit/s, B %.1f Mbit/s%s", ra / 1e6, rb / 1e6, change);
    }
}
