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

    public Sim(long seed) { this.rng = new SplittableRandom(seed); }

    public long now() { return now; }

    public long events() { return events; }

    public SplittableRandom rng() { return rng; }

    /** Schedules h.onEvent(kind, arg) at absolute virtual time t (not before now). */
    public void at(long t, EventHandler h, int kind, Object arg) {
        queue.add(t < now ? now : t, h, kind, arg);
    }

    public void after(long delay, EventHandler h, int kind, Object arg) { at(now + delay, h, kind, arg); }

    /** Runs every event up to and including time t, then sets the clock to t. */
    public void runUntil(long t) {
        EventQueue q = queue;
        while (q.peekTime() <= t) {
            now = q.peekTime();
            q.dispatchNext();
            events++;
        }
        if (t > now) now = t;
    }
}
