package ringlab.sim.engine;

import java.util.SplittableRandom;

/** The virtual clock (nanoseconds), the event queue and the run's single seeded PRNG. */
public final class Sim {
    public static final long US = 1_000L;
    public static final long MS = 1_000_000L;
    public static final long SEC = 1_000_000_000L;

    private final EventQueue queue = new EventQueue();
    private final SplittableRandom rng;
    private long now;
    private long events;
    /** Set by {@link #stop()}: the run ended by a condition met at {@link #now()} (e.g. -n's last byte). */
    private boolean stopped;

    public Sim(long seed) { this.rng = new SplittableRandom(seed); }

    public long now() { return now; }

    public long events() { return events; }

    public SplittableRandom rng() { return rng; }

    // The next event, held outside the heap when it is earlier than everything in it: a step that ends
    // before anything else happens (the common case) then costs no heap operation. Order is unchanged:
    // every event keeps its (time, sequence) key.
    private boolean slotFull;
    private long slotTime, slotSeq;
    private EventHandler slotHandler;
    private int slotKind;
    private Object slotArg;
    private long nextSeq;

    /** Schedules h.onEvent(kind, arg) at absolute virtual time t (not before now). */
    public void at(long t, EventHandler h, int kind, Object arg) {
        if (t < now) t = now;
        long s = nextSeq++;
        if (!slotFull) {
            if (t < queue.peekTime()) {
                fillSlot(t, s, h, kind, arg);
                return;
            }
        } else if (t < slotTime) {
            queue.add(slotTime, slotSeq, slotHandler, slotKind, slotArg);
            fillSlot(t, s, h, kind, arg);
            return;
        }
        queue.add(t, s, h, kind, arg);
    }

    private void fillSlot(long t, long s, EventHandler h, int kind, Object arg) {
        slotFull = true;
        slotTime = t;
        slotSeq = s;
        slotHandler = h;
        slotKind = kind;
        slotArg = arg;
    }

    public void after(long delay, EventHandler h, int kind, Object arg) { at(now + delay, h, kind, arg); }

    /**
     * Ends the run at the current event: {@link #runUntil} returns after it and dispatches nothing more, the
     * clock staying at this event's time. For an end known only when it happens (iperf3 -n/-k).
     */
    public void stop() { stopped = true; }

    /** True once {@link #stop()} was called. */
    public boolean stopped() { return stopped; }

    /** Runs every event up to and including time t, then sets the clock to t (or, once stopped, leaves it). */
    public void runUntil(long t) {
        EventQueue q = queue;
        for (;;) {
            if (stopped) return;
            if (slotFull) {
                if (slotTime > t) break;
                now = slotTime;
                slotFull = false;
                EventHandler h = slotHandler;
                Object a = slotArg;
                slotHandler = null;
                slotArg = null;
                h.onEvent(slotKind, a, now);
            } else {
                long nt = q.peekTime();
                if (nt > t) break;
                now = nt;
                q.dispatchNext();
            }
            events++;
        }
        if (t > now) now = t;
    }
}
