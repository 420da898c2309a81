package ringlab.sim.cpu;

/** ksoftirqd/N: a nice-0 kernel thread that runs __do_softirq passes while softirqs are pending. */
final class Ksoftirqd extends Task {
    private final SoftirqPass pass;

    Ksoftirqd(Core core) {
        super("ksoftirqd/" + core.id, core, Ctx.KSOFTIRQD);
        this.pass = new SoftirqPass(core, true);
    }

    @Override
    protected boolean preemptible() { return !pass.active; }

    @Override
    public boolean step(Core c) {
        if (!pass.active) {
            if (c.softirqPending == 0) return false; // sleep until woken
            pass.begin();
            c.bhDisabled = true;
        }
        if (pass.step(c)) return true;
        c.bhDisabled = false;
        return true; // cond_resched() point; loop checks pending again
    }
}
