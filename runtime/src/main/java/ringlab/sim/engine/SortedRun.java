package ringlab.sim.engine;

/**
 * The earliest events of an {@link EventQueue}, kept sorted in a small fixed array. A simulation has only a
 * handful of events pending at a time (a NIC's next interrupt, a timer, a frame on the wire), and a new one
 * usually lands behind one or two of them: inserting from the early end then moves about two entries, and
 * the earliest is taken with no sift at all, where a heap pays a sift-down of several comparisons per pop.
 *
 * <p>The array is sorted latest first, so the earliest event sits at the end and is removed by shrinking the
 * size; an insertion walks in from that end. Keys are (time, sequence); the sequence lives in the queue's
 * slot arrays and is read only when two times are equal, which is rare.
 */
final class SortedRun {
    /** Large enough for a simulation's usual queue; beyond it the latest entries spill into the heap. */
    static final int CAPACITY = 32;

    final long[] time = new long[CAPACITY];
    final int[] slot = new int[CAPACITY];
    int size;

    boolean isFull() { return size == CAPACITY; }

    long minTime() { return time[size - 1]; }

    int minSlot() { return slot[size - 1]; }

    /** Inserts a key; the run must not be full. seq holds the sequence numbers of all slots. */
    void insert(long t, long s, int sl, long[] seq) {
        long[] tm = time;
        int[] sa = slot;
        int i = size++;
        while (i > 0) {
            long pt = tm[i - 1];
            // stop under the first entry that is later: equal times go by sequence
            if (pt > t || (pt == t && seq[sa[i - 1]] > s)) break;
            tm[i] = pt;
            sa[i] = sa[i - 1];
            i--;
        }
        tm[i] = t;
        sa[i] = sl;
    }

    /** Moves the latest {@code n} entries into the heap and keeps the earliest, in order. */
    void spillLatest(int n, KeyHeap heap, long[] seq) {
        for (int i = 0; i < n; i++) heap.add(time[i], slot[i], seq);
        System.arraycopy(time, n, time, 0, size - n);
        System.arraycopy(slot, n, slot, 0, size - n);
        size -= n;
    }
}
