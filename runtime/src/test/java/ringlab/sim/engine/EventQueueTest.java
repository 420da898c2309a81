package ringlab.sim.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.PriorityQueue;
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

    /** Collects (time, kind) of every dispatched event. */
    private static final class Recorder implements EventHandler {
        final List<long[]> seen = new ArrayList<>();

        @Override
        public void onEvent(int kind, Object arg, long now) { seen.add(new long[] {now, kind}); }

        long[] last() { return seen.get(seen.size() - 1); }
    }

    @Test
    void equalTimesPopInInsertionOrderAcrossRunAndHeap() {
        // more same-time events than the sorted run holds, so some ties are decided in the heap and some
        // between the two
        EventQueue q = new EventQueue();
        Recorder r = new Recorder();
        int n = SortedRun.CAPACITY * 5 + 3;
        for (int i = 0; i < n; i++) q.add(100, r, i, null);
        for (int i = 0; i < n; i++) {
            assertEquals(100, q.peekTime());
            assertEquals(100, q.dispatchNext());
            assertEquals(i, r.last()[1]);
        }
        assertEquals(0, q.size());
        assertEquals(Long.MAX_VALUE, q.peekTime());
    }

    @Test
    void argumentAndKindReachTheHandler() {
        EventQueue q = new EventQueue();
        List<Object> args = new ArrayList<>();
        EventHandler h = (kind, arg, now) -> args.add(kind + ":" + arg + "@" + now);
        q.add(7, h, 2, "b");
        q.add(3, h, 1, "a");
        q.dispatchNext();
        q.dispatchNext();
        assertEquals(List.of("1:a@3", "2:b@7"), args);
    }

    @Test
    void callerAssignedSequencesOrderTies() {
        // a sequence reserved early keeps its place among same-time events added before it
        EventQueue q = new EventQueue();
        Recorder r = new Recorder();
        q.add(50, 10, r, 10, null);
        q.add(50, 12, r, 12, null);
        q.add(50, 11, r, 11, null); // reserved before 12, added after it
        q.add(40, 13, r, 13, null);
        q.add(50, 5, r, 5, null);
        List<Long> kinds = new ArrayList<>();
        while (q.size() > 0) {
            q.dispatchNext();
            kinds.add(r.last()[1]);
        }
        assertEquals(List.of(13L, 5L, 10L, 11L, 12L), kinds);
    }

    @Test
    void deepQueueSpillsAndDrainsInOrder() {
        // descending times: every add lands at the run's early end and fills it, so the run spills again
        // and again; then the drain crosses from the run into the heap
        EventQueue q = new EventQueue();
        Recorder r = new Recorder();
        int n = 3000;
        for (int i = 0; i < n; i++) q.add(n - i, r, i, null);
        assertEquals(n, q.size());
        for (int i = 0; i < n; i++) {
            assertEquals(i + 1, q.dispatchNext());
            assertEquals(n - 1 - i, r.last()[1]);
        }
    }

    /** The reference order: a java.util.PriorityQueue of (time, sequence, kind). */
    private static final java.util.Comparator<long[]> BY_KEY = (a, b) -> a[0] != b[0] ? Long.compare(a[0], b[0]) : Long.compare(a[1], b[1]);

    @Test
    void interleavedAddAndPopMatchAPriorityQueue() {
        // many shapes: shallow and deep queues, near and far times, many ties, caller sequences out of
        // insertion order; each pop is compared with the reference
        for (int seed = 1; seed <= 40; seed++) {
            SplittableRandom rnd = new SplittableRandom(seed);
            int target = 1 << rnd.nextInt(1, 12); // queue depth the run hovers around
            int spread = 1 << rnd.nextInt(0, 20); // how far ahead events are scheduled
            boolean callerSeq = rnd.nextBoolean();
            EventQueue q = new EventQueue();
            PriorityQueue<long[]> ref = new PriorityQueue<>(BY_KEY);
            Recorder r = new Recorder();
            long now = 0, seq = 0;
            List<Long> reserved = new ArrayList<>();
            int kind = 0;
            for (int step = 0; step < 20_000; step++) {
                boolean add = ref.isEmpty() || rnd.nextInt(2 * target) >= ref.size();
                if (add) {
                    long t = now + (rnd.nextInt(8) == 0 ? 0 : rnd.nextLong(spread));
                    // caller sequences as Sim.reserveSeq hands them out: unique, sometimes one reserved
                    // earlier and used only now
                    long s;
                    if (callerSeq && !reserved.isEmpty() && rnd.nextInt(4) == 0) s = reserved.remove(rnd.nextInt(reserved.size()));
                    else s = seq++;
                    if (callerSeq && rnd.nextInt(4) == 0) reserved.add(seq++);
                    if (callerSeq) q.add(t, s, r, kind, null);
                    else q.add(t, r, kind, null);
                    ref.add(new long[] {t, s, kind});
                    kind++;
                } else {
                    long[] want = ref.poll();
                    assertEquals(want[0], q.peekTime(), "seed " + seed + " step " + step);
                    assertEquals(want[0], q.dispatchNext());
                    assertEquals(want[2], r.last()[1], "seed " + seed + " step " + step);
                    now = want[0];
                }
                assertEquals(ref.size(), q.size());
            }
            while (!ref.isEmpty()) {
                long[] want = ref.poll();
                assertEquals(want[0], q.dispatchNext());
                assertEquals(want[2], r.last()[1], "seed " + seed + " drain");
            }
        }
    }

    @Test
    void steadyStateAllocatesNothing() {
        // a run and a heap at work (depth past the run's capacity), recycled slots: once the arrays have grown,
        // add and dispatch allocate nothing
        java.lang.management.ThreadMXBean mx = java.lang.management.ManagementFactory.getThreadMXBean();
        org.junit.jupiter.api.Assumptions.assumeTrue(mx instanceof com.sun.management.ThreadMXBean);
        com.sun.management.ThreadMXBean tmx = (com.sun.management.ThreadMXBean) mx;
        EventQueue q = new EventQueue();
        long[] now = new long[1];
        EventHandler h = (kind, arg, t) -> now[0] = t;
        for (int i = 0; i < 200; i++) q.add(i * 7L % 1000, h, 0, null);
        long before = 0;
        for (int round = 0; round < 2; round++) { // the first round grows whatever still grows
            before = tmx.getThreadAllocatedBytes(Thread.currentThread().getId());
            for (int i = 0; i < 200_000; i++) {
                q.dispatchNext();
                q.add(now[0] + 1 + (i * 7919L) % 1000, h, i & 3, null);
            }
        }
        long allocated = tmx.getThreadAllocatedBytes(Thread.currentThread().getId()) - before;
        assertTrue(allocated < 4096, allocated + " bytes allocated for 200000 events");
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
