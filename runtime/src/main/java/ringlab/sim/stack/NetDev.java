package ringlab.sim.stack;

import ringlab.sim.cpu.Core;
import ringlab.sim.driver.EthDriver;
import ringlab.sim.driver.TxOwner;
import ringlab.sim.driver.TxQueue;
import ringlab.sim.net.Ledger;
import ringlab.sim.qdisc.Qdisc;
import ringlab.spi.board.CostKey;
import ringlab.spi.net.Packet;

/**
 * A net_device's transmit side: dev_queue_xmit enqueues on the qdisc and runs it (__qdisc_run with a
 * quota of 64 packets), handing packets to the driver until the queue is stopped, by the driver (ring
 * full) or by the byte limit (BQL); a packet the driver refuses is requeued. With a byte limit the
 * qdisc dequeues in bulk up to dql_avail and marks all but the last packet "xmit_more"; without one
 * it dequeues one packet at a time (qdisc_avail_bulklimit is 0). A wake reschedules the qdisc through
 * NET_TX softirq. GRO-merged packets are segmented again here (GSO), each segment summed in software
 * when the NIC has no tx checksum offload.
 */
public final class NetDev implements TxQueue {
    static final int QDISC_QUOTA = 64; // dev_tx_weight

    public final String name;
    private final EthDriver driver;
    private final Ledger ledger;
    private final long[] qdiscDrops;
    private final NetTxAction txAction;
    private final boolean txChecksum;
    private Qdisc qdisc;
    private Packet requeued;
    private int requeuedCount;
    private int stopped;
    private boolean scheduled;
    private long stops, wakes, txQueued, bulkDequeues, gsoSegments;

    public NetDev(String name, EthDriver driver, Qdisc qdisc, Ledger ledger, NetTxAction txAction, boolean txChecksum) {
        this.name = name;
        this.driver = driver;
        this.qdisc = qdisc;
        this.ledger = ledger;
        this.txAction = txAction;
        this.txChecksum = txChecksum;
        this.qdiscDrops = ledger.counter("qdisc_drop");
        driver.setTxQueue(this);
    }

    public EthDriver driver() { return driver; }

    public Qdisc qdisc() { return qdisc; }

    /** dev_queue_xmit, from whatever context is running on core c. */
    public void queueXmit(Core c, Packet p) {
        if (p.segs > 1) { segment(c, p); return; }
        enqueue(c, p);
        run(c);
    }

    private void enqueue(Core c, Packet p) {
        c.charge(CostKey.DEV_XMIT);
        txQueued++;
        if (!qdisc.enqueue(p, c.stepNow())) {
            if (p.sndOwner instanceof TxOwner o) o.txFreed(c, p.truesize); // kfree_skb runs the socket destructor
            ledger.drop(p, qdiscDrops);
        }
    }

    /** skb_gso_segment of a merged packet back into its gso_size segments, then each is queued in sequence order. */
    private void segment(Core c, Packet p) {
        int n = p.segs, each = p.gsoSize > 0 ? p.gsoSize : p.payload / n, rest = p.payload - each * (n - 1);
        int truesize = p.truesize / n; // each segment owns its own buffer again, not the merged sum
        Packet chain = null, last = null;
        for (int i = 1; i < n; i++) { // built before anything is queued: a qdisc drop may recycle p
            Packet s = ledger.segmentOf(p, c.stepNow());
            s.payload = i == n - 1 ? rest : each;
            s.seq = p.seq + (long) each * i;
            s.truesize = truesize;
            if (last == null) chain = s; else last.next = s;
            last = s;
        }
        p.payload = each;
        p.segs = 1;
        p.gsoSize = 0;
        p.truesize = truesize;
        p.next = chain;
        for (Packet q = p; q != null; ) {
            Packet nx = q.next;
            q.next = null;
            c.charge(CostKey.GSO_SEGMENT);
            if (!txChecksum) c.charge(CostKey.CSUM_BYTE, q.l4HeaderBytes() + q.payload);
            gsoSegments++;
            enqueue(c, q);
            q = nx;
        }
        run(c);
    }

    /** __qdisc_run: dequeue and transmit while the queue runs, within the quota. */
    void run(Core c) {
        scheduled = false;
        int quota = QDISC_QUOTA;
        while (stopped == 0) {
            Packet p = dequeue(c);
            if (p == null) return;
            // try_bulk_dequeue_skb: while the byte budget lasts, the packet in hand is not the last
            int budget = driver.txBulkAvail() - p.frameBytes();
            for (;;) {
                Packet next = budget > 0 ? dequeue(c) : null;
                if (next != null) {
                    budget -= next.frameBytes();
                    bulkDequeues++;
                }
                if (!driver.xmit(c, p, next != null)) {
                    pushFront(next);
                    pushFront(p);
                    return;
                }
                quota--;
                if (next == null) break;
                // dev_hard_start_xmit requeues the rest of a bulk only when the queue stopped; the quota
                // is charged after the whole bulk (__qdisc_run), so it never cuts one behind an unrung doorbell
                if (stopped != 0) {
                    pushFront(next);
                    break;
                }
                p = next;
            }
            if (quota <= 0) {
                if (backlog() > 0) schedule(c);
                return;
            }
        }
    }

    /** Requeued packets first (dev_requeue_skb), then the qdisc. */
    private Packet dequeue(Core c) {
        Packet p = requeued;
        if (p != null) {
            requeued = p.next;
            p.next = null;
            requeuedCount--;
            return p;
        }
        return qdisc.dequeue(c.stepNow());
    }

    private void pushFront(Packet p) {
        if (p == null) return;
        p.next = requeued;
        requeued = p;
        requeuedCount++;
    }

    private void schedule(Core c) {
        if (scheduled) return;
        scheduled = true;
        txAction.schedule(c, this);
    }

    @Override
    public void stop(int reason) {
        if (stopped == 0) stops++;
        stopped |= reason;
    }

    @Override
    public void wake(Core c, int reason) {
        if ((stopped & reason) == 0) return;
        stopped &= ~reason;
        wakes++;
        if (stopped == 0 && backlog() > 0) schedule(c);
    }

    @Override
    public boolean stopped(int reason) { return (stopped & reason) != 0; }

    /** Packets waiting in the qdisc (including a requeued one). */
    public int backlog() { return qdisc.backlog() + requeuedCount; }

    public long stops() { return stops; }

    public long wakes() { return wakes; }

    public long bulkDequeues() { return bulkDequeues; }

    public long gsoSegments() { return gsoSegments; }
}
