package ringlab.sim.cpu;

import ringlab.spi.board.CostKey;

/**
 * One __do_softirq invocation: runs the pending actions, restarts while more are raised, at most
 * MAX_SOFTIRQ_RESTART (10) times, for at most MAX_SOFTIRQ_TIME (2 ms) and only while no reschedule is
 * needed; what is left wakes ksoftirqd. Used at IRQ exit and inside ksoftirqd.
 */
final class SoftirqPass implements Stepper {
    static final int MAX_RESTART = 10;
    static final long MAX_TIME_NS = 2_000_000L;

    private final Core core;
    private final boolean inKsoftirqd;
    private int restart;
    private long end;
    private int snapshot;
    private boolean started;
    private SoftirqHandler current;
    boolean active;

    SoftirqPass(Core core, boolean inKsoftirqd) {
        this.core = core;
        this.inKsoftirqd = inKsoftirqd;
    }

    void begin() {
        restart = MAX_RESTART;
        end = -1;
        snapshot = 0;
        started = false;
        current = null;
        active = true;
    }

    @Override
    public boolean step(Core c) {
        if (end < 0) {
            c.charge(CostKey.SOFTIRQ_ENTRY);
            end = c.stepNow() + MAX_TIME_NS;
        }
        for (;;) {
            if (current != null) {
                if (current.step(c)) return true;
                current = null;
            }
            if (snapshot == 0) {
                int pending = c.softirqPending;
                if (pending == 0) return finish();
                if (started) {
                    if (c.stepNow() >= end || c.needResched || --restart <= 0) {
                        if (!inKsoftirqd) c.wakeKsoftirqd();
                        return finish();
                    }
                }
                started = true;
                snapshot = pending;
                c.softirqPending = 0;
            }
            int bit = Integer.numberOfTrailingZeros(snapshot);
            snapshot &= ~(1 << bit);
            current = c.softirqHandler(bit);
            c.softirqRuns[bit]++;
            current.begin(c);
        }
    }

    /**
     * The pass's last check as the kernel makes it, with interrupts off at its very end: softirqs raised
     * while its final step ran (by an interrupt that preempted it) restart it if limits allow.
     */
    boolean restartAtEnd(Core c) {
        if (c.softirqPending == 0) return false;
        if (c.stepNow() < end && !c.needResched && --restart > 0) {
            active = true;
            snapshot = 0;
            current = null;
            started = false; // limits were just checked; take the new snapshot directly
            return true;
        }
        if (!inKsoftirqd) c.wakeKsoftirqd();
        return false;
    }

    private boolean finish() {
        active = false;
        return false;
    }
}
