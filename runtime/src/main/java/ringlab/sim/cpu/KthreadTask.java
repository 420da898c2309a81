package ringlab.sim.cpu;

import ringlab.spi.driver.Kthreads;

/**
 * A feature's kernel thread: a nice-0 task accounted as kthread. While its body has bottom halves
 * disabled it is not preempted and softirqs do not run at IRQ exit on its core (in_softirq()).
 * Placement: pinned to the core it was created for (the wakeup's core in practice; no migration).
 */
public final class KthreadTask extends Task implements Kthreads.Kthread {
    private final Kthreads.Body body;
    private boolean bh;

    KthreadTask(String name, Core core, Kthreads.Body body) {
        super(name, core, Ctx.KTHREAD);
        this.body = body;
    }

    @Override
    public boolean step(Core c) { return body.step(c, this) == Kthreads.Body.RUN; }

    @Override
    protected boolean preemptible() { return !bh; }

    @Override
    public void wake() { core.cpu().wake(this); }

    @Override
    public void bhDisable(boolean disabled) {
        bh = disabled;
        core.bhDisabled = disabled;
    }

    @Override
    public boolean runnable() { return isRunnable(); }

    /** Kernel threads created on one core, started asleep. */
    public static Kthreads on(Core core) {
        return (name, body) -> {
            KthreadTask t = new KthreadTask(name, core, body);
            core.cpu().register(t);
            return t;
        };
    }
}
