package ringlab.sim.cpu;

import java.util.ArrayList;

/**
 * EEVDF as in kernels 6.6 to 6.11 (kernel/sched/fair.c before DELAY_DEQUEUE), for nice-0 tasks, so that every
 * weight is equal and a virtual time is a plain nanosecond count:
 * <ul>
 * <li>V, avg_vruntime: the mean vruntime of the queued tasks, the current one included (floor division, as
 *     the kernel rounds so that the average itself is eligible); a task is eligible when its vruntime is at
 *     most V (entity_eligible);</li>
 * <li>each task has a slice (sysctl_sched_base_slice: 0.75 ms x (1 + log2 CPUs), at most 8 CPUs counted) and
 *     a virtual deadline vruntime + slice; update_curr renews the deadline once the task's vruntime reaches
 *     it, and then reschedules if another task is queued (update_deadline);</li>
 * <li>pick_eevdf: the eligible task with the earliest deadline; with RUN_TO_PARITY the current task, once
 *     picked, keeps the CPU while it is eligible and its slice lasts;</li>
 * <li>a sleeping task keeps its lag V - vruntime, clamped to max(2 slices, a tick) (update_entity_lag), and
 *     is placed back with it, scaled for the queue it joins (place_entity, PLACE_LAG); a new task gets half a
 *     slice as its first deadline (PLACE_DEADLINE_INITIAL);</li>
 * <li>a wakeup preempts only if pick_eevdf would choose the woken task (check_preempt_wakeup_fair): a task
 *     woken without positive lag waits for the current one's slice to end, which the tick notices.</li>
 * </ul>
 * Not modelled: NEXT_BUDDY (off by default), group scheduling (one level), nice levels, min_vruntime's
 * wrap-safe arithmetic (a run is far too short to wrap).
 */
final class Eevdf implements FairPolicy {
    static final long BASE_SLICE = 750_000L;

    final long slice;
    private final long lagLimit;
    private long minVruntime;
    /** The wakeup's update_curr found the current task's slice over (resched_curr in update_deadline). */
    private boolean sliceRanOut;

    Eevdf(int cpus, long tickNs) {
        int counted = Math.min(cpus, 8);
        this.slice = BASE_SLICE * (1 + (31 - Integer.numberOfLeadingZeros(counted)));
        this.lagLimit = Math.max(2 * slice, tickNs);
    }

    /** avg_vruntime over the queue (which includes the current task, its vruntime brought up to date). */
    private long avgVruntime(ArrayList<Task> rq) {
        int n = rq.size();
        if (n == 0) return minVruntime;
        long sum = 0;
        for (int i = 0; i < n; i++) sum += rq.get(i).vruntime - minVruntime;
        return minVruntime + Math.floorDiv(sum, n);
    }

    /** entity_eligible: vruntime no later than the queue's average (exact: compares sums, not a rounded mean). */
    private static boolean eligible(ArrayList<Task> rq, Task t) {
        long sum = 0;
        for (int i = 0, n = rq.size(); i < n; i++) sum += rq.get(i).vruntime - t.vruntime;
        return sum >= 0;
    }

    /** update_curr with update_deadline: true if the slice ran out with another task queued. */
    private boolean updateCurr(ArrayList<Task> rq, Task curr, long now) {
        curr.vruntime += curr.execDelta(now);
        curr.execFrom(now);
        boolean resched = false;
        if (curr.vruntime - curr.deadline >= 0) {
            curr.deadline = curr.vruntime + slice;
            curr.runToParity = false;
            resched = rq.size() > 1;
        }
        updateMinVruntime(rq);
        return resched;
    }

    private void updateMinVruntime(ArrayList<Task> rq) {
        int n = rq.size();
        if (n == 0) return;
        long min = Long.MAX_VALUE;
        for (int i = 0; i < n; i++) min = Math.min(min, rq.get(i).vruntime);
        if (min > minVruntime) minVruntime = min;
    }

    /** pick_eevdf; curr is the current task if it is still queued, else null. */
    private Task pick(ArrayList<Task> rq, Task curr) {
        int n = rq.size();
        if (n == 0) return null;
        if (n == 1) return rq.get(0);
        if (curr != null && !eligible(rq, curr)) curr = null;
        if (curr != null && curr.runToParity) return curr;
        Task best = null;
        for (int i = 0; i < n; i++) {
            Task t = rq.get(i);
            if (t == curr || !eligible(rq, t)) continue;
            if (best == null || t.deadline - best.deadline < 0) best = t;
        }
        if (best == null || (curr != null && curr.deadline - best.deadline < 0)) best = curr;
        if (best == null) best = rq.get(0); // cannot happen: the lowest vruntime is always eligible
        return best;
    }

    @Override
    public void placeNew(ArrayList<Task> rq, Task t) {
        t.vruntime = avgVruntime(rq);
        t.deadline = t.vruntime + slice / 2;
        t.vlag = 0;
        t.runToParity = false;
    }

    @Override
    public void placeWoken(ArrayList<Task> rq, Task t, Task curr, long now) {
        sliceRanOut = curr != null && curr.runnable && updateCurr(rq, curr, now);
        long lag = 0;
        int n = rq.size();
        if (n > 0) lag = t.vlag * (n + 1) / n; // lag *= load + w; lag /= load (div_s64 truncates)
        t.vruntime = avgVruntime(rq) - lag;
        t.deadline = t.vruntime + slice;
        t.runToParity = false;
    }

    @Override
    public boolean wakeupPreempts(ArrayList<Task> rq, Task t, Task curr, long now) {
        boolean resched = sliceRanOut;
        sliceRanOut = false;
        return resched || pick(rq, curr.runnable ? curr : null) == t;
    }

    @Override
    public void dequeueSleeper(ArrayList<Task> rq, Task t, long now) {
        updateCurr(rq, t, now);
        long lag = avgVruntime(rq) - t.vruntime;
        t.vlag = Math.max(-lagLimit, Math.min(lagLimit, lag));
    }

    @Override
    public Task pickNext(ArrayList<Task> rq, Task prev, long now) {
        boolean queued = prev != null && prev.runnable;
        if (queued) updateCurr(rq, prev, now);
        Task next = pick(rq, queued ? prev : null);
        if (next != null && next != prev) next.runToParity = true; // set_next_entity: se->vlag = se->deadline
        return next;
    }

    @Override
    public boolean sliceOver(ArrayList<Task> rq, Task curr, long now) { return false; }

    @Override
    public boolean tick(ArrayList<Task> rq, Task curr, long now) {
        return curr.runnable && updateCurr(rq, curr, now);
    }
}
