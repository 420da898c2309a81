package ringlab.node.internal;

import java.util.concurrent.TimeUnit;

/**
 * How long the runner waits before building the simulation again after a fault: not at all after one
 * fault, then 100 ms, doubling with every further fault in a row, at most 10 s; a simulation that has run
 * {@link #SETTLED_NANOS} of virtual time without a fault ends the streak. So a fault the node cannot pin
 * on a feature costs a few rebuilds, not hundreds a second.
 */
final class RebuildBackoff {
    static final long SETTLED_NANOS = TimeUnit.SECONDS.toNanos(1);
    static final long FIRST_NANOS = TimeUnit.MILLISECONDS.toNanos(100);
    static final long MAX_NANOS = TimeUnit.SECONDS.toNanos(10);

    private int faults;

    /** A fault: the wait before the next build, in wall nanoseconds. */
    long fault() {
        faults++;
        if (faults == 1) return 0;
        return Math.min(MAX_NANOS, FIRST_NANOS << Math.min(faults - 2, 20));
    }

    /** Faults in a row so far. */
    int streak() { return faults; }

    /** Whether the last rebuild was for a fault and the simulation has not settled since. */
    boolean justRebuilt() { return faults > 0; }

    /** The running simulation reached {@code virtualNanos}: past {@link #SETTLED_NANOS}, the streak ends. */
    void ran(long virtualNanos) {
        if (virtualNanos >= SETTLED_NANOS) faults = 0;
    }
}
