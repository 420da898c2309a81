package ringlab.feature.threadednapi;

import java.util.LinkedHashMap;
import java.util.Map;
import ringlab.spi.board.CostKey;
import ringlab.spi.driver.Exec;
import ringlab.spi.driver.Kthreads;
import ringlab.spi.driver.NapiHandle;
import ringlab.spi.driver.NapiRunner;

/**
 * Threaded NAPI (net/core/dev.c): ____napi_schedule wakes the instance's kernel thread instead of raising
 * NET_RX; napi_threaded_poll does one __napi_poll (budget = weight) between local_bh_disable and
 * local_bh_enable, then cond_resched and polls again while the instance is still scheduled (weight used,
 * or a schedule missed during the poll), else napi_thread_wait sleeps. Leaves out busy polling and the
 * NAPI_STATE_SCHED_THREADED handshake (one thread owns the instance here).
 */
final class NapiThread implements NapiRunner, Kthreads.Body {
    private final NapiHandle napi;
    private Kthreads.Kthread thread;
    private boolean polling;
    private long wakeups, schedules, polls, repolls, sleeps;
    private boolean sincePoll;

    NapiThread(NapiHandle napi) { this.napi = napi; }

    void start(Kthreads kthreads, String name) { this.thread = kthreads.create(name, this); }

    /** napi_schedule of a threaded instance: wake_up_process(napi->thread). */
    @Override
    public void scheduled(NapiHandle n) {
        schedules++;
        if (!thread.runnable()) wakeups++;
        thread.wake();
    }

    @Override
    public int step(Exec x, Kthreads.Kthread self) {
        if (!polling) {
            if (!napi.isScheduled()) { // napi_thread_wait: nothing owned, sleep until woken
                sleeps++;
                sincePoll = false;
                return SLEEP;
            }
            if (sincePoll) repolls++;
            self.bhDisable(true);
            x.charge(CostKey.NAPI_POLL); // the thread loop's __napi_poll bookkeeping
            napi.beginPoll(x, napi.weight());
            polling = true;
        }
        if (napi.pollStep(x)) return RUN; // bottom halves disabled: no preemption inside the poll
        polling = false;
        polls++;
        sincePoll = true;
        self.bhDisable(false); // local_bh_enable: runs what the poll raised (NET_TX, timers)
        return RUN; // cond_resched(); the next step polls again if still scheduled, else sleeps
    }

    Map<String, Long> counters() {
        Map<String, Long> m = new LinkedHashMap<>();
        m.put("napi_thread_schedules", schedules);
        m.put("napi_thread_wakeups", wakeups);
        m.put("napi_thread_polls", polls);
        m.put("napi_thread_repolls", repolls);
        m.put("napi_thread_sleeps", sleeps);
        return m;
    }
}
