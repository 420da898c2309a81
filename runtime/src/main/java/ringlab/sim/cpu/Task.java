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
    long execStart;
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
    long switchesIn;

    protected Task(String name, Core core, Ctx mode) {
        this.name = name;
        this.core = core;
        this.mode = mode;
    }

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
}
