// Models Linux net/sched/sch_fq_codel.c (hashed flows, DRR over new/old lists, per-flow CoDel, fat-flow drop); leaves out ECN/ce_threshold, tc filters, GSO splitting, qdisc_tree_reduce_backlog and runtime reconfiguration.
package ringlab.sim.qdisc;

import java.util.Locale;
import ringlab.spi.net.Packet;

/**
 * fq_codel, ported from Linux {@code net/sched/sch_fq_codel.c}.
 *
 * <p>Packets are hashed into {@code flows} buckets by {@code Integer.remainderUnsigned(flowHash, flows)}
 * (the kernel uses {@code reciprocal_scale(skb_get_hash(skb), flows_cnt)}, i.e. the hash's high bits; the
 * modulo keeps weak, small-valued hashes distinct). Each bucket is a FIFO threaded through
 * {@link Packet#next} with its own CoDel state; no allocation happens per packet. Flows that become active
 * join {@code new_flows} with a deficit of one quantum and are served before {@code old_flows} (sparse flows
 * first); a flow whose deficit is spent gets another quantum and goes to the tail of {@code old_flows};
 * a flow found empty on {@code new_flows} moves to {@code old_flows} if that is non-empty (so a flow cannot
 * starve the old ones by going empty/non-empty), otherwise, and on {@code old_flows}, it leaves the lists.
 *
 * <p>When more than {@code limit} packets (or more than {@code memory_limit} bytes of truesize) are queued,
 * enqueue still accepts the packet and then drops from the head of the fattest flow (by bytes) until half
 * of its backlog is gone, at most {@code drop_batch_size} packets, adding the drops to that flow's CoDel
 * count. Those victims, and CoDel's drops at dequeue, are handed to the {@link DropSink} (synchronously,
 * from inside enqueue/dequeue; the sink must not call back into this qdisc).
 *
 * <p>Packet length is {@link Packet#frameBytes()} (qdisc_pkt_len); memory is {@link Packet#truesize} if set,
 * else the frame length. Time is the {@code now} passed in, in ns; CoDel works in 1024-ns units.
 */
public final class FqCodel implements Qdisc {

    /** Receives every packet the qdisc drops by itself. */
    public interface DropSink {
        void drop(Packet p, String reason);
    }

    /**
     * Reason for a CoDel drop at dequeue: the kernel's drop reason SKB_DROP_REASON_QDISC_CONGESTED in lower case
     * (tc -s qdisc counts it in "dropped").
     */
    public static final String REASON_CODEL = "qdisc_congested";
    /**
     * Reason for a fat-flow drop at enqueue when over limit or memory_limit: SKB_DROP_REASON_QDISC_OVERLIMIT in
     * lower case (tc -s qdisc fq_codel counts it in "drop_overlimit").
     */
    public static final String REASON_OVERLIMIT = "qdisc_overlimit";

    /**
     * fq_codel parameters, named after the {@code tc qdisc ... fq_codel} options / {@code TCA_FQ_CODEL_*}.
     *
     * @param targetNs {@code target}: acceptable standing sojourn time, ns (tc gives us; default 5 ms)
     * @param intervalNs {@code interval}: window over which sojourn must stay above target, ns (default 100 ms)
     * @param quantum {@code quantum}: DRR bytes per round per flow (default psched_mtu = 1514)
     * @param limit {@code limit}: packets in the whole qdisc (default 10240)
     * @param flows {@code flows}: hash buckets, flows_cnt (default 1024; 1..65536)
     * @param memoryLimit {@code memory_limit}: bytes of truesize in the whole qdisc (default 32 MB = 32 << 20)
     * @param dropBatchSize {@code drop_batch}: max packets fq_codel_drop removes at once (default 64)
     * @param mtu CoDel's {@code mtu} (psched_mtu of the device): no CoDel drop while the qdisc backlog is at
     *     most this many bytes (default 1514)
     */
    public record Config(long targetNs, long intervalNs, int quantum, int limit, int flows, long memoryLimit,
                         int dropBatchSize, int mtu) {
        public static final long MS = 1_000_000L;

        public Config {
            if (targetNs <= 0 || (targetNs >> Codel.CODEL_SHIFT) > Integer.MAX_VALUE)
                throw new IllegalArgumentException("target out of range: " + targetNs + " ns");
            if (intervalNs <= 0 || (intervalNs >> Codel.CODEL_SHIFT) > Integer.MAX_VALUE / 16)
                throw new IllegalArgumentException("interval out of range: " + intervalNs + " ns");
            if (quantum < 1 || quantum > (1 << 20)) throw new IllegalArgumentException("quantum out of range: " + quantum);
            if (limit < 1) throw new IllegalArgumentException("limit must be >= 1: " + limit);
            if (flows < 1 || flows > 65536) throw new IllegalArgumentException("flows out of range: " + flows);
            if (memoryLimit < 1) throw new IllegalArgumentException("memory_limit must be >= 1: " + memoryLimit);
            if (dropBatchSize < 1) throw new IllegalArgumentException("drop_batch must be >= 1: " + dropBatchSize);
            if (mtu < 0) throw new IllegalArgumentException("mtu must be >= 0: " + mtu);
        }

        /** The kernel defaults (fq_codel_init with a 1500-byte-MTU Ethernet device). */
        public static Config defaults() {
            return new Config(5 * MS, 100 * MS, 1514, 10240, 1024, 32L << 20, 64, 1514);
        }

        public Config withTargetNs(long v) { return new Config(v, intervalNs, quantum, limit, flows, memoryLimit, dropBatchSize, mtu); }

        public Config withIntervalNs(long v) { return new Config(targetNs, v, quantum, limit, flows, memoryLimit, dropBatchSize, mtu); }

        public Config withQuantum(int v) { return new Config(targetNs, intervalNs, v, limit, flows, memoryLimit, dropBatchSize, mtu); }

        public Config withLimit(int v) { return new Config(targetNs, intervalNs, quantum, v, flows, memoryLimit, dropBatchSize, mtu); }

        public Config withFlows(int v) { return new Config(targetNs, intervalNs, quantum, limit, v, memoryLimit, dropBatchSize, mtu); }

        public Config withMemoryLimit(long v) { return new Config(targetNs, intervalNs, quantum, limit, flows, v, dropBatchSize, mtu); }

        public Config withDropBatchSize(int v) { return new Config(targetNs, intervalNs, quantum, limit, flows, memoryLimit, v, mtu); }

        public Config withMtu(int v) { return new Config(targetNs, intervalNs, quantum, limit, flows, memoryLimit, dropBatchSize, v); }
    }

    /** {@code struct fq_codel_flow}: a bucket's FIFO, DRR deficit, list membership and CoDel vars. */
    private static final class Flow extends CodelVars {
        final int index;
        Packet head, tail;
        int deficit;
        /** flowchain: the list this flow is on (null = list_empty(&flow->flowchain)) and its neighbours. */
        FlowList list;
        Flow prev, next;

        Flow(int index) { this.index = index; }
    }

    /** A list_head of flows (new_flows / old_flows) with its length. */
    private static final class FlowList {
        Flow first, last;
        int len;

        boolean isEmpty() { return first == null; }

        void addTail(Flow f) {
            f.list = this;
            f.next = null;
            f.prev = last;
            if (last == null) first = f; else last.next = f;
            last = f;
            len++;
        }

        void remove(Flow f) {
            if (f.prev == null) first = f.next; else f.prev.next = f.next;
            if (f.next == null) last = f.prev; else f.next.prev = f.prev;
            f.prev = f.next = null;
            f.list = null;
            len--;
        }
    }

    private final Config cfg;
    private final DropSink sink;
    private final Flow[] flows;
    /** {@code q->backlogs[]}: bytes per bucket, scanned by fq_codel_drop. */
    private final int[] backlogs;
    private final int flowsCnt, quantum, limit, dropBatchSize;
    private final long memoryLimit;
    private final Codel.Params cparams;
    private final Codel.Stats cstats = new Codel.Stats();
    private final FlowList newFlows = new FlowList(), oldFlows = new FlowList();
    private final Codel.Queue codelQueue = new Codel.Queue() {
        @Override public Packet dequeueFunc(CodelVars vars) { return FqCodel.this.dequeueFunc((Flow) vars); }

        @Override public void dropFunc(Packet p) { FqCodel.this.dropFunc(p); }

        @Override public long backlogBytes() { return FqCodel.this.backlogBytes; }
    };

    // sch->q.qlen, sch->qstats, sch->bstats
    private int qlen;
    private long backlogBytes;
    private long drops;
    private long sentBytes, sentPackets;
    // fq_codel_sched_data counters
    private long memoryUsage;
    private long dropOvermemory, dropOverlimit, newFlowCount;
    private long codelDrops;

    public FqCodel(DropSink sink) { this(Config.defaults(), sink); }

    public FqCodel(Config cfg, DropSink sink) {
        if (sink == null) throw new IllegalArgumentException("drop sink required");
        this.cfg = cfg;
        this.sink = sink;
        this.flowsCnt = cfg.flows();
        this.quantum = cfg.quantum();
        this.limit = cfg.limit();
        this.dropBatchSize = cfg.dropBatchSize();
        this.memoryLimit = cfg.memoryLimit();
        this.cparams = new Codel.Params(Codel.time(cfg.targetNs()), Codel.time(cfg.intervalNs()), cfg.mtu());
        this.flows = new Flow[flowsCnt];
        for (int i = 0; i < flowsCnt; i++) flows[i] = new Flow(i);
        this.backlogs = new int[flowsCnt];
    }

    /** The bucket a flow hash maps to. */
    public int bucketOf(int flowHash) { return Integer.remainderUnsigned(flowHash, flowsCnt); }

    private static int memUsage(Packet p) { return p.truesize > 0 ? p.truesize : p.frameBytes(); }

    /**
     * {@code fq_codel_enqueue()}. Always accepts the packet (returns true); if the qdisc is then over limit or
     * memory_limit, packets are dropped from the fattest flow through the sink, possibly including p itself
     * (the kernel's NET_XMIT_CN case), so the caller must not touch p after this returns.
     */
    @Override
    public boolean enqueue(Packet p, long now) {
        int idx = bucketOf(p.flowHash);
        p.enqueuedNs = now; // codel_set_enqueue_time
        Flow flow = flows[idx];
        // flow_queue_add
        p.next = null;
        if (flow.head == null) flow.head = p; else flow.tail.next = p;
        flow.tail = p;
        int len = Codel.pktLen(p);
        backlogs[idx] += len;
        backlogBytes += len;

        if (flow.list == null) {
            newFlows.addTail(flow);
            newFlowCount++;
            flow.deficit = quantum;
        }
        memoryUsage += memUsage(p);
        boolean memoryLimited = memoryUsage > memoryLimit;
        if (++qlen <= limit && !memoryLimited) return true;

        int prevQlen = qlen;
        // fq_codel_drop is a linear scan, so drop half the fat flow's backlog (at most drop_batch packets)
        fqCodelDrop(dropBatchSize);
        prevQlen -= qlen;
        dropOverlimit += prevQlen;
        if (memoryLimited) dropOvermemory += prevQlen;
        return true;
    }

    /** {@code fq_codel_drop()}: drops from the head of the flow with the largest byte backlog. */
    private int fqCodelDrop(int maxPackets) {
        int maxbacklog = 0, idx = 0;
        for (int i = 0; i < flowsCnt; i++) {
            if (backlogs[i] > maxbacklog) {
                maxbacklog = backlogs[i];
                idx = i;
            }
        }
        int threshold = maxbacklog >>> 1; // our goal is to drop half of this fat flow's backlog
        Flow flow = flows[idx];
        long len = 0, mem = 0;
        int i = 0;
        do {
            Packet skb = dequeueHead(flow);
            len += Codel.pktLen(skb);
            mem += memUsage(skb);
            drops++;
            sink.drop(skb, REASON_OVERLIMIT);
        } while (++i < maxPackets && len < threshold);

        flow.count += i; // tell codel to increase its signal strength also
        backlogs[idx] -= (int) len;
        memoryUsage -= mem;
        backlogBytes -= len;
        qlen -= i;
        return idx;
    }

    private static Packet dequeueHead(Flow flow) {
        Packet skb = flow.head;
        flow.head = skb.next;
        if (flow.head == null) flow.tail = null;
        skb.next = null;
        return skb;
    }

    /** {@code dequeue_func()}: the head of flow's FIFO, with the qdisc's accounting. */
    private Packet dequeueFunc(Flow flow) {
        if (flow.head == null) return null;
        Packet skb = dequeueHead(flow);
        int len = Codel.pktLen(skb);
        backlogs[flow.index] -= len;
        memoryUsage -= memUsage(skb);
        qlen--;
        backlogBytes -= len;
        return skb;
    }

    /** {@code drop_func()}. */
    private void dropFunc(Packet p) {
        drops++;
        codelDrops++;
        sink.drop(p, REASON_CODEL);
    }

    /** {@code fq_codel_dequeue()}. CoDel drops made on the way are handed to the sink before this returns. */
    @Override
    public Packet dequeue(long now) {
        int t = Codel.time(now);
        while (true) {
            FlowList head = newFlows;
            if (head.isEmpty()) {
                head = oldFlows;
                if (head.isEmpty()) return null;
            }
            Flow flow = head.first;
            if (flow.deficit <= 0) {
                flow.deficit += quantum;
                moveTail(flow, oldFlows);
                continue;
            }
            Packet skb = Codel.dequeue(codelQueue, cparams, flow, cstats, t);
            if (skb == null) {
                // force a pass through old_flows to prevent starvation
                if (head == newFlows && !oldFlows.isEmpty()) moveTail(flow, oldFlows);
                else head.remove(flow);
                continue;
            }
            sentPackets++;
            sentBytes += Codel.pktLen(skb);
            flow.deficit -= Codel.pktLen(skb);
            // the kernel reports deferred CoDel drops to parents here (qdisc_tree_reduce_backlog); no parents
            if (cstats.dropCount != 0 && qlen != 0) {
                cstats.dropCount = 0;
                cstats.dropLen = 0;
            }
            return skb;
        }
    }

    private static void moveTail(Flow f, FlowList to) {
        if (f.list != null) f.list.remove(f);
        to.addTail(f);
    }

    @Override public int backlog() { return qlen; }

    @Override public long backlogBytes() { return backlogBytes; }

    /** All drops made by the qdisc (qstats.drops): CoDel drops plus drop_overlimit. */
    @Override public long internalDrops() { return drops; }

    @Override public String kind() { return "fq_codel"; }

    public Config config() { return cfg; }

    /** {@code drop_overlimit}: packets dropped by fq_codel_drop (over limit or over memory_limit). */
    public long dropOverlimit() { return dropOverlimit; }

    /** {@code drop_overmemory}: the part of drop_overlimit made while over memory_limit. */
    public long dropOvermemory() { return dropOvermemory; }

    /** CoDel drops at dequeue (cumulative; the kernel only shows them inside qstats.drops). */
    public long codelDrops() { return codelDrops; }

    /** {@code new_flow_count}: times a flow became active and joined new_flows. */
    public long newFlowCount() { return newFlowCount; }

    /** {@code ecn_mark}: always 0, ecn is off. */
    public long ecnMark() { return cstats.ecnMark; }

    /** {@code ce_mark}: always 0, ce_threshold is disabled. */
    public long ceMark() { return cstats.ceMark; }

    /** {@code maxpacket}: largest packet CoDel has looked at, bytes. */
    public int maxpacket() { return cstats.maxpacket; }

    /** {@code memory_used}: truesize bytes queued. */
    public long memoryUsage() { return memoryUsage; }

    /** {@code new_flows_len}. */
    public int newFlowsLen() { return newFlows.len; }

    /** {@code old_flows_len}. */
    public int oldFlowsLen() { return oldFlows.len; }

    /** Sent bytes (bstats.bytes, qdisc_pkt_len). */
    public long sentBytes() { return sentBytes; }

    /** Sent packets (bstats.packets). */
    public long sentPackets() { return sentPackets; }

    /** Bytes queued in one bucket ({@code q->backlogs[bucket]}). */
    public int bucketBacklogBytes(int bucket) { return backlogs[bucket]; }

    /** A bucket's CoDel state (read-only view; do not keep it across calls that matter). */
    public CodelVars bucketVars(int bucket) { return flows[bucket]; }

    /** A bucket's DRR deficit, bytes. */
    public int bucketDeficit(int bucket) { return flows[bucket].deficit; }

    /** The statistics in the shape of {@code tc -s qdisc show} for fq_codel. */
    public String tcStats() {
        return String.format(Locale.ROOT,
                "qdisc fq_codel 0: root refcnt 2 limit %dp flows %d quantum %d target %s interval %s memory_limit %s drop_batch %d%n"
                        + " Sent %d bytes %d pkt (dropped %d, overlimits 0 requeues 0)%n"
                        + " backlog %db %dp requeues 0%n"
                        + "  maxpacket %d drop_overlimit %d new_flow_count %d ecn_mark %d memory_used %d drop_overmemory %d%n"
                        + "  new_flows_len %d old_flows_len %d%n",
                limit, flowsCnt, quantum, tcTime(cfg.targetNs()), tcTime(cfg.intervalNs()), tcSize(memoryLimit),
                dropBatchSize, sentBytes, sentPackets, drops, backlogBytes, qlen, cstats.maxpacket, dropOverlimit,
                newFlowCount, cstats.ecnMark, memoryUsage, dropOvermemory, newFlows.len, oldFlows.len);
    }

    private static String tcTime(long ns) {
        long us = ns / 1000;
        if (us >= 1_000_000) return trim(us / 1e6) + "s";
        if (us >= 1000) return trim(us / 1e3) + "ms";
        return us + "us";
    }

    private static String tcSize(long b) {
        if (b >= (1L << 20) && b % (1L << 20) == 0) return (b >> 20) + "Mb";
        if (b >= 1024 && b % 1024 == 0) return (b >> 10) + "Kb";
        return b + "b";
    }

    private static String trim(double v) {
        return v == Math.rint(v) ? Long.toString((long) v) : String.format(Locale.ROOT, "%.1f", v);
    }
}
