package ringlab.sim.cpu;

/**
 * do_softirq at local_bh_enable in a task's own kernel code: a receive system call ends its bottom-half
 * section (spin_unlock_bh of the UDP receive queue in __skb_recv_udp, release_sock in tcp_recvmsg), and
 * softirqs pending then run right there, on the task's time, before the call returns. Kernels 4.9 to 6.4
 * leave them to a runnable ksoftirqd instead ("softirq: Let ksoftirqd do its job"); 6.5 and later run them
 * (the revert), so under a flood on one core the receiver's every call runs a whole __do_softirq pass (up to
 * 2 ms) and it gets almost nothing done: the depth of the receive livelock on those kernels.
 * The task's steps run the pass (accounted as softirq), not preemptible, then the task goes on.
 */
public final class BhEnable {
    private final Core core;
    private final SoftirqPass pass;
    private final boolean honoursKsoftirqd;
    private boolean armed;
    private boolean inPass;
    private long passes;

    /** The kernel's rule: on 4.9 to 6.4 a runnable ksoftirqd gets the pending softirqs instead. */
    public BhEnable(Core core) { this(core, true); }

    /**
     * @param honoursKsoftirqd false for a kernel thread's sections ({@link KthreadTask}), which run the pending
     *                         softirqs at every enable, as they were modelled before this class existed
     */
    BhEnable(Core core, boolean honoursKsoftirqd) {
        this.core = core;
        this.pass = new SoftirqPass(core, false);
        this.honoursKsoftirqd = honoursKsoftirqd;
    }

    /** The task's local_bh_enable: a pass is armed when a softirq is pending and this kernel runs it here. */
    public void enable() {
        if (core.softirqPending != 0 && !(honoursKsoftirqd && core.leavesSoftirqToKsoftirqd())) armed = true;
    }

    /** True when a pass is armed or running: the task's next steps are the pass's. */
    public boolean busy() { return armed || inPass; }

    /**
     * Runs the pass's next step for task {@code t}: true when the step was the pass's (the task returns
     * true from its own step), false when there was none and the task's own work goes on.
     */
    public boolean step(Core c, Task t) {
        if (armed) {
            armed = false;
            if (c.softirqPending == 0) return false;
            pass.begin();
            inPass = true;
            passes++;
            c.bhDisabled = true;
        }
        if (!inPass) return false;
        t.mode = Ctx.SOFTIRQ;
        if (pass.step(c)) return true;
        inPass = false;
        pass.active = false;
        c.bhDisabled = false;
        return true; // the task's own work resumes at its next step
    }

    /** __do_softirq passes run at this task's local_bh_enable. */
    public long passes() { return passes; }
}
