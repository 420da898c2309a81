package ringlab.sim.engine;

import java.util.Arrays;

/**
 * A 4-ary min-heap of events keyed by (time, insertion sequence). The heap moves only a time and a slot
 * index per level; an event's handler, kind, argument and sequence number live in slot arrays recycled
 * through a free list, so scheduling and popping allocate nothing once the arrays have grown. Ties pop
 * in insertion order, which makes runs deterministic. Cancellation is left to handlers (generation
 * counters in kind or arg).
 */
public final class EventQueue {
    private long[] heapTime = new long[1024];
    private int[] heapSlot = new int[1024];
    private int size;

    private EventHandler[] handler = new EventHandler[1024];
    private Object[] arg = new Object[1024];
    private int[] kind = new int[1024];
    private long[] seq = new long[1024];
    private int[] freeSlots = new int[1024];
    private int freeCount;
    private int slotsUsed;
    private long nextSeq;

    public int size() { return size; }

    public long peekTime() { return size == 0 ? Long.MAX_VALUE : heapTime[0]; }

    public void add(long t, EventHandler h, int k, Object a) { add(t, nextSeq++, h, k, a); }

    /** Adds with a sequence number the caller assigned (the caller keeps them increasing). */
    public void add(long t, long s, EventHandler h, int k, Object a) {
        int slot = freeCount > 0 ? freeSlots[--freeCount] : newSlot();
        handler[slot] = h;
        kind[slot] = k;
        arg[slot] = a;
        seq[slot] = s;
        if (size == heapTime.length) {
            heapTime = Arrays.copyOf(heapTime, size * 2);
            heapSlot = Arrays.copyOf(heapSlot, size * 2);
        }
        int i = size++;
        long[] ht = heapTime;
        int[] hs = heapSlot;
        while (i > 0) {
            int p = (i - 1) >>> 2;
            long pt = ht[p];
            if (pt < t || (pt == t && seq[hs[p]] < s)) break;
            ht[i] = pt;
            hs[i] = hs[p];
            i = p;
        }
        ht[i] = t;
        hs[i] = slot;
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
        long[] ht = heapTime;
        int[] hs = heapSlot;
        long t = ht[0];
        int slot = hs[0];
        int last = --size;
        if (last > 0) siftDownFromRoot(ht[last], hs[last], last);
        EventHandler h = handler[slot];
        int k = kind[slot];
        Object a = arg[slot];
        handler[slot] = null;
        arg[slot] = null;
        freeSlots[freeCount++] = slot;
        h.onEvent(k, a, t);
        return t;
    }

    private void siftDownFromRoot(long lt, int ls, int n) {
        long[] ht = heapTime;
        int[] hs = heapSlot;
        long lseq = seq[ls];
        int i = 0;
        for (;;) {
            int c = (i << 2) + 1;
            if (c >= n) break;
            // the smallest of up to four children
            int best = c;
            long bt = ht[c];
            int end = Math.min(c + 4, n);
            for (int j = c + 1; j < end; j++) {
                long jt = ht[j];
                if (jt < bt || (jt == bt && seq[hs[j]] < seq[hs[best]])) {
                    best = j;
                    bt = jt;
                }
            }
            if (lt < bt || (lt == bt && lseq < seq[hs[best]])) break;
            ht[i] = bt;
            hs[i] = hs[best];
            i = best;
        }
        ht[i] = lt;
        hs[i] = ls;
    }
}
