package ringlab.sim.cpu;

import java.util.ArrayList;
import ringlab.spi.board.CostKey;
import ringlab.sim.cost.CostProfile;
import ringlab.sim.engine.EventHandler;
import ringlab.sim.engine.Sim;
import ringlab.spi.driver.Exec;

/**
 * One CPU core with Linux's precedence: hard IRQ over softirq over the current task. A hard IRQ freezes
 * whatever runs; at IRQ exit pending softirqs run on the interrupted stack (unless bottom halves are
 * disabled, or the kernel defers to a runnable ksoftirqd); tasks are scheduled CFS-like at step boundaries
 * (a non-preemptible kernel: need_resched is honoured when a step ends). Time is accounted per context.
 * Not modelled: the periodic tick's own cost, IRQ nesting (hard IRQs never nest), load balancing.
 */
public final class Core implements EventHandler, Exec {
    /** Softirq numbers in the kernel's order (lower runs first in a pass): TIMER, NET_TX, NET_RX, then TASKLET
     * (the kernel's 6, after BLOCK and IRQ_POLL, which are not modelled); HI, SCHED, HRTIMER and RCU are not. */
    public static final int TIMER = 1, NET_TX = 2, NET_RX = 3, TASKLET = 4, NR_SOFTIRQS = 5;
    static final int TASK = 0, SOFT = 1, HARD = 2;
    private static final int KIND_RAISE = -1, KIND_KICK = -2;

    public final int id;
    final Cpu cpu;
    private final Sim sim;
    /** The board's costs by CostKey ordinal: one array read per charge, no enum hops. */
    private final double[] cycles;
    private final double nsPerCycle;
    private double fracNs;

    // execution stack: TASK (current task), SOFT (softirq at irq exit), HARD (hard irq)
    private final Stepper[] lvl = new Stepper[3];
    private final long[] remain = new long[3];
    private final boolean[] last = new boolean[3];
    private final Ctx[] lvlCtx = new Ctx[3];
    private int top = -1;
    private int gen;
    private long stepStart;
    private double charged;
    private boolean inStep;

    // hard irqs
    private final HardIrq hardIrq = new HardIrq();
    private final ArrayList<IrqLine> pendingIrqs = new ArrayList<>();
    private long irqs;

    // softirqs
    int softirqPending;
    boolean bhDisabled;
    private final SoftirqHandler[] handlers = new SoftirqHandler[NR_SOFTIRQS];
    final long[] softirqRuns = new long[NR_SOFTIRQS];
    private final SoftirqPass irqExitPass;
    private final Ksoftirqd ksoftirqd;
    private final boolean deferToKsoftirqd;
    /** CONFIG_IRQ_TIME_ACCOUNTING: interrupt time leaves the tasks' scheduler clock ({@link Task#execDelta}). */
    final boolean irqTimeAccounting;

    // scheduler
    private final ArrayList<Task> rq = new ArrayList<>();
    private Task curr;
    boolean needResched;
    private boolean pendingSwitch;
    private final FairPolicy fair;
    private long switches;

    // accounting
    private final long[] ctxNs = new long[Ctx.values().length];
    /** Cycles charged per cost key (by ordinal); a category's total is the sum of its keys'. */
    private final double[] keyCycles = new double[CostKey.values().length];
    private long lastAcct;

    Core(Cpu cpu, int id, Sim sim, CostProfile costs, long clockHz, boolean deferToKsoftirqd, boolean irqTimeAccounting,
         FairPolicy fair) {
        this.fair = fair;
        this.cpu = cpu;
        this.id = id;
        this.sim = sim;
        this.cycles = costs.toArray();
        this.nsPerCycle = 1e9 / clockHz;
        this.deferToKsoftirqd = deferToKsoftirqd;
        this.irqTimeAccounting = irqTimeAccounting;
        this.irqExitPass = new SoftirqPass(this, false);
        this.ksoftirqd = new Ksoftirqd(this);
        handlers[TIMER] = cpu.timers.softirq(this);
    }

    // ------------------------------------------------------------------ charging

    /** Charges one unit of a cost to the running step. */
    @Override public void charge(CostKey k) {
        int i = k.ordinal();
        double c = cycles[i]; // x * 1 is x: the same sums as charge(k, 1)
        charged += c;
        keyCycles[i] += c;
    }

    /** Charges n units (lines, bytes, accesses) of a cost to the running step. */
    @Override public void charge(CostKey k, double n) {
        int i = k.ordinal();
        double c = cycles[i] * n;
        charged += c;
        keyCycles[i] += c;
    }

    /** Virtual time inside the running step: its start plus what it has charged so far. */
    public long stepNow() {
        return inStep ? stepStart + (long) (charged * nsPerCycle) : sim.now();
    }

    @Override public long now() { return stepNow(); }

    @Override public boolean inSoftirq() { return inInterrupt(); }

    public Sim sim() { return sim; }

    public Cpu cpu() { return cpu; }

    // ------------------------------------------------------------------ interrupts and softirqs

    /** Raises an interrupt on this core (deferred to the current step's time if called from a step). */
    public void raise(IrqLine line) {
        if (line.pending) return;
        line.pending = true;
        if (inStep || cpu.running != null) {
            sim.at(cpu.now(), this, KIND_RAISE, line);
            return;
        }
        takeIrq(line);
    }

    private void takeIrq(IrqLine line) {
        if (top == HARD) { pendingIrqs.add(line); return; }
        freezeTop();
        enterHardIrq(line);
    }

    private void enterHardIrq(IrqLine line) {
        hardIrq.line = line;
        push(HARD, hardIrq, Ctx.HARDIRQ);
    }

    public void setSoftirqHandler(int nr, SoftirqHandler h) { handlers[nr] = h; }

    SoftirqHandler softirqHandler(int bit) { return handlers[bit]; }

    /** raise_softirq: marks it pending; outside interrupt context it also wakes ksoftirqd (as the kernel does). */
    public void raiseSoftirq(int nr) {
        softirqPending |= 1 << nr;
        if (top != HARD && top != SOFT && !bhDisabled) wakeKsoftirqd();
    }

    /** raise_softirq_irqoff from interrupt or softirq context: pending only, run at IRQ exit or in the pass. */
    public void raiseSoftirqIrqoff(int nr) { softirqPending |= 1 << nr; }

    void wakeKsoftirqd() { cpu.wake(ksoftirqd); }

    /** Kernels 4.9 to 6.4 with ksoftirqd runnable: softirqs wait for it, at IRQ exit and at local_bh_enable. */
    boolean leavesSoftirqToKsoftirqd() { return deferToKsoftirqd && ksoftirqd.runnable; }

    public Task ksoftirqd() { return ksoftirqd; }

    /** True while running in hard or soft IRQ context, or in a bottom-half-disabled section. */
    public boolean inInterrupt() { return top == HARD || top == SOFT || bhDisabled; }

    // ------------------------------------------------------------------ stepping

    private void push(int level, Stepper s, Ctx ctx) {
        account();
        if (top < 0) cpu.timers.busy(this);
        lvl[level] = s;
        lvlCtx[level] = ctx;
        top = level;
        startStep(level);
    }

    private void freezeTop() {
        if (top < 0) return;
        account();
        long r = stepEndTime - sim.now();
        remain[top] = r < 0 ? 0 : r;
        gen++;
    }

    private long stepEndTime;

    private void startStep(int level) {
        Stepper s = lvl[level];
        stepStart = sim.now();
        charged = 0;
        inStep = true;
        cpu.running = this;
        if (level == TASK) curr.wokenInStep = false;
        if (level == TASK && pendingSwitch) {
            pendingSwitch = false;
            charge(CostKey.CONTEXT_SWITCH);
        }
        boolean more;
        try {
            more = s.step(this);
        } finally {
            inStep = false;
            cpu.running = null;
        }
        if (level == TASK) lvlCtx[TASK] = curr.mode;
        last[level] = !more;
        double ns = charged * nsPerCycle + fracNs;
        long d = (long) ns;
        fracNs = ns - d;
        stepEndTime = stepStart + d;
        endStepAt(stepEndTime);
    }

    private void continueStep(int level) {
        stepEndTime = sim.now() + remain[level];
        endStepAt(stepEndTime);
    }

    // Step ends handled in place: while this core handles one of its own events, the end of a step it
    // starts is held back (with the sequence number it would have had) and, once the handler is done, handled
    // right here when it is the very next event of the run (Sim.advanceInPlace: nothing else is due before it,
    // so no interrupt, wire arrival, timer or sampler falls inside the step or sees its boundary). A NAPI
    // poll's per-packet steps or a recvmsg's per-skb steps between two arrivals then cost one dispatch, not
    // one each, at the same times and in the same order. Otherwise it is scheduled as it would have been.
    private boolean inOwnEvent;
    private boolean endDeferred;
    private long deferredEnd, deferredSeq;
    private int deferredGen;

    private void endStepAt(long t) {
        ++gen;
        if (inOwnEvent) {
            // a deferred end not yet handled is stale now (gen moved on); its event would have been ignored
            endDeferred = true;
            deferredEnd = t;
            deferredSeq = sim.reserveSeq();
            deferredGen = gen;
            return;
        }
        sim.at(t, this, gen, null);
    }

    @Override
    public void onEvent(int kind, Object arg, long now) {
        inOwnEvent = true;
        if (kind == KIND_RAISE) takeIrq((IrqLine) arg);
        else if (kind == KIND_KICK) { if (top < 0 && !rq.isEmpty()) schedule(); }
        else if (kind == gen) stepEnded(); // else: a step that was preempted; its remainder was rescheduled
        while (endDeferred) {
            endDeferred = false;
            if (deferredGen != gen) break; // preempted meanwhile (frozen): its event would have been ignored
            if (sim.advanceInPlace(deferredEnd)) stepEnded();
            else sim.at(deferredEnd, deferredSeq, this, gen, null);
        }
        inOwnEvent = false;
    }

    /** The running step's end: the next step, an exit from interrupt context, or the task's sleep. */
    private void stepEnded() {
        account();
        int l = top;
        if (!last[l]) {
            if (l == TASK && wantsResched()) schedule(); else startStep(l);
            return;
        }
        switch (l) {
            case HARD -> exitHardIrq();
            case SOFT -> {
                if (irqExitPass.restartAtEnd(this)) { startStep(SOFT); return; }
                lvl[SOFT] = null;
                irqExitPass.active = false;
                resumeBelow();
            }
            default -> { // the task went to sleep, unless it was woken while deciding to
                Task t = curr;
                if (t.wokenInStep) {
                    t.wokenInStep = false;
                    if (wantsResched()) schedule(); else startStep(TASK);
                    return;
                }
                fair.dequeueSleeper(rq, t, sim.now());
                t.runnable = false;
                rq.remove(t);
                schedule();
            }
        }
    }

    private void exitHardIrq() {
        lvl[HARD] = null;
        if (!pendingIrqs.isEmpty()) {
            enterHardIrq(pendingIrqs.remove(0));
            return;
        }
        if (softirqPending != 0 && lvl[SOFT] == null && !bhDisabled && !leavesSoftirqToKsoftirqd()) {
            irqExitPass.begin();
            push(SOFT, irqExitPass, Ctx.SOFTIRQ);
            return;
        }
        resumeBelow();
    }

    private void resumeBelow() {
        if (lvl[SOFT] != null) { top = SOFT; continueStep(SOFT); return; }
        if (lvl[TASK] != null) { top = TASK; continueStep(TASK); return; }
        top = -1;
        if (!rq.isEmpty()) schedule();
    }

    private boolean wantsResched() {
        if (!curr.preemptible()) return false;
        if (needResched) return true;
        return fair.sliceOver(rq, curr, sim.now());
    }

    // ------------------------------------------------------------------ scheduler

    private void schedule() {
        account();
        long now = sim.now();
        Task prev = curr;
        Task next = fair.pickNext(rq, prev, now);
        needResched = false;
        if (next == null) {
            curr = null;
            lvl[TASK] = null;
            top = -1;
            return;
        }
        if (top < 0) cpu.timers.busy(this);
        if (next != prev) {
            switches++;
            next.switchesIn++;
            pendingSwitch = true;
        }
        curr = next;
        next.execFrom(now);
        lvl[TASK] = next;
        lvlCtx[TASK] = next.mode;
        top = TASK;
        startStep(TASK);
    }

    /** try_to_wake_up for a task on this core. */
    void wake(Task t) {
        if (t.runnable) {
            t.wokenInStep = true; // a wakeup racing with the task's decision to sleep is not lost
            return;
        }
        Core waker = cpu.running;
        if (waker != null) waker.charge(CostKey.WAKEUP);
        t.runnable = true;
        long now = cpu.now();
        fair.placeWoken(rq, t, curr, now);
        rq.add(t);
        if (curr == null) {
            // the idle task is preempted by any wakeup (check_preempt_curr: resched_curr): an interrupt or
            // softirq running over idle sees need_resched, so __do_softirq stops restarting
            needResched = true;
            if (top < 0) sim.at(now, this, KIND_KICK, null);
            return;
        }
        if (fair.wakeupPreempts(rq, t, curr, now)) needResched = true;
    }

    /** The periodic tick's scheduler part (scheduler_tick), from the timer interrupt on this core. */
    void schedulerTick() {
        if (curr != null && fair.tick(rq, curr, stepNow())) needResched = true;
    }

    /** Adds a task that starts runnable. */
    void start(Task t) {
        fair.placeNew(rq, t);
        t.runnable = true;
        rq.add(t);
        if (curr == null && top < 0) sim.at(sim.now(), this, KIND_KICK, null);
    }

    public Task current() { return curr; }

    /** Nothing runs: no task, no interrupt or softirq in progress. */
    public boolean idle() { return top < 0; }

    // ------------------------------------------------------------------ accounting

    private void account() {
        long now = sim.now();
        long d = now - lastAcct;
        if (d <= 0) return;
        lastAcct = now;
        Ctx c = top < 0 ? Ctx.IDLE : lvlCtx[top];
        ctxNs[c.ordinal()] += d;
        if (top == TASK && curr != null) {
            curr.runNs += d;
            if (c == Ctx.USER) curr.userNs += d;
            else if (c == Ctx.SOFTIRQ) curr.ownSoftirqNs += d;
        } else if (top > TASK && curr != null && lvl[TASK] != null) {
            curr.interruptedNs += d;
            // irqtime_account_irq: softirq time stays ksoftirqd's own, so that it is seen to run
            if (c == Ctx.HARDIRQ || !(curr instanceof Ksoftirqd)) curr.interruptedOffClockNs += d;
        }
    }

    /** Brings the accounting up to the current time (before reading it). */
    public void sync() { account(); }

    public long ctxNs(Ctx c) { return ctxNs[c.ordinal()]; }

    /** Cycles charged to cost key k on this core since the start. */
    public double keyCycles(CostKey k) { return keyCycles[k.ordinal()]; }

    /** Cycles charged to category c on this core: the sum of its keys', in key order. */
    public double categoryCycles(CostKey.Category c) {
        double v = 0;
        for (CostKey k : CostKey.values()) if (k.category == c) v += keyCycles[k.ordinal()];
        return v;
    }

    public long interrupts() { return irqs; }

    public long contextSwitches() { return switches; }

    public long softirqRuns(int nr) { return softirqRuns[nr]; }

    /** The hard IRQ activity: entry/exit cost plus the line's handler, in one step. */
    private final class HardIrq implements Stepper {
        IrqLine line;

        @Override
        public boolean step(Core c) {
            IrqLine l = line;
            l.pending = false;
            l.count++;
            irqs++;
            c.charge(CostKey.IRQ_ENTRY);
            l.handler.hardirq(c);
            return false;
        }
    }
}
