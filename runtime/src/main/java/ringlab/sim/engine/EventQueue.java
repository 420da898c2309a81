package ringlab.sim.engine;

import java.util.Arrays;

/**
 * The pending events, popped in (time, insertion sequence) order: ties pop in insertion order, which makes
 * runs deterministic. The earliest events are kept in a small sorted array ({@link SortedRun}), the rest in
 * a heap ({@link KeyHeap}); every key in the run orders before every key in the heap, so the earliest event
 * is the run's last entry, or the heap's root when the run is empty. A simulation's queue is usually a
 * dozen events or fewer and then lives in the run alone; a deep queue keeps its near events in the run and
 * the rest in the heap.
 *
 * <p>Both structures move only a time and a slot index; an event's handler, kind, argument and sequence
 * number live in slot arrays recycled through a free list, so scheduling and popping allocate nothing once
 * the arrays have grown. Cancellation is left to handlers (generation counters in kind or arg).
 */
public final class EventQueue {
    private final SortedRun run = new SortedRun();
    private final KeyHeap heap = new KeyHeap();

    private EventHandler[] handler = new EventHandler[1024];
    private Object[] arg = new Object[1024];
    private int[] kind = new int[1024];
    private long[] seq = new long[1024];
    private int[] freeSlots = new int[1024];
    private int freeCount;
    private int slotsUsed;
    private long nextSeq;

    public int size() { return run.size + heap.size; }

    public long peekTime() {
        if (run.size > 0) return run.minTime();
        return heap.size == 0 ? Long.MAX_VALUE : heap.minTime();
    }

    public void add(long t, EventHandler h, int k, Object a) { add(t, nextSeq++, h, k, a); }

    /** Adds with a sequence number the caller assigned (the caller keeps them increasing). */
    public void add(long t, long s, EventHandler h, int k, Object a) {
        int slot = freeCount > 0 ? freeSlots[--freeCount] : newSlot();
        handler[slot] = h;
        kind[slot] = k;
        arg[slot] = a;
        seq[slot] = s;
        long[] sq = seq;
        if (!heap.before(t, s, sq)) {
            heap.add(t, slot, sq);
            return;
        }
        if (run.isFull()) {
            // Spill the later half at once, so the copy is paid once per CAPACITY / 2 insertions; the spilled
            // keys all order after those kept, so the heap stays behind the run. Then route the key again:
            // it may now belong behind the spilled ones.
            run.spillLatest(SortedRun.CAPACITY / 2, heap, sq);
            if (!heap.before(t, s, sq)) {
                heap.add(t, slot, sq);
                return;
            }
        }
        run.insert(t, s, slot, sq);
    }

    private int newSlot() {
        if (slotsUsed == handler.length) {
            int n = slotsUsed * 2;
            handler = Arrays.copyOf(handler, n);
            arg = Arrays.copyOf(arg, n);
            kind = Arrays.copyOf(kind, n);
            seq = Arrays.copyOf(seq, n);
            freeSlots = Arrays.copyOf(freeSlots, n);
        }
        return slotsUsed++;
    }

    /** Pops the earliest event and dispatches it. Returns its time. */
    public long dispatchNext() {
        long t;
        int slot;
        if (run.size > 0) {
            t = run.minTime();
            slot = run.minSlot();
            run.size--;
        } else {
            t = heap.minTime();
            slot = heap.minSlot();
            heap.removeMin(seq);
        }
        EventHandler h = handler[slot];
        int k = kind[slot];
        Object a = arg[slot];
        handler[slot] = null;
        arg[slot] = null;
        freeSlots[freeCount++] = slot;
        h.onEvent(k, a, t);
        return t;
    }
}
