package ringlab.feature.threadednapi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import ringlab.spi.board.CostKey;
import ringlab.spi.driver.Exec;
import ringlab.spi.driver.HrTimer;
import ringlab.spi.driver.Kthreads;
import ringlab.spi.driver.NapiHandle;
import ringlab.testkit.RecordingExec;

/** napi_threaded_poll's loop against a fake NAPI instance and a fake kernel thread. */
class NapiThreadTest {

    /** A NAPI whose polls take 3 steps; each poll finds `work[i]` packets; weight 4. */
    static final class FakeNapi implements NapiHandle {
        final int[] work;
        int poll = -1, stepsLeft, budgetSeen;
        boolean scheduled, missedOnce;
        final List<String> log;
        NapiThread runner;

        FakeNapi(List<String> log, int... work) { this.log = log; this.work = work; }

        @Override public void schedule() {
            if (scheduled) return;
            scheduled = true;
            runner.scheduled(this);
        }

        @Override public boolean isScheduled() { return scheduled; }

        @Override public int weight() { return 4; }

        @Override public void beginPoll(Exec x, int budget) {
            poll++;
            budgetSeen = budget;
            stepsLeft = 3;
            log.add("begin");
        }

        @Override public boolean pollStep(Exec x) {
            if (--stepsLeft > 0) return true;
            int w = work[poll];
            if (w < weight()) { // the driver completes below budget
                if (missedOnce) missedOnce = false; else scheduled = false;
            }
            log.add("done" + w);
            return false;
        }

        @Override public boolean completeDone(int work) { throw new AssertionError("the driver calls it, not the runner"); }

        @Override public int workDone() { return work[poll]; }

        @Override public HrTimer hrtimer(Runnable cb) { throw new AssertionError(); }
    }

    static final class FakeThread implements Kthreads.Kthread {
        final List<String> log;
        boolean runnable, bh;
        int wakes;

        FakeThread(List<String> log) { this.log = log; }

        @Override public void wake() { wakes++; runnable = true; }

        @Override public void bhDisable(boolean d) {
            assertTrue(d != bh, "bh sections do not nest");
            bh = d;
            log.add(d ? "bh-off" : "bh-on");
        }

        @Override public boolean runnable() { return runnable; }
    }

    private static NapiThread setUp(FakeNapi n, FakeThread t) {
        NapiThread r = new NapiThread(n);
        r.start((name, body) -> t, "napi/test");
        n.runner = r;
        return r;
    }

    /** Runs the body until it asks to sleep; returns the RUN answers given on the way. */
    private static int runUntilSleep(NapiThread r, FakeThread t, RecordingExec x) {
        int runs = 0;
        while (r.step(x, t) == Kthreads.Body.RUN) {
            if (!t.bh) runs++; // a RUN outside a bh section: the scheduler may switch here
            assertTrue(runs < 100);
        }
        t.runnable = false;
        return runs;
    }

    @Test
    void scheduleWakesTheThreadWhichPollsOnceWithBottomHalvesOffAndSleeps() {
        List<String> log = new ArrayList<>();
        FakeNapi n = new FakeNapi(log, 2);
        FakeThread t = new FakeThread(log);
        NapiThread r = setUp(n, t);
        RecordingExec x = new RecordingExec().softirq(false);
        n.schedule();
        assertEquals(1, t.wakes, "napi_schedule wakes the thread instead of raising NET_RX");
        runUntilSleep(r, t, x);
        assertEquals(List.of("bh-off", "begin", "done2", "bh-on"), log);
        assertEquals(4, n.budgetSeen, "the budget is the weight");
        assertEquals(1, x.units(CostKey.NAPI_POLL));
        assertFalse(t.bh);
        assertEquals(1L, r.counters().get("napi_thread_wakeups"));
        assertEquals(1L, r.counters().get("napi_thread_polls"));
    }

    @Test
    void aFullPollYieldsThenPollsAgainUntilBelowBudget() {
        List<String> log = new ArrayList<>();
        FakeNapi n = new FakeNapi(log, 4, 4, 1);
        FakeThread t = new FakeThread(log);
        NapiThread r = setUp(n, t);
        RecordingExec x = new RecordingExec().softirq(false);
        n.schedule();
        int yields = runUntilSleep(r, t, x);
        assertEquals(List.of("bh-off", "begin", "done4", "bh-on", "bh-off", "begin", "done4", "bh-on",
                "bh-off", "begin", "done1", "bh-on"), log, "one poll per bh-disabled section");
        assertTrue(yields >= 3, "a scheduling point after every poll (cond_resched)");
        assertEquals(2L, r.counters().get("napi_thread_repolls"));
        assertEquals(1L, r.counters().get("napi_thread_sleeps"));
    }

    @Test
    void aScheduleMissedDuringThePollMakesItPollAgain() {
        List<String> log = new ArrayList<>();
        FakeNapi n = new FakeNapi(log, 1, 0);
        n.missedOnce = true; // napi_complete_done found NAPIF_STATE_MISSED: stays scheduled
        FakeThread t = new FakeThread(log);
        NapiThread r = setUp(n, t);
        RecordingExec x = new RecordingExec().softirq(false);
        n.schedule();
        runUntilSleep(r, t, x);
        assertEquals(2L, r.counters().get("napi_thread_polls"));
    }

    @Test
    void aScheduleWhileTheThreadRunsIsNotAWakeupFromSleep() {
        List<String> log = new ArrayList<>();
        FakeNapi n = new FakeNapi(log, 1, 1);
        FakeThread t = new FakeThread(log);
        NapiThread r = setUp(n, t);
        RecordingExec x = new RecordingExec().softirq(false);
        n.schedule();
        r.step(x, t); // polling
        while (r.step(x, t) == Kthreads.Body.RUN && t.bh) { }
        n.schedule(); // a new IRQ after the driver unmasked, the thread still running
        runUntilSleep(r, t, x);
        assertEquals(2L, r.counters().get("napi_thread_schedules"));
        assertEquals(1L, r.counters().get("napi_thread_wakeups"));
        assertEquals(2L, r.counters().get("napi_thread_polls"));
    }
}
