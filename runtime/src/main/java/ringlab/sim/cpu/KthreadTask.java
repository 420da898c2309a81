package ringlab.sim.cpu;

import ringlab.spi.driver.Kthreads;

/**
 * A feature's kernel thread: a nice-0 task accounted as kthread. While its body has bottom halves
 * disabled it is not preempted and softirqs do not run at IRQ exit on its core (in_softirq()); the
 * local_bh_enable that ends such a section runs what was raised meanwhile (do_softirq) in the thread's
 * context, accounted as softirq time, before the body's next step. Placement: pinned to the core it was
 * created for (the wakeup's core in practice; no migration).
 */
public final class KthreadTask extends Task implements Kthreads.Kthread {
    private Kthreads.Body body;
    /** The body of a newer installation, taken over at the next step outside a bottom-half section. */
    private Kthreads.Body nextBody;
    private boolean bh;
    /** local_bh_enable found softirqs pending: a __do_softirq pass runs before the body continues. */
    private final BhEnable atEnable;

    KthreadTask(String name, Core core, Kthreads.Body body) {
        super(name, core, Ctx.KTHREAD);
        this.body = body;
        this.atEnable = new BhEnable(core, false);
    }

    @Override
    public boolean step(Core c) {
        // after the pass the body decides again (a wakeup during the pass is not lost)
        if (atEnable.step(c, this)) return true;
        if (nextBody != null && !bh) { // the old body's section is over: the new one decides from here
            body = nextBody;
            nextBody = null;
        }
        mode = Ctx.KTHREAD;
        boolean more = body.step(c, this) == Kthreads.Body.RUN;
        // a pass to run: it takes the thread's next steps, then the body is asked again
        return more || atEnable.busy();
    }

    @Override
    protected boolean preemptible() { return !bh && !atEnable.busy(); }

    @Override
    public void wake() { core.cpu().wake(this); }

    @Override
    public void bhDisable(boolean disabled) {
        boolean wasDisabled = bh;
        bh = disabled;
        core.bhDisabled = disabled;
        if (wasDisabled && !disabled) atEnable.enable();
    }

    @Override
    public boolean runnable() { return isRunnable(); }

    /** __do_softirq passes run by local_bh_enable in this thread. */
    public long softirqPasses() { return atEnable.passes(); }

    /** Gives the thread a new body (a reinstalled feature); it takes over at the next step outside a bh section. */
    void rebind(Kthreads.Body b) { nextBody = b; }

    /** The body of a thread no installation uses: it sleeps (and holds no feature object). */
    private static final Kthreads.Body PARKED = (x, self) -> Kthreads.Body.SLEEP;

    /** The features are being reinstalled: unless created again, the thread drops its body (a stopped or
     * uninstalled feature bundle's classes must not stay reachable from a sleeping thread). */
    void park() {
        if (isRunnable() || bh) nextBody = PARKED; // after its current section
        else {
            body = PARKED;
            nextBody = null;
        }
    }

    /**
     * Kernel threads created on one core, started asleep. A name created before through the same factory
     * (one factory per driver) gets that thread back with the new body: a feature reinstalled at every
     * reconfiguration keeps one thread (as napi->thread outlives dev_set_threaded toggles) instead of
     * leaving the old one asleep for ever.
     */
    public static Factory on(Core core) { return new Factory(core); }

    /** One driver's kernel threads by name (see {@link #on}). */
    public static final class Factory implements Kthreads {
        private final Core core;
        private final java.util.Map<String, KthreadTask> byName = new java.util.LinkedHashMap<>();

        Factory(Core core) { this.core = core; }

        @Override
        public Kthread create(String name, Body body) {
            KthreadTask t = byName.get(name);
            if (t != null) {
                t.rebind(body);
                return t;
            }
            t = new KthreadTask(name, core, body);
            core.cpu().register(t);
            byName.put(name, t);
            return t;
        }

        /** Before a reinstall: every thread parks unless the new installation creates it again. */
        public void parkAll() { for (KthreadTask t : byName.values()) t.park(); }
    }
}
