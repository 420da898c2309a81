package ringlab.feature.irqcoalescing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import ringlab.spi.board.CostKey;
import ringlab.spi.driver.Exec;
import ringlab.spi.driver.HrTimer;
import ringlab.spi.driver.NapiHandle;
import ringlab.testkit.RecordingExec;

/** napi_complete_done's deferral rules and napi_watchdog, against a fake NAPI instance and timer. */
class DeferredCompletionTest {

    /** A NAPI instance that records schedules, missed marks and the hrtimer's starts. */
    static final class FakeNapi implements NapiHandle {
        boolean scheduled = true, missed;
        int schedules, timerStarts, timerCancels;
        long lastDelay = -1;
        Runnable watchdog;

        @Override public void schedule() {
            if (scheduled) { missed = true; return; }
            scheduled = true;
            schedules++;
        }

        @Override public boolean isScheduled() { return scheduled; }

        @Override public int weight() { return 64; }

        @Override public void beginPoll(Exec x, int budget) { }

        @Override public boolean pollStep(Exec x) { return false; }

        @Override public boolean completeDone(int work) {
            if (missed) { missed = false; return false; }
            scheduled = false;
            return true;
        }

        @Override public int workDone() { return 0; }

        @Override public HrTimer hrtimer(Runnable cb) {
            watchdog = cb;
            return new HrTimer() {
                @Override public void start(long delayNs) { timerStarts++; lastDelay = delayNs; }

                @Override public void cancel() { timerCancels++; }

                @Override public boolean active() { return false; }
            };
        }
    }

    @Test
    void aPollWithWorkKeepsTheIrqMaskedAndArmsTheTimer() {
        FakeNapi n = new FakeNapi();
        RecordingExec x = new RecordingExec();
        DeferredCompletion d = new DeferredCompletion(n, 1, 20_000);
        assertFalse(d.complete(x, n, 5), "IRQ stays masked after a poll that found work");
        assertFalse(n.scheduled, "the instance is descheduled anyway (the watchdog reschedules it)");
        assertEquals(1, n.timerStarts);
        assertEquals(20_000, n.lastDelay);
        assertEquals(1, x.units(CostKey.HRTIMER), "hrtimer_start is charged");
        n.watchdog.run(); // expiry: napi_watchdog schedules the next poll
        assertTrue(n.scheduled);
        assertEquals(1, n.schedules);
        assertTrue(d.complete(x, n, 0), "after napi_defer_hard_irqs (1) empty poll the IRQ is unmasked");
        assertEquals(1, n.timerStarts, "no timer when unmasking");
    }

    @Test
    void deferCountIsTheNumberOfEmptyPollsBeforeUnmasking() {
        FakeNapi n = new FakeNapi();
        RecordingExec x = new RecordingExec();
        DeferredCompletion d = new DeferredCompletion(n, 3, 50_000);
        assertFalse(d.complete(x, n, 1));
        for (int i = 0; i < 2; i++) {
            n.watchdog.run();
            assertFalse(d.complete(x, n, 0), "empty poll " + (i + 1) + " still defers");
        }
        n.watchdog.run();
        assertTrue(d.complete(x, n, 0), "the third empty poll unmasks");
        // work again reloads the counter
        n.scheduled = true;
        assertFalse(d.complete(x, n, 2));
        assertEquals(4, n.timerStarts);
    }

    @Test
    void noTimeoutOrNoCountMeansNoDeferral() {
        FakeNapi n = new FakeNapi();
        RecordingExec x = new RecordingExec();
        DeferredCompletion noTimeout = new DeferredCompletion(n, 2, 0);
        assertTrue(noTimeout.complete(x, n, 7), "napi_defer_hard_irqs without gro_flush_timeout does nothing");
        n.scheduled = true;
        DeferredCompletion noCount = new DeferredCompletion(n, 0, 20_000);
        assertTrue(noCount.complete(x, n, 7));
        assertEquals(0, n.timerStarts);
        assertEquals(0, x.units(CostKey.HRTIMER));
    }

    /**
     * The timeout napi_complete_done computes before its GRO flush: gro_flush_timeout when the poll did work
     * while GRO held packets, or while deferring; then young GRO packets stay and the timer arms, even when the
     * IRQ is unmasked (napi_defer_hard_irqs 0), so what stays goes up by the next poll at the latest.
     */
    @Test
    void aPollThatLeavesGroPacketsHeldArmsTheTimerEvenUnmasked() {
        FakeNapi n = new FakeNapi();
        RecordingExec x = new RecordingExec();
        DeferredCompletion noCount = new DeferredCompletion(n, 0, 20_000);
        assertEquals(20_000, noCount.groFlushTimeout(7, true), "work done and GRO holding: flush only old ones");
        assertTrue(noCount.complete(x, n, 7), "no deferral: the IRQ is unmasked");
        assertEquals(1, n.timerStarts, "the GRO flush timer arms anyway");
        n.watchdog.run();
        assertTrue(n.scheduled, "its expiry polls again");
        assertEquals(0, noCount.groFlushTimeout(0, true), "an empty poll flushes everything");
        assertTrue(noCount.complete(x, n, 0));
        assertEquals(1, n.timerStarts, "and arms nothing");
        n.scheduled = true;
        assertEquals(0, noCount.groFlushTimeout(7, false), "nothing held, no deferral: no timeout");
        assertTrue(noCount.complete(x, n, 7));
        assertEquals(1, n.timerStarts);

        n.scheduled = true;
        DeferredCompletion deferring = new DeferredCompletion(n, 1, 20_000);
        assertEquals(20_000, deferring.groFlushTimeout(3, false), "deferring keeps young packets too");
        assertFalse(deferring.complete(x, n, 3));
        assertEquals(0, deferring.groFlushTimeout(0, true), "the empty poll after the count ran out flushes all");
        assertEquals(0, new DeferredCompletion(n, 1, 0).groFlushTimeout(3, true), "no gro_flush_timeout, no timeout");
    }

    @Test
    void aMissedScheduleRepollsWithoutTimer() {
        FakeNapi n = new FakeNapi();
        RecordingExec x = new RecordingExec();
        DeferredCompletion d = new DeferredCompletion(n, 1, 20_000);
        n.missed = true;
        assertFalse(d.complete(x, n, 3));
        assertTrue(n.scheduled, "NAPIF_STATE_MISSED keeps it scheduled for one more poll");
        assertEquals(0, n.timerStarts, "napi_complete_done returns before hrtimer_start");
    }

    @Test
    void theWatchdogDoesNotMarkAScheduledInstanceMissed() {
        FakeNapi n = new FakeNapi();
        DeferredCompletion d = new DeferredCompletion(n, 1, 20_000);
        n.scheduled = true;
        n.watchdog.run();
        assertFalse(n.missed, "napi_watchdog uses test_and_set_bit(SCHED), never sets MISSED");
        assertEquals(1L, d.counters().get("watchdog_already_scheduled"));
    }
}
