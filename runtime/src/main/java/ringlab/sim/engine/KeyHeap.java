package ringlab.sim.engine;

import java.util.Arrays;

/**
 * A 4-ary min-heap of (time, slot) pairs ordered by (time, sequence), the sequence read from the queue's slot
 * arrays only on equal times. It holds the events of an {@link EventQueue} that are later than its
 * {@link SortedRun}, so a deep queue still costs O(log n) per event. Four children per node: a shallower tree
 * than a binary heap, and the children share a cache line.
 */
final class KeyHeap {
    private long[] time = new long[64];
    private int[] slot = new int[64];
    int size;

    long minTime() { return time[0]; }

    int minSlot() { return slot[0]; }

    /** True when (t, s) orders before the heap's earliest entry (or the heap is empty). */
    boolean before(long t, long s, long[] seq) {
        if (size == 0) return true;
        long mt = time[0];
        return t < mt || (t == mt && s < seq[slot[0]]);
    }

    void add(long t, int sl, long[] seq) {
        if (size == time.length) {
            time = Arrays.copyOf(time, size * 2);
            slot = Arrays.copyOf(slot, size * 2);
        }
        long[] ht = time;
        int[] hs = slot;
        long s = seq[sl];
        int i = size++;
        while (i > 0) {
            int p = (i - 1) >>> 2;
            long pt = ht[p];
            if (pt < t || (pt == t && seq[hs[p]] < s)) break;
            ht[i] = pt;
            hs[i] = hs[p];
            i = p;
        }
        ht[i] = t;
        hs[i] = sl;
    }

    /** Removes the earliest entry (read it first with {@link #minTime()} and {@link #minSlot()}). */
    void removeMin(long[] seq) {
        int n = --size;
        if (n == 0) return;
        long[] ht = time;
        int[] hs = slot;
        long lt = ht[n];
        int ls = hs[n];
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
