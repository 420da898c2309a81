package ringlab.node.internal;

import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import ringlab.sim.Simulation;

/**
 * Advances a simulation against the wall clock: at a speed factor from an anchor (wall, virtual), so
 * virtual time follows the wall steadily; as fast as possible within a tick's budget ("max"); or not at
 * all (paused). A host that cannot keep the pace re-anchors instead of piling up a backlog to catch up
 * in a burst.
 */
final class Pacer {
    static final long MAX_STEP_NS = 5_000_000L;       // virtual step in "max" pace
    static final long MAX_LAG_NS = 1_000_000_000L;    // wall lag after which the pace re-anchors

    private long anchorWall, anchorVirtual;

    /** From now on, virtual time {@code virtualNow} stands at this wall instant. */
    void anchor(long virtualNow) {
        anchorWall = System.nanoTime();
        anchorVirtual = virtualNow;
    }

    /**
     * One tick's advance of {@code sim} at {@code pace}; {@code interrupt} ends a "max" tick early (a change
     * is waiting). Returns the wall nanoseconds the simulation ran.
     */
    long advance(Simulation sim, Pace pace, long tickMillis, BooleanSupplier interrupt) {
        long t0 = System.nanoTime();
        if (pace.paused()) {
            anchor(sim.now()); // resuming starts from here, not with a jump
            return 0;
        }
        if (pace.max()) {
            long budget = TimeUnit.MILLISECONDS.toNanos(tickMillis);
            do {
                sim.advanceTo(sim.now() + MAX_STEP_NS);
            } while (System.nanoTime() - t0 < budget && !interrupt.getAsBoolean());
            anchor(sim.now());
        } else {
            long behind = anchorVirtual + (long) ((t0 - anchorWall) * pace.factor()) - sim.now();
            if (t0 - anchorWall > MAX_LAG_NS && behind > (long) (MAX_LAG_NS * pace.factor())) {
                anchorVirtual = sim.now();
                anchorWall = t0 - TimeUnit.MILLISECONDS.toNanos(tickMillis);
            }
            sim.advanceTo(anchorVirtual + (long) ((t0 - anchorWall) * pace.factor()));
        }
        return System.nanoTime() - t0;
    }
}
