package ringlab.sim.cpu;

import java.util.ArrayList;
import ringlab.sim.board.KernelVersion;

/**
 * The fair scheduling class's policy on one core's run queue (all tasks nice 0): where a new or woken task is
 * placed, whether its wakeup preempts the current task, which runnable task runs next and when the current
 * one has had its share. The run queue holds every runnable task, the current one included; the core adds and
 * removes tasks and calls the policy around that. Kernels before 6.6 schedule with CFS ({@link Cfs}), 6.6 and
 * later with EEVDF ({@link Eevdf}).
 */
interface FairPolicy {
    /** Kernels 6.6 and later: EEVDF (commit 147f3efaa241, "sched/fair: Implement an EEVDF-like scheduling policy"). */
    static FairPolicy forKernel(String kernelVersion, int cpus, long tickNs) {
        return KernelVersion.atLeast(kernelVersion, 6, 6) ? new Eevdf(cpus, tickNs) : new Cfs();
    }

    /** A task that starts runnable (fork/clone: ENQUEUE_INITIAL); called before it joins the queue. */
    void placeNew(ArrayList<Task> rq, Task t);

    /** try_to_wake_up's enqueue of t, before it joins the queue; curr is the core's current task or null. */
    void placeWoken(ArrayList<Task> rq, Task t, Task curr, long now);

    /** After t joined the queue: does its wakeup preempt curr (check_preempt_wakeup_fair)? */
    boolean wakeupPreempts(ArrayList<Task> rq, Task t, Task curr, long now);

    /** The current task t goes to sleep; called while it is still in the queue. */
    void dequeueSleeper(ArrayList<Task> rq, Task t, long now);

    /** pick_next_task_fair: prev (the current task or null; in the queue unless it went to sleep) is put back. */
    Task pickNext(ArrayList<Task> rq, Task prev, long now);

    /** At a step boundary of the current task curr: has it used its slice (CFS), so that it yields now? */
    boolean sliceOver(ArrayList<Task> rq, Task curr, long now);

    /** The periodic tick on a busy core (scheduler_tick's entity_tick): true if curr must be rescheduled. */
    boolean tick(ArrayList<Task> rq, Task curr, long now);
}
