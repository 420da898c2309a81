/** napi_gro_receive / dev_gro_receive with inet_gro_receive and tcp4_gro_receive: per-NAPI flow buckets, TCP segment merging, checksum validation; IP ID, TTL/TOS checks, UDP GRO sockets, frag_list vs frags are not modelled. */
package ringlab.feature.gro;

import java.util.LinkedHashMap;
import java.util.Map;
import ringlab.spi.board.CostKey;
import ringlab.spi.driver.Exec;
import ringlab.spi.driver.RxDelivery;
import ringlab.spi.driver.RxStack;
import ringlab.spi.net.Packet;

/**
 * The GRO state of one NAPI instance. Every packet costs {@link CostKey#GRO_RX} (hash, bucket walk,
 * header compare) and, when its IP header is misaligned, the trapped word accesses of inet_gro_receive
 * (ip_fast_csum, the id/frag word, the addresses) and of the L4 header compare. The L4 checksum is
 * validated first (skb_gro_checksum_validate): with CHECKSUM_NONE it is summed in software over the L4
 * header and payload, which is the payload's first CPU touch; CHECKSUM_COMPLETE needs only the fold,
 * counted in GRO_RX as the stack counts it in its own per-layer cost; CHECKSUM_UNNECESSARY needs nothing.
 *
 * <p>TCP (tcp_gro_receive): a packet of a flow that has a held packet merges into it when it continues
 * the sequence, is not longer than the held packet's segment size (gso_size), has the same ACK number,
 * options and flags (PSH aside), and the result stays below gro_max_size; the held packet grows (payload,
 * segments, truesize) and the absorbed object is handed back through {@link RxStack#merged}. A merge with
 * PSH or a short segment flushes the flow; a packet that cannot merge flushes the held one and is held in
 * its place (or goes up at once with PSH/SYN/RST/FIN or no payload). A bucket holds at most MAX_GRO_SKBS
 * packets: holding one more flushes the bucket's oldest. UDP (checksum validated, no UDP GRO socket) and
 * other protocols go up unmerged. Everything that goes up, merged or not, goes through {@link NormalList}.
 *
 * <p>A held packet's age is the jiffy it was held in (NAPI_GRO_CB(skb)->age, kept in {@link Packet#enqueuedNs}
 * as a time). {@link #flush} completes every held packet; {@link #flushOld} (napi_gro_flush(napi, true)) walks
 * each bucket from its oldest and stops at the first held in the current jiffy, so under gro_flush_timeout
 * a flow keeps merging across polls until it is full, pushed, broken or a jiffy old.
 */
final class GroTable implements RxDelivery {
    static final int GRO_HASH_BUCKETS = 8, MAX_GRO_SKBS = 8;
    /** Misaligned 32-bit loads when the IP header is not 4-byte aligned: inet_gro_receive's ip_fast_csum
     * (5 words), the first word and the id/frag_off word; tcp_gro_receive's ports, seq, ack and flags
     * words; udp_gro_receive's ports and length/check words. A property of the code. */
    static final int TRAPS_IP = 7, TRAPS_TCP = 4, TRAPS_UDP = 2;
    private static final int FLUSH_FLAGS = Packet.PSH | Packet.SYN | Packet.RST | Packet.FIN;
    private static final int IGNORED_FLAGS = Packet.PSH;

    private final Packet[] head = new Packet[GRO_HASH_BUCKETS], tail = new Packet[GRO_HASH_BUCKETS];
    private final int[] count = new int[GRO_HASH_BUCKETS];
    private int heldTotal;
    /** Segments of the held packets (what the ledger counts). */
    private int heldSegs;
    private final NormalList normal;
    private final long maxSize;
    private final int lineBytes;
    /** One jiffy (1 s / CONFIG_HZ) in ns. */
    private final long jiffyNs;
    private long receives, merged, heldNew, normals, completes, flushOldest, csumSw, mergedSegs;

    GroTable(int normalBatch, long maxSize, int lineBytes, int hz) {
        this.normal = new NormalList(normalBatch);
        this.maxSize = maxSize;
        this.lineBytes = lineBytes;
        this.jiffyNs = 1_000_000_000L / hz;
    }

    @Override
    public void deliver(Exec x, Packet p, RxStack stack) {
        x.charge(CostKey.GRO_RX);
        receives++;
        p.next = null;
        switch (p.proto) {
            case Packet.TCP -> tcp(x, p, stack);
            case Packet.UDP -> {
                traps(x, p, TRAPS_IP + TRAPS_UDP);
                validate(x, p, Packet.UDP_HEADER + p.payload);
                up(x, p, stack);
            }
            default -> up(x, p, stack); // no inet_offloads entry: straight to the normal list
        }
    }

    private void tcp(Exec x, Packet p, RxStack stack) {
        traps(x, p, TRAPS_IP + TRAPS_TCP);
        validate(x, p, p.l4HeaderBytes() + p.payload);
        int b = p.flowHash & (GRO_HASH_BUCKETS - 1);
        Packet prev = null, h = head[b];
        while (h != null && !sameFlow(h, p)) {
            prev = h;
            h = h.next;
        }
        boolean flushSelf = p.payload == 0 || (p.flags & FLUSH_FLAGS) != 0;
        if (h != null) {
            int mss = h.gsoSize > 0 ? h.gsoSize : h.payload;
            if (canMerge(h, p, mss)) {
                h.payload += p.payload;
                h.segs += p.segs;
                heldSegs += p.segs;
                h.truesize += p.truesize;
                h.gsoSize = mss;
                h.flags |= p.flags & IGNORED_FLAGS;
                merged++;
                mergedSegs += p.segs;
                stack.merged(x, p);
                if (p.payload < mss || flushSelf) complete(x, b, prev, h, stack);
                return;
            }
            complete(x, b, prev, h, stack); // pp: the held packet goes up before the one that broke the flow
        }
        if (flushSelf) {
            up(x, p, stack);
            return;
        }
        hold(x, b, p, stack);
    }

    private boolean canMerge(Packet h, Packet p, int mss) {
        if (p.payload == 0 || p.payload > mss) return false;                 // (len - 1) >= mss
        if (((h.flags ^ p.flags) & ~IGNORED_FLAGS) != 0) return false;       // SYN, RST, FIN, ... differ
        if (h.ack != p.ack || h.seq + h.payload != p.seq) return false;
        if (!sameOptions(h, p)) return false;
        long len = Packet.IP_HEADER + h.l4HeaderBytes() + h.payload;         // p->len from the IP header
        return len + p.payload < maxSize;                                    // skb_gro_receive: -E2BIG
    }

    private static boolean sameFlow(Packet a, Packet b) {
        return a.proto == b.proto && a.src == b.src && a.dst == b.dst && a.sport == b.sport && a.dport == b.dport;
    }

    private static boolean sameOptions(Packet a, Packet b) {
        if (a.tcpOptionBytes != b.tcpOptionBytes || a.sackBlocks != b.sackBlocks) return false;
        if (a.tsVal != b.tsVal || a.tsEcr != b.tsEcr) return false; // tcp_gro_receive compares every option byte
        for (int i = 0; i < 2 * a.sackBlocks; i++) if (a.sack[i] != b.sack[i]) return false;
        return true;
    }

    /** Holds p as its flow's packet; a full bucket first flushes its oldest (gro_flush_oldest). */
    private void hold(Exec x, int b, Packet p, RxStack stack) {
        if (count[b] >= MAX_GRO_SKBS) {
            flushOldest++;
            complete(x, b, null, head[b], stack);
        }
        p.next = null;
        p.enqueuedNs = x.now(); // NAPI_GRO_CB(skb)->age = jiffies
        if (tail[b] == null) head[b] = p; else tail[b].next = p;
        tail[b] = p;
        count[b]++;
        heldTotal++;
        heldSegs += p.segs;
        heldNew++;
    }

    /** napi_gro_complete of held packet h (prev is its predecessor in bucket b): unlink, then up. */
    private void complete(Exec x, int b, Packet prev, Packet h, RxStack stack) {
        Packet n = h.next;
        if (prev == null) head[b] = n; else prev.next = n;
        if (tail[b] == h) tail[b] = prev;
        count[b]--;
        heldTotal--;
        heldSegs -= h.segs;
        completes++;
        h.next = null;
        normal.add(x, h, stack);
    }

    private void up(Exec x, Packet p, RxStack stack) {
        normals++;
        normal.add(x, p, stack);
    }

    private void traps(Exec x, Packet p, int accesses) {
        if (p.ipMisalign != 0) x.charge(CostKey.UNALIGNED_TRAP, accesses);
    }

    /** skb_gro_checksum_validate: a software sum over l4Bytes without rx checksum offload. */
    private void validate(Exec x, Packet p, int l4Bytes) {
        if (p.csumState != Packet.CSUM_NONE) return;
        x.charge(CostKey.CSUM_BYTE, l4Bytes);
        if (p.payload > 0) {
            x.chargeDramRun((p.payload + lineBytes - 1) / lineBytes); // the payload's first touch, in order
            p.payloadCached = true;
        }
        p.csumState = Packet.CSUM_UNNECESSARY;
        csumSw++;
    }

    /** napi_gro_flush (every bucket, oldest first) then gro_normal_list, at the poll's end. */
    @Override
    public void flush(Exec x, RxStack stack) { flushHeldOutside(x, stack, NO_JIFFY); }

    /** napi_gro_flush(napi, true) then gro_normal_list: the packets held since the current jiffy stay. */
    @Override
    public void flushOld(Exec x, RxStack stack) { flushHeldOutside(x, stack, x.now() / jiffyNs); }

    /** No packet's jiffy (their times are not negative): every held packet goes. */
    private static final long NO_JIFFY = -1;

    /** Completes each bucket from its oldest up to the first packet held in jiffy keep, then gro_normal_list. */
    private void flushHeldOutside(Exec x, RxStack stack, long keep) {
        for (int b = 0; b < GRO_HASH_BUCKETS; b++) {
            while (head[b] != null && head[b].enqueuedNs / jiffyNs != keep) complete(x, b, null, head[b], stack);
        }
        normal.deliver(x, stack);
    }

    @Override
    public int held() { return heldSegs + normal.held(); }

    Map<String, Long> counters() {
        Map<String, Long> m = new LinkedHashMap<>();
        m.put("gro_receive", receives);
        m.put("gro_merged", merged);
        m.put("gro_held", heldNew);
        m.put("gro_normal", normals);
        m.put("gro_complete", completes);
        m.put("gro_flush_oldest", flushOldest);
        m.put("gro_csum_sw", csumSw);
        m.put("gro_normal_lists", normal.lists);
        m.put("gro_normal_sublists", normal.sublists);
        m.put("gro_delivered_skbs", normal.delivered);
        return m;
    }
}
