package ringlab.sim.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class EventQueueTest {

    @Test
    void popsInTimeOrderAndTiesInInsertionOrder() {
        EventQueue q = new EventQueue();
        List<long[]> seen = new ArrayList<>();
        EventHandler h = (kind, arg, now) -> seen.add(new long[] {now, kind});
        SplittableRandom r = new SplittableRandom(7);
        int n = 5000; // past the initial capacity, so growth is exercised
        for (int i = 0; i < n; i++) q.add(r.nextInt(200), h, i, null);
        while (q.size() > 0) q.dispatchNext();
        assertEquals(n, seen.size());
        for (int i = 1; i < n; i++) {
            long[] a = seen.get(i - 1), b = seen.get(i);
            assertTrue(a[0] < b[0] || (a[0] == b[0] && a[1] < b[1]), "order broken at " + i);
        }
    }

    @Test
    void simRunsUntilAndAdvancesTheClock() {
        Sim sim = new Sim(1);
        List<Long> times = new ArrayList<>();
        EventHandler h = (kind, arg, now) -> {
            times.add(now);
            if (kind < 3) sim.after(10, (k2, a2, n2) -> times.add(-n2), 0, null);
        };
        sim.at(5, h, 0, null);
        sim.at(5, h, 1, null);
        sim.at(50, h, 9, null);
        sim.runUntil(20);
        assertEquals(List.of(5L, 5L, -15L, -15L), times);
        assertEquals(20, sim.now());
        sim.runUntil(100);
        assertEquals(50L, times.get(4));
    }

    @Test
    void sameSeedSameRandomStream() {
        assertEquals(new Sim(42).rng().nextLong(), new Sim(42).rng().nextLong());
        assertTrue(new Sim(42).rng().nextLong() != new Sim(43).rng().nextLong());
    }
}
