package ringlab.sim.cpu;

import java.util.ArrayList;
import ringlab.sim.engine.EventHandler;

/**
 * Kernel timers on a core. timer_list timers (TCP's) expire on jiffy boundaries and run in TIMER softirq;
 * hrtimers (the NAPI gro_flush_timeout watchdog) expire exactly and run in hard IRQ context. Each expiry
 * is delivered by the timer interrupt, which also is the periodic tick: it fires every jiffy while the
 * core is busy (NO_HZ_IDLE: not while idle), charges the tick's work, and its IRQ exit runs softirqs
 * like any other. Expired timer_list timers run in TIMER softirq.
 */
public final class Timers {
    /** A timer callback; runs inside a step on the timer's core and charges what it does. */
    public interface Callback { void expire(Core core, Timer t); }

    /** One armable timer, like a struct timer_list or hrtimer embedded in its owner. */
    public static final class Timer implements EventHandler {
        final Timers timers;
        final Core core;
        final Callback cb;
        final boolean hr;
        public final Object owner;
        long expires;
        int gen;
        boolean armed;

        Timer(Timers timers, Core core, Callback cb, boolean hr, Object owner) {
            this.timers = timers; this.core = core; this.cb = cb; this.hr = hr; this.owner = owner;
        }

        /** mod_timer / hrtimer_start: (re)arms for absolute time at (jiffy-rounded unless hr). */
        public void arm(long at) {
            long t = hr ? at : timers.roundUpToJiffy(at);
            if (armed && t == expires) return;
            expires = t;
            armed = true;
            timers.cpu.sim.at(t, this, ++gen, null);
        }

        public void cancel() { armed = false; gen++; }

        public boolean armed() { return armed; }

        public long expires() { return expires; }

        @Override
        public void onEvent(int kind, Object arg, long now) {
            if (kind != gen || !armed) return;
            armed = false;
            timers.fired(this);
        }
    }

    final Cpu cpu;
    private final long jiffyNs;
    private final java.util.Map<Core, PerCore> perCore = new java.util.IdentityHashMap<>();

    Timers(Cpu cpu, int hz) {
        this.cpu = cpu;
        this.jiffyNs = 1_000_000_000L / hz;
    }

    public long jiffyNs() { return jiffyNs; }

    long roundUpToJiffy(long t) { return ((t + jiffyNs - 1) / jiffyNs) * jiffyNs; }

    public Timer timer(Core core, Callback cb, Object owner) { return new Timer(this, core, cb, false, owner); }

    public Timer hrtimer(Core core, Callback cb, Object owner) { return new Timer(this, core, cb, true, owner); }

    private PerCore of(Core c) { return perCore.computeIfAbsent(c, PerCore::new); }

    SoftirqHandler softirq(Core c) { return of(c); }

    /** The core left idle: restart its periodic tick at the next jiffy boundary. */
    void busy(Core c) { of(c).startTick(); }

    void fired(Timer t) {
        PerCore pc = of(t.core);
        pc.due.add(t);
        t.core.raise(pc.line);
    }

    /** The per-core timer interrupt (periodic tick and timer expiry) and TIMER softirq. */
    private final class PerCore implements IrqLine.Handler, SoftirqHandler, EventHandler {
        final ArrayList<Timer> due = new ArrayList<>();
        final ArrayList<Timer> softDue = new ArrayList<>();
        final IrqLine line;
        final Core core;
        int index;
        boolean ticking;
        /** The periodic tick is part of the pending timer interrupt. */
        boolean tickDue;
        long ticks;

        PerCore(Core c) {
            this.core = c;
            this.line = new IrqLine("timer/" + c.id, this);
        }

        void startTick() {
            if (ticking) return;
            ticking = true;
            cpu.sim.at(roundUpToJiffy(cpu.sim.now() + 1), this, 0, null);
        }

        @Override
        public void onEvent(int kind, Object arg, long now) {
            if (core.idle()) { ticking = false; return; }
            ticks++;
            tickDue = true;
            core.raise(line);
            cpu.sim.at(now + jiffyNs, this, 0, null);
        }

        @Override
        public void hardirq(Core core) {
            // the tick's work when the tick (or a jiffy-based timer_list expiry) is due; an hrtimer-only
            // expiry between ticks pays the rbtree erase and clockevent reprogram of each expired hrtimer
            boolean tick = tickDue;
            for (int i = 0; i < due.size(); i++) tick |= !due.get(i).hr;
            if (tick) {
                core.charge(ringlab.spi.board.CostKey.SCHED_TICK);
                core.schedulerTick();
            }
            tickDue = false;
            for (int i = 0; i < due.size(); i++) {
                Timer t = due.get(i);
                if (t.hr) {
                    core.charge(ringlab.spi.board.CostKey.HRTIMER);
                    t.cb.expire(core, t);
                } else softDue.add(t);
            }
            due.clear();
            if (!softDue.isEmpty()) core.raiseSoftirqIrqoff(Core.TIMER);
        }

        @Override
        public void begin(Core core) { index = 0; }

        @Override
        public boolean step(Core core) {
            if (index < softDue.size()) {
                Timer t = softDue.get(index++);
                t.cb.expire(core, t);
                if (index < softDue.size()) return true;
            }
            softDue.clear();
            index = 0;
            return false;
        }
    }
}
