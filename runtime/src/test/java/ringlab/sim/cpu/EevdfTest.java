package ringlab.sim.cpu;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import org.junit.jupiter.api.Test;

/** The EEVDF policy's decisions on a one-CPU run queue (HZ 250), without a core around it. */
class EevdfTest {
    static final long MS = 1_000_000L, TICK = 4 * MS;

    static Task task(String name) {
        return new Task(name, null, Ctx.USER) {
            @Override public boolean step(Core c) { return true; }
        };
    }

    final Eevdf eevdf = new Eevdf(1, TICK);
    final ArrayList<Task> rq = new ArrayList<>();

    /** A runs alone from time 0 (picked, so RUN_TO_PARITY holds) until `now`. */
    Task runningAlone() {
        Task a = task("a");
        eevdf.placeNew(rq, a);
        a.runnable = true;
        rq.add(a);
        assertSame(a, eevdf.pickNext(rq, null, 0));
        a.execFrom(0);
        return a;
    }

    Task wake(Task b, Task curr, long now) {
        eevdf.placeWoken(rq, b, curr, now);
        b.runnable = true;
        rq.add(b);
        return b;
    }

    @Test
    void sliceIsTheBaseSliceScaledByTheLogOfTheCpuCount() {
        assertEquals(750_000L, new Eevdf(1, TICK).slice);
        assertEquals(1_500_000L, new Eevdf(2, TICK).slice);
        assertEquals(2_250_000L, new Eevdf(4, TICK).slice);
        assertEquals(3_000_000L, new Eevdf(64, TICK).slice, "at most 8 CPUs counted");
    }

    @Test
    void aWakeupWithoutLagWaitsForTheCurrentTasksSlice() {
        Task a = runningAlone();
        Task b = wake(task("b"), a, 100_000);
        assertEquals(a.vruntime, b.vruntime, "placed at the average, which is a's vruntime");
        assertFalse(eevdf.wakeupPreempts(rq, b, a, 100_000), "a is eligible and in its first slice");
        assertFalse(eevdf.tick(rq, a, 300_000), "a's deadline (half a slice for a new task) not reached");
        assertTrue(eevdf.tick(rq, a, 400_000), "a's slice is over at the tick: reschedule");
        assertSame(b, eevdf.pickNext(rq, a, 400_000), "b is eligible, a is not any more");
    }

    @Test
    void aWakeupWithPositiveLagPreempts() {
        Task a = runningAlone();
        Task b = task("b");
        b.vlag = 200_000; // b slept having had 0.2 ms less than its share
        wake(b, a, 100_000);
        assertEquals(a.vruntime - 400_000, b.vruntime, "lag scaled by (load + w) / load = 2");
        assertTrue(eevdf.wakeupPreempts(rq, b, a, 100_000), "a is no longer eligible");
    }

    @Test
    void aSleeperKeepsItsLagClampedToTwoSlicesOrATick() {
        Task a = runningAlone();
        Task b = wake(task("b"), a, 0);
        assertSame(a, eevdf.pickNext(rq, a, 0));
        // b runs 10 ms (picked by hand) while a waits: b's lag becomes negative, beyond the tick-sized limit
        b.execFrom(0);
        eevdf.dequeueSleeper(rq, b, 10 * MS);
        assertEquals(-TICK, b.vlag, "clamped to max(2 x 0.75 ms, 4 ms)");
        // with b gone, a is the average: whatever it waited for is not carried over
        rq.remove(b);
        b.runnable = false;
        a.execFrom(10 * MS);
        eevdf.dequeueSleeper(rq, a, 10 * MS);
        assertEquals(0, a.vlag, "alone in the queue: no lag");
    }
}
