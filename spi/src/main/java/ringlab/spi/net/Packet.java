package ringlab.spi.net;

import org.osgi.annotation.versioning.ProviderType;

/**
 * One packet (an skb's worth of metadata; no payload bytes are materialised). Pooled: obtained from
 * {@link PacketPool}, linked into queues through {@link #next}, returned with {@link PacketPool#free}.
 * Header sizes follow IPv4 without options and TCP with {@link #tcpOptionBytes} of options; frames are Ethernet II.
 */
@ProviderType
public final class Packet {
    public static final int ICMP = 1, TCP = 6, UDP = 17;
    public static final int ETH_HEADER = 14, IP_HEADER = 20, TCP_HEADER = 20, UDP_HEADER = 8, ICMP_HEADER = 8;
    public static final int FCS = 4, MIN_FRAME = 64, PREAMBLE = 8, IFG = 12;
    /** SACK blocks that fit the 40-byte TCP option space without timestamps. */
    public static final int MAX_SACK_BLOCKS = 4;

    /** TCP flags. */
    public static final int FIN = 1, SYN = 2, RST = 4, PSH = 8, ACK = 16;

    /** Checksum state as the receiving stack sees it (skb->ip_summed). */
    public static final int CSUM_NONE = 0, CSUM_UNNECESSARY = 1, CSUM_COMPLETE = 2;

    /** Intrusive link for queues and lists. */
    public Packet next;

    public int proto;
    public int src, dst;
    public int sport, dport;
    /**
     * The IPv4 header's TOS byte (DSCP and ECN bits). Also what skb->priority is derived from everywhere the
     * model sends from: a socket's IP_TOS (rt_tos2priority at setsockopt), an ICMP reply (the request's
     * TOS), a forwarded packet (ip_forward), so a priority qdisc reads it (pfifo_fast's bands).
     */
    public int tos;
    /** L4 payload bytes (for a GRO-merged packet, all segments' payload). */
    public int payload;

    // TCP: 64-bit unwrapped sequence space (no wrap-around is modelled).
    public long seq, ack;
    public int flags;
    /** Advertised receive window in bytes (scaling applied). */
    public long window;
    /** TCP option bytes on the wire (e.g. SACK: 4 + 8 per block, with 2 NOPs for alignment); 0 = no options. */
    public int tcpOptionBytes;
    /** SACK blocks (start, end) pairs, most recent first; allocated once per pooled packet. */
    public final long[] sack = new long[2 * MAX_SACK_BLOCKS];
    /** Number of valid blocks in {@link #sack}. */
    public int sackBlocks;
    /**
     * The timestamp option's values (RFC 7323) when the segment carries it: TSval, the sender's clock in ms
     * (tcp_time_stamp_ms), and TSecr, the TSval it echoes (ts_recent). Zero without the option.
     */
    public int tsVal, tsEcr;

    /** Application data: iperf3 UDP sequence number / ICMP echo sequence. */
    public long appSeq;
    /** Application data: sender's timestamp (UDP iperf3 header, ICMP echo payload). */
    public long appTime;

    // skb-level metadata, set by the receiving device's driver.
    /** Segments in this packet (GRO merges several). */
    public int segs = 1;
    /** skb_shinfo(skb)->gso_size of a GRO-merged packet: the size its segments are cut to again on egress
     * (all but the last are this long); 0 = not merged. */
    public int gsoSize;
    public int csumState;
    /** The CPU already read the whole payload in softirq (a software checksum in the stack or in GRO), so the
     * copy to user space finds its lines in the D-cache instead of missing on each. */
    public boolean payloadCached;
    /** The CPU wrote every line of the frame (a copy into a new buffer, as software GSO without scatter-gather
     * makes), so each is dirty in a write-back D-cache and a non-coherent dma_map must write it back to DRAM. */
    public boolean dirty;
    /** Bytes charged to a socket's receive memory (skb->truesize). */
    public int truesize;
    /** Offset of the IP header from a 4-byte boundary (0 = aligned, 2 = misaligned by NET_IP_ALIGN absence). */
    public int ipMisalign;
    /** Flow hash (5-tuple), for fq_codel and GRO buckets. */
    public int flowHash;
    /** Time the packet entered the qdisc (CoDel sojourn), the receive queue or GRO's held list (its age for napi_gro_flush's flush_old). */
    public long enqueuedNs;
    /** Time the packet was created. */
    public long bornNs;
    /** Per-packet serial, for tracing. */
    public long serial;
    /** The rx buffer scheme the skb was built on (a ringlab.spi.driver.RxBuffers), called when it is freed. */
    public Object owner;
    /** The socket charged for this skb's send memory until the driver frees it after transmission. */
    public Object sndOwner;
    /** Allocation state guard (a packet must be freed exactly once); managed by the runtime's pool. */
    public boolean inUse;

    public int l4HeaderBytes() {
        return proto == TCP ? TCP_HEADER + tcpOptionBytes : proto == UDP ? UDP_HEADER : ICMP_HEADER;
    }

    /** IP datagram length of one segment (for merged packets: the average segment). */
    public int ipBytes() {
        // most packets are one segment: no integer division (tens of cycles) on every length asked
        return IP_HEADER + l4HeaderBytes() + (segs == 1 ? payload : payload / segs);
    }

    /** Ethernet frame length without FCS, as DMA'd into a buffer. */
    public int frameBytes() { return ETH_HEADER + ipBytes(); }

    /** Bytes the frame occupies on the wire: padded to the minimum, plus FCS, preamble and IFG. */
    public int wireBytes() {
        return Math.max(frameBytes() + FCS, MIN_FRAME) + PREAMBLE + IFG;
    }

    /** Clears every field (the runtime's pool does this on reuse). */
    public void reset() {
        next = null; proto = 0; src = dst = sport = dport = payload = 0; tos = 0;
        seq = ack = 0; flags = 0; window = 0; tcpOptionBytes = 0; sackBlocks = 0; tsVal = tsEcr = 0; appSeq = appTime = 0;
        segs = 1; gsoSize = 0; csumState = 0; payloadCached = false; dirty = false; truesize = 0; ipMisalign = 0; flowHash = 0;
        enqueuedNs = bornNs = 0; owner = null; sndOwner = null;
    }

    public boolean has(int flag) { return (flags & flag) != 0; }

    /**
     * Copies addressing, protocol, the TCP header with its options (as skb_segment copies the header into every
     * segment) and metadata, not payload length, segments or links, from a to b.
     */
    public static void copyHeaders(Packet a, Packet b) {
        b.proto = a.proto; b.src = a.src; b.dst = a.dst; b.sport = a.sport; b.dport = a.dport; b.tos = a.tos;
        b.seq = a.seq; b.ack = a.ack; b.flags = a.flags; b.window = a.window;
        b.tcpOptionBytes = a.tcpOptionBytes; b.tsVal = a.tsVal; b.tsEcr = a.tsEcr;
        b.sackBlocks = a.sackBlocks; System.arraycopy(a.sack, 0, b.sack, 0, 2 * a.sackBlocks);
        b.appSeq = a.appSeq; b.appTime = a.appTime; b.csumState = a.csumState; b.truesize = a.truesize;
        b.ipMisalign = a.ipMisalign; b.flowHash = a.flowHash; b.bornNs = a.bornNs; b.owner = a.owner;
    }

    @Override public String toString() {
        return "pkt#" + serial + "[" + proto + " " + src + ":" + sport + ">" + dst + ":" + dport
                + " seq=" + seq + " ack=" + ack + " len=" + payload + " fl=" + flags + "]";
    }
}
