package ringlab.sim.stack;

import java.util.ArrayList;
import java.util.function.Consumer;
import ringlab.sim.engine.EventHandler;
import ringlab.sim.engine.Sim;
import ringlab.sim.net.Ledger;
import ringlab.spi.net.Packet;

/**
 * The ideal peer's receive path as a PC's NIC and driver make it: interrupt throttling and GRO. The NIC raises
 * at most one interrupt per {@code rx-usecs} (an Intel ITR): frames landing meanwhile wait, and the NAPI poll
 * that follows the interrupt takes them all in landing order, merging each TCP flow's consecutive full-size
 * segments (dev_gro_receive, tcp4_gro_receive: contiguous sequence, same ACK, flags and options, up to
 * gro_max_size) into one skb that TCP then handles once, so the peer's receiver sends one ACK per merged skb
 * (a stretch ACK) instead of one per two segments. The poll ends with napi_complete's GRO flush, in the order
 * the flows were first held. A segment with PSH or shorter than the held skb's segments is merged and ends its
 * flow's skb (one with PSH that starts a flow goes up alone); a TCP frame without payload or with SYN, FIN or
 * RST goes up as it comes, after its flow's held skb; UDP and ICMP go up as they come (no UDP GRO socket).
 *
 * <p>Why it matters: a device that sends TCP receives and processes every ACK the peer returns, and the peer's
 * NIC decides how many there are. With rx-usecs 0 every frame is its own interrupt and poll and nothing merges
 * (the peer before this class). Modelled as free: the peer's CPU costs nothing; the poll runs at the
 * interrupt's instant. Not modelled: adaptive ITR changing its class with the load (the interval is fixed),
 * GRO's 8 buckets and its per-jiffy flush of old flows (one poll never lasts a jiffy here).
 */
final class PeerRxPoll implements EventHandler {
    /** gro_max_size (GRO_LEGACY_MAX_SIZE): a merged skb's IP length stays below 64 KB. */
    static final int GRO_MAX_SIZE = 65536;
    private static final int FLUSH_FLAGS = Packet.PSH | Packet.SYN | Packet.RST | Packet.FIN;

    private final Sim sim;
    private final Ledger ledger;
    private final long intervalNs;
    private final Consumer<Packet> up;
    private final ArrayList<Packet> landed = new ArrayList<>();
    /** The merged skbs held in this poll, one per TCP flow, in the order they were first held. */
    private final ArrayList<Packet> held = new ArrayList<>();
    private boolean irqPending;
    private long lastIrqNs = Long.MIN_VALUE / 2;
    private long polls, merged;

    /**
     * @param intervalNs the NIC's minimum time between two interrupts (ethtool -C rx-usecs), ns; 0 = none
     * @param up         the peer's protocol input for one (possibly merged) frame
     */
    PeerRxPoll(Sim sim, Ledger ledger, long intervalNs, Consumer<Packet> up) {
        if (intervalNs < 0) throw new IllegalArgumentException("rx-usecs must not be negative: " + intervalNs);
        this.sim = sim;
        this.ledger = ledger;
        this.intervalNs = intervalNs;
        this.up = up;
    }

    /** A frame has landed in the peer NIC's ring. */
    void land(Packet p) {
        if (intervalNs == 0) {
            up.accept(p);
            return;
        }
        landed.add(p);
        if (!irqPending) {
            irqPending = true;
            sim.at(Math.max(sim.now(), lastIrqNs + intervalNs), this, 0, null);
        }
    }

    /** The interrupt and its poll: every frame landed so far, through GRO, then the flush. */
    @Override
    public void onEvent(int kind, Object arg, long now) {
        irqPending = false;
        lastIrqNs = now;
        polls++;
        for (int i = 0; i < landed.size(); i++) receive(landed.get(i));
        landed.clear();
        for (int i = 0; i < held.size(); i++) up.accept(held.get(i));
        held.clear();
    }

    private void receive(Packet p) {
        if (p.proto != Packet.TCP) {
            up.accept(p);
            return;
        }
        int f = flow(p);
        if (f >= 0) {
            Packet h = held.get(f);
            if (canMerge(h, p)) {
                if (h.gsoSize == 0) h.gsoSize = h.payload;
                h.payload += p.payload;
                h.segs += p.segs;
                h.flags |= p.flags & Packet.PSH;
                merged++;
                ledger.merged(p);
                if ((h.flags & Packet.PSH) != 0 || p.payload < h.gsoSize) up.accept(held.remove(f));
                return;
            }
            up.accept(held.remove(f));
        }
        if (p.payload == 0 || (p.flags & FLUSH_FLAGS) != 0) up.accept(p);
        else held.add(p);
    }

    private int flow(Packet p) {
        for (int i = 0; i < held.size(); i++) {
            Packet h = held.get(i);
            if (h.src == p.src && h.dst == p.dst && h.sport == p.sport && h.dport == p.dport) return i;
        }
        return -1;
    }

    private static boolean canMerge(Packet h, Packet p) {
        int mss = h.gsoSize > 0 ? h.gsoSize : h.payload;
        if (p.payload == 0 || p.payload > mss) return false;
        if (((h.flags ^ p.flags) & ~Packet.PSH) != 0 || (p.flags & FLUSH_FLAGS & ~Packet.PSH) != 0) return false;
        if (h.ack != p.ack || h.seq + h.payload != p.seq) return false;
        if (h.tcpOptionBytes != p.tcpOptionBytes || h.sackBlocks != p.sackBlocks) return false;
        if (h.tsVal != p.tsVal || h.tsEcr != p.tsEcr) return false; // every option byte, timestamps included
        for (int i = 0; i < 2 * h.sackBlocks; i++) if (h.sack[i] != p.sack[i]) return false;
        return Packet.IP_HEADER + h.l4HeaderBytes() + h.payload + p.payload < GRO_MAX_SIZE;
    }

    /** Frames landed and not yet polled, plus the merged skbs of a poll in progress (none between events). */
    int pending() { return landed.size() + held.size(); }

    long polls() { return polls; }

    long merged() { return merged; }
}
