package ringlab.sim.net;

import ringlab.spi.net.Packet;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The accounting invariant and the packet pool behind it: every packet created for sending ends either
 * delivered to a transport endpoint or in exactly one drop counter; what is neither is in some queue.
 * A drop reason is the name of the kernel counter that counts such a drop, spelled as the tool that shows it
 * prints it (ip -s link / ethtool -S: rx_missed_errors; nstat: TcpExtTCPRcvQDrop, UdpRcvbufErrors); where no
 * counter counts it, the kernel's drop reason (enum skb_drop_reason without SKB_DROP_REASON_, lower case:
 * no_socket, qdisc_drop, tcp_overwindow) or, for what only the model has, its own (rx_reinit_drops, peer_*).
 */
public final class Ledger {
    private final PacketPool pool = new PacketPool();
    private long sent;
    private long delivered;
    private final Map<String, long[]> drops = new LinkedHashMap<>();

    /** A new packet that is about to be sent (counted as sent). */
    public Packet create(long now) {
        sent++;
        return pool.get(now);
    }

    /** The packet reached its transport endpoint (it may stay queued there until the application reads it);
     * a GRO-merged packet counts for each of the segments it carries. */
    public void delivered(Packet p) { delivered += p.segs; }

    /** Same, for a packet whose segment count was read before its object went back to the pool. */
    public void delivered(int segments) { delivered += segments; }

    /** GRO merged p into another packet: the object goes back to the pool, its segment lives on in the other. */
    public void merged(Packet p) { pool.free(p); }

    /** A new object for one segment of a merged packet being split again (GSO): not a new send. */
    public Packet segmentOf(Packet merged, long now) {
        Packet s = pool.get(now);
        Packet.copyHeaders(merged, s);
        return s;
    }

    /** Returns a packet that was delivered, or whose content was consumed, to the pool. */
    public void release(Packet p) { pool.free(p); }

    /** Counts a drop under its reason and frees the packet. */
    public void drop(Packet p, String reason) { drop(p, counter(reason)); }

    /** Same, with a counter slot from {@link #counter(String)} (no map lookup on the hot path). */
    public void drop(Packet p, long[] slot) {
        slot[0] += p.segs;
        pool.free(p);
    }

    /** The counter slot for a drop reason, created at zero. */
    public long[] counter(String reason) { return drops.computeIfAbsent(reason, k -> new long[1]); }

    public long sentCount() { return sent; }

    public long deliveredCount() { return delivered; }

    public long droppedCount() {
        long n = 0;
        for (long[] c : drops.values()) n += c[0];
        return n;
    }

    public Map<String, Long> dropsByReason() {
        Map<String, Long> m = new LinkedHashMap<>();
        drops.forEach((k, v) -> { if (v[0] != 0) m.put(k, v[0]); });
        return m;
    }

    /** Packets sent and neither delivered nor dropped: they must be in some queue right now. */
    public long inFlight() { return sent - delivered - droppedCount(); }

    /** Packet objects not yet returned to the pool (in flight, or delivered and still queued at a socket). */
    public long live() { return pool.live(); }
}
