package ringlab.sim.engine;

/**
 * A binary min-heap of events keyed by (time, insertion sequence), held in parallel primitive arrays so
 * that scheduling and popping allocate nothing once the arrays have grown. Ties pop in insertion order,
 * which makes runs deterministic. Cancellation is left to handlers (generation counters in arg/kind).
 */
public final class EventQueue {
    private long[] time = new long[1024];
    private long[] seq = new long[1024];
    private int[] kind = new int[1024];
    private EventHandler[] handler = new EventHandler[1024];
    private Object[] arg = new Object[1024];
    private int size;
    private long nextSeq;

    public int size() { return size; }

    public long peekTime() { return size == 0 ? Long.MAX_VALUE : time[0]; }

    public void add(long t, EventHandler h, int k, Object a) {
        if (size == time.length) grow();
        int i = size++;
        long s = nextSeq++;
        // sift up
        while (i > 0) {
            int p = (i - 1) >>> 1;
            if (time[p] < t || (time[p] == t && seq[p] < s)) break;
            move(p, i);
            i = p;
        }
        time[i] = t; seq[i] = s; kind[i] = k; handler[i] = h; arg[i] = a;
    }

    /** Pops the earliest event and dispatches it. Returns its time. */
    public long dispatchNext() {
        long t = time[0];
        EventHandler h = handler[0];
        int k = kind[0];
        Object a = arg[0];
        int last = --size;
        if (last > 0) {
            long lt = time[last], ls = seq[last];
            int lk = kind[last];
            EventHandler lh = handler[last];
            Object la = arg[last];
            int i = 0;
            int half = last >>> 1;
            while (i < half) {
                int c = 2 * i + 1;
                int r = c + 1;
                if (r < last && (time[r] < time[c] || (time[r] == time[c] && seq[r] < seq[c]))) c = r;
                if (lt < time[c] || (lt == time[c] && ls < seq[c])) break;
                move(c, i);
                i = c;
            }
            time[i] = lt; seq[i] = ls; kind[i] = lk; handler[i] = lh; arg[i] = la;
        }
        handler[last] = null;
        arg[last] = null;
        h.onEvent(k, a, t);
        return t;
    }

    private void move(int from, int to) {
        time[to] = time[from]; seq[to] = seq[from]; kind[to] = kind[from];
        handler[to] = handler[from]; arg[to] = arg[from];
    }

    private void grow() {
        int n = time.length * 2;
        time = java.util.Arrays.copyOf(time, n);
        seq = java.util.Arrays.copyOf(seq, n);
        kind = java.util.Arrays.copyOf(kind, n);
        handler = java.util.Arrays.copyOf(handler, n);
        arg = java.util.Arrays.copyOf(arg, n);
    }
}
