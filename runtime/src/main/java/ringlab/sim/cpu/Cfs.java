package ringlab.sim.cpu;

import java.util.ArrayList;

/**
 * CFS as in kernels before 6.6, for nice-0 tasks on one CPU: the lowest vruntime runs; a woken task is placed
 * at least at min_vruntime minus half the latency (GENTLE_FAIR_SLEEPERS) and preempts when the current task is
 * ahead of it by more than the wakeup granularity; the current task yields once it has run its slice of the
 * latency period. Faked: the slice check happens at every step boundary, not only at the tick.
 */
final class Cfs implements FairPolicy {
    /** CFS defaults for one CPU: sched_latency 6 ms, min_granularity 0.75 ms, wakeup_granularity 1 ms. */
    static final long SCHED_LATENCY = 6_000_000L, MIN_GRANULARITY = 750_000L, WAKEUP_GRANULARITY = 1_000_000L;

    private long minVruntime;

    @Override
    public void placeNew(ArrayList<Task> rq, Task t) { t.vruntime = minVruntime; }

    @Override
    public void placeWoken(ArrayList<Task> rq, Task t, Task curr, long now) {
        long floor = minVruntime - SCHED_LATENCY / 2;
        if (t.vruntime < floor) t.vruntime = floor;
    }

    @Override
    public boolean wakeupPreempts(ArrayList<Task> rq, Task t, Task curr, long now) {
        long currV = curr.vruntime + curr.execDelta(now);
        return currV - t.vruntime > WAKEUP_GRANULARITY;
    }

    @Override
    public void dequeueSleeper(ArrayList<Task> rq, Task t, long now) { }

    @Override
    public Task pickNext(ArrayList<Task> rq, Task prev, long now) {
        if (prev != null) prev.vruntime += prev.execDelta(now);
        Task next = null;
        for (int i = 0, n = rq.size(); i < n; i++) {
            Task t = rq.get(i);
            if (next == null || t.vruntime < next.vruntime) next = t;
        }
        if (next != null && next.vruntime > minVruntime) minVruntime = next.vruntime;
        return next;
    }

    @Override
    public boolean sliceOver(ArrayList<Task> rq, Task curr, long now) {
        int n = rq.size();
        if (n > 1) {
            long slice = Math.max(SCHED_LATENCY / n, MIN_GRANULARITY);
            return curr.execDelta(now) >= slice; // sum_exec_runtime since picked (Core starts it at the pick)
        }
        return false;
    }

    @Override
    public boolean tick(ArrayList<Task> rq, Task curr, long now) { return false; }
}
