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

    /** Events dispatched from the queue; those a handler handled in place are counted by {@link #handledInPlace()}. */
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
    public void at(long t, EventHandler h, int kind, Object arg) { at(t, nextSeq++, h, kind, arg); }

    /**
     * The sequence number the next event scheduled would get, taken now for an event scheduled later with
     * {@link #at(long, long, EventHandler, int, Object)}: it keeps the place among same-time events that it
     * would have had if scheduled now.
     */
    public long reserveSeq() { return nextSeq++; }

    /** Schedules with a sequence number from {@link #reserveSeq()}. */
    public void at(long t, long s, EventHandler h, int kind, Object arg) {
        if (t < now) t = now;
        if (!slotFull) {
            if (t < queue.peekTime()) {
                fillSlot(t, s, h, kind, arg);
                return;
            }
        } else if (t < slotTime || (t == slotTime && s < slotSeq)) {
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

    /** The end of the running {@link #runUntil}'s window; no event may run past it. */
    private long limit = Long.MIN_VALUE;
    private long inPlace;

    /**
     * Lets the handler of the event being dispatched handle its own next event, due at {@code t}, in place
     * (no queue operation, no dispatch) when that event would be the very next one anyway: earlier than
     * everything pending (an event already pending at the same time would go first), inside this run's
     * window, and the run not stopped. On true the clock is at {@code t} and the caller must do exactly what
     * its event would have done; on false it schedules the event as usual. The dispatch order of every
     * other event is unchanged.
     */
    public boolean advanceInPlace(long t) {
        if (stopped || t > limit) return false;
        if (slotFull ? t >= slotTime : t >= queue.peekTime()) return false;
        if (t > now) now = t;
        inPlace++;
        return true;
    }

    /** Events handled in place through {@link #advanceInPlace} (not counted in {@link #events()}). */
    public long handledInPlace() { return inPlace; }

    /** Runs every event up to and including time t, then sets the clock to t (or, once stopped, leaves it). */
    public void runUntil(long t) {
        limit = t;
        try {
            dispatchUntil(t);
        } finally {
            limit = Long.MIN_VALUE;
        }
        if (t > now && !stopped) now = t;
    }

    private void dispatchUntil(long t) {
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
    }
}
