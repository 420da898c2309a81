package ringlab.sim.qdisc;

import ringlab.spi.net.Packet;

/**
 * pfifo_fast (net/sched/sch_generic.c): three tail-drop FIFO bands of txqueuelen packets each (the lockless
 * version's per-band rings), always dequeued from the lowest non-empty band. The band comes from
 * skb->priority through prio2band; skb->priority is rt_tos2priority(TOS) on every path the model sends
 * from (see {@link Packet#tos}), so TOS 0 lands in band 1, IPTOS_LOWDELAY (0x10) in band 0 and
 * IPTOS_THROUGHPUT (0x08) in band 2.
 */
public final class PfifoFast implements Qdisc {
    public static final int BANDS = 3;
    /** sch_generic.c's prio2band, indexed by TC_PRIO_*. */
    private static final int[] PRIO2BAND = {1, 2, 2, 2, 1, 2, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1};
    /** route.c's ip_tos2prio, indexed by IPTOS_TOS(tos) >> 1 (TC_PRIO_BESTEFFORT 0, BULK 2, INTERACTIVE_BULK 4, INTERACTIVE 6). */
    private static final int[] TOS2PRIO = {0, 0, 0, 0, 2, 2, 2, 2, 6, 6, 6, 6, 4, 4, 4, 4};

    private final int limit;
    private final Packet[] head = new Packet[BANDS], tail = new Packet[BANDS];
    private final int[] count = new int[BANDS];
    private final long[] enqueued = new long[BANDS];
    private int total;
    private long bytes;

    public PfifoFast(int txqueuelen) { this.limit = txqueuelen; }

    /** rt_tos2priority: the TC_PRIO_* class of a TOS byte. */
    public static int tos2priority(int tos) { return TOS2PRIO[(tos & 0x1E) >> 1]; }

    /** The band a packet with this TOS is queued in. */
    public static int band(int tos) { return PRIO2BAND[tos2priority(tos)]; }

    @Override
    public boolean enqueue(Packet p, long now) {
        int b = band(p.tos);
        if (count[b] >= limit) return false;
        p.next = null;
        p.enqueuedNs = now;
        if (tail[b] == null) head[b] = p; else tail[b].next = p;
        tail[b] = p;
        count[b]++;
        enqueued[b]++;
        total++;
        bytes += p.frameBytes();
        return true;
    }

    @Override
    public Packet dequeue(long now) {
        for (int b = 0; b < BANDS; b++) {
            Packet p = head[b];
            if (p == null) continue;
            head[b] = p.next;
            if (head[b] == null) tail[b] = null;
            p.next = null;
            count[b]--;
            total--;
            bytes -= p.frameBytes();
            return p;
        }
        return null;
    }

    /** Packets ever queued in band b. */
    public long enqueued(int band) { return enqueued[band]; }

    @Override public int backlog() { return total; }

    @Override public long backlogBytes() { return bytes; }

    @Override public String kind() { return "pfifo_fast"; }
}
