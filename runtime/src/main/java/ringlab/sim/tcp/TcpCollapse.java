// tcp_prune_queue's collapse (tcp_collapse_ofo_queue, tcp_collapse): queued bloated skbs copied into compact ones; the Packets stay (the ledger follows them), only their truesize shrinks.
package ringlab.sim.tcp;

import ringlab.sim.driver.SkbTruesize;
import ringlab.spi.driver.SkbSizes;
import ringlab.spi.net.Packet;

/**
 * net/ipv4/tcp_input.c, when rmem_alloc still exceeds rcvbuf after tcp_clamp_window:
 * <ul>
 * <li>tcp_collapse: from the first skb that is bloated (tcp_win_from_space(truesize) &gt; len) or holds data
 *     before start (the read part of the receive queue's head), every byte up to the run's end is copied
 *     (skb_copy_bits) into new skbs of at most SKB_MAX_ORDER(0, 0) = SKB_WITH_OVERHEAD(PAGE_SIZE) bytes
 *     (alloc_skb: kmalloc-4096, truesize about 4.3 KB per 3.8 KB); each old skb is released (tcp_collapse_one,
 *     TCPRcvCollapsed). Skbs before that one are skipped.</li>
 * <li>tcp_collapse_ofo_queue: the out-of-order queue in contiguous ranges; a range of one skb shorter than
 *     SKB_WITH_OVERHEAD(PAGE_SIZE) is "tiny" and left alone, and once the tiny ones add up to more than
 *     rcvbuf / 8 the walk stops.</li>
 * </ul>
 * Faked: the Packets are kept (the run's ledger and the reader follow them) and each takes its byte share of the
 * new skbs' truesize; the reader still pays its per-skb costs per old Packet, and the old skbs' frees are
 * charged when read rather than here (the compact skbs' own frees are not charged). The copy itself and the
 * allocations are charged through {@link TcpHost} to the CPU running the prune (softirq or the socket owner).
 */
final class TcpCollapse {
    /** SKB_MAX_ORDER(0, 0) = SKB_WITH_OVERHEAD(PAGE_SIZE): the most one compact skb holds. */
    static final int COPY_MAX = SkbTruesize.PAGE_SIZE - SkbSizes.sharedInfoBytes();

    private final TcpHost host;
    private final TcpStats stats;
    /** Its tcp_win_from_space (with the connection's current scaling_ratio) judges what is bloated. */
    private final TcpReceiver rx;

    TcpCollapse(TcpHost host, TcpStats stats, TcpReceiver rx) {
        this.host = host;
        this.stats = stats;
        this.rx = rx;
    }

    /** tcp_collapse_ofo_queue; returns the change in charged truesize. */
    long ofoQueue(OutOfOrderQueue ofo, long rcvbuf) {
        long delta = 0, sumTiny = 0;
        Packet p = ofo.first();
        while (p != null) {
            Packet head = p, q = p.next;
            long end = p.seq + p.payload, rangeTruesize = p.truesize;
            while (q != null && q.seq <= end) { // no gap: the range goes on
                rangeTruesize += q.truesize;
                end = Math.max(end, q.seq + q.payload);
                q = q.next;
            }
            if (head.next != q || end - head.seq >= COPY_MAX) {
                delta += run(head, q, head.seq);
            } else {
                sumTiny += rangeTruesize;
                if (sumTiny > rcvbuf >> 3) return delta;
            }
            p = q;
        }
        return delta;
    }

    /**
     * tcp_collapse of the Packets first .. stop (exclusive), linked through next, whose data from start on is
     * unread; returns the change in charged truesize.
     */
    long run(Packet first, Packet stop, long start) {
        Packet p = first;
        while (p != stop && rx.winFromSpace(p.truesize) <= p.payload && p.seq >= start) {
            start = p.seq + p.payload; // compact already and nothing read: skipped
            p = p.next;
        }
        if (p == stop) return 0;
        long bytes = 0, oldTruesize = 0;
        for (Packet q = p; q != stop; q = q.next) {
            int n = unread(q, start);
            host.collapseCopy(q, n);
            bytes += n;
            oldTruesize += q.truesize;
            stats.TCPRcvCollapsed++;
        }
        long newTruesize = 0;
        for (long left = bytes; left > 0; left -= COPY_MAX) newTruesize += host.collapseSkb((int) Math.min(left, COPY_MAX));
        long copied = 0, given = 0;
        for (Packet q = p; q != stop; q = q.next) { // each Packet's byte share, the shares adding up exactly
            copied += unread(q, start);
            long upTo = newTruesize * copied / bytes;
            q.truesize = (int) (upTo - given);
            given = upTo;
        }
        return newTruesize - oldTruesize;
    }

    private static int unread(Packet q, long start) { return q.payload - (int) Math.max(0, start - q.seq); }
}
