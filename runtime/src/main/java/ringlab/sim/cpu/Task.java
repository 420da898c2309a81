package ringlab.sim.cpu;

/**
 * A schedulable thread (user task or kernel thread) for the fair scheduler (CFS or EEVDF, {@link FairPolicy}): nice 0, vruntime in ns.
 * A step returning false means the task sleeps until {@link Cpu#wake(Task)}.
 */
public abstract class Task implements Stepper {
    public final String name;
    /** The core the task runs on (tasks are pinned; no load balancing is modelled). */
    public final Core core;
    long vruntime;
    /** When the task last started or was last brought up to date (update_curr's exec_start), and its off-clock time then. */
    private long execStart, offClockMark;
    /** EEVDF: the virtual deadline, the lag kept while asleep, and RUN_TO_PARITY's "picked, slice not renewed". */
    long deadline, vlag;
    boolean runToParity;
    boolean runnable;
    boolean wokenInStep;
    Task nextRunnable;
    /** Where this task's time goes while it runs (user or kernel mode; kthreads and ksoftirqd fixed). */
    protected Ctx mode;
    long runNs;
    long userNs;
    long interruptedNs;
    /** Of {@link #interruptedNs}, what IRQ time accounting takes off the task's clock (not softirq on ksoftirqd). */
    long interruptedOffClockNs;
    /** Of {@link #runNs}, the softirq passes the task ran itself at local_bh_enable ({@link BhEnable}). */
    long ownSoftirqNs;
    long switchesIn;

    protected Task(String name, Core core, Ctx mode) {
        this.name = name;
        this.core = core;
        this.mode = mode;
    }

    /**
     * update_curr's delta_exec: the task's run time since {@link #execFrom}. With IRQ time accounting the
     * scheduler's clock (rq->clock_task) leaves out the hard IRQ and softirq time spent meanwhile, on top of the
     * task or in its own bottom-half enables (update_rq_clock_task subtracts irq_time_read); without it, wall time.
     */
    long execDelta(long now) {
        long d = now - execStart;
        if (!irqTimeOffClock()) return d;
        core.sync();
        return d - (offClockNs() - offClockMark);
    }

    /** Starts a new stretch of execution at {@code now} (set_next_entity, or update_curr having charged the last). */
    void execFrom(long now) {
        execStart = now;
        if (irqTimeOffClock()) offClockMark = offClockNs();
    }

    /** The core has IRQ time accounting (a task outside a core, as the policy tests make them, sees no IRQs). */
    private boolean irqTimeOffClock() { return core != null && core.irqTimeAccounting; }

    private long offClockNs() { return interruptedOffClockNs + ownSoftirqNs; }

    /** False while the task is inside a section that cannot be preempted (e.g. bottom halves disabled). */
    protected boolean preemptible() { return true; }

    public boolean isRunnable() { return runnable; }

    /** CPU time this task has run (all contexts stacked on it excluded). */
    public long runNs() { return runNs; }

    public long switchesIn() { return switchesIn; }

    /** Of {@link #runNs()}, the time in user mode (the rest is its system calls). */
    public long userNs() { return userNs; }

    /**
     * Hard IRQ and softirq time that ran on top of this task while it was the core's current task: a kernel
     * without IRQ time accounting (the tick samples the current task) bills it to the task's system time,
     * which is what getrusage, and so iperf3's CPU figure, reports.
     */
    public long interruptedNs() { return interruptedNs; }

    /**
     * The system time getrusage reports for the task, which iperf3's CPU figure reads: without IRQ time
     * accounting the tick bills whatever it interrupts to the current task ({@link #interruptedNs()} included);
     * with it, sum_exec_runtime runs on the scheduler's clock, without the interrupts on top of the task and
     * without the softirq passes it ran itself.
     */
    public long reportedSystemNs() {
        core.sync();
        long sys = runNs - userNs;
        return core.irqTimeAccounting ? sys - ownSoftirqNs : sys + interruptedNs;
    }
}
