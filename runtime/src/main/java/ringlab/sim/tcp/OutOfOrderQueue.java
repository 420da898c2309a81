// The out-of-order queue (tp->out_of_order_queue) as a seq-sorted intrusive list of Packets; trims overlaps, frees duplicates; no skb coalescing.
package ringlab.sim.tcp;

import ringlab.spi.net.Packet;

/**
 * Non-overlapping segments sorted by seq, linked through {@link Packet#next}. Arrivals usually extend the
 * tail, which is checked first (O(1)); others scan from the head. Unlike Linux there is no coalescing of
 * adjacent skbs (so no truesize savings); the SACK blocks are kept apart in {@link ReceiverSack}.
 */
final class OutOfOrderQueue {
    private Packet head, tail;
    private int count;
    /** Segments or parts that duplicated queued data (freed). */
    long merged;
    /** The last {@link #insert} freed its packet because all of it was queued already. */
    boolean lastInsertDup;

    boolean isEmpty() { return head == null; }

    int count() { return count; }

    Packet first() { return head; }

    Packet pollFirst() {
        Packet p = head;
        if (p != null) {
            head = p.next;
            if (head == null) tail = null;
            p.next = null;
            count--;
        }
        return p;
    }

    /**
     * Inserts p, trimming it against its neighbours; queued segments that p covers entirely are freed, and
     * so is p if it brings nothing new. Returns the change in charged truesize (p's truesize if kept, minus
     * the truesize of freed covered segments).
     */
    long insert(Packet p, TcpHost host) {
        lastInsertDup = false;
        if (head == null) {
            p.next = null;
            head = tail = p;
            count = 1;
            return p.truesize;
        }
        Packet prev;
        if (tail.seq <= p.seq) {
            prev = tail;
        } else {
            prev = null;
            for (Packet c = head; c != null && c.seq <= p.seq; c = c.next) prev = c;
        }
        long end = p.seq + p.payload;
        if (prev != null) {
            long prevEnd = prev.seq + prev.payload;
            if (prevEnd >= end) {
                merged++;
                lastInsertDup = true;
                host.free(p);
                return 0;
            }
            if (prevEnd > p.seq) {
                int d = (int) (prevEnd - p.seq);
                p.seq += d;
                p.payload -= d;
            }
        }
        long delta = 0;
        Packet next = prev == null ? head : prev.next;
        while (next != null && next.seq + next.payload <= end) {
            Packet n2 = next.next;
            delta -= next.truesize;
            count--;
            merged++;
            host.free(next);
            next = n2;
        }
        if (next != null && next.seq < end) {
            p.payload = (int) (next.seq - p.seq);
            if (p.payload <= 0) { // p lies inside next: nothing new
                if (prev == null) head = next; else prev.next = next;
                merged++;
                lastInsertDup = true;
                host.free(p);
                return delta;
            }
        }
        p.next = next;
        if (prev == null) head = p; else prev.next = p;
        if (next == null) tail = p;
        count++;
        return delta + p.truesize;
    }
}
