package ringlab.sim.stack;

import ringlab.sim.cpu.Core;
import ringlab.sim.driver.EthDriver;
import ringlab.sim.driver.TxOwner;
import ringlab.sim.driver.TxQueue;
import ringlab.sim.net.Ledger;
import ringlab.sim.qdisc.Qdisc;
import ringlab.spi.board.CostKey;
import ringlab.spi.board.Nic;
import ringlab.spi.board.Soc;
import ringlab.spi.net.Packet;

/**
 * A net_device's transmit side: dev_queue_xmit enqueues on the qdisc and runs it (__qdisc_run with a
 * quota of 64 packets), handing packets to the driver until the queue is stopped, by the driver (ring
 * full) or by the byte limit (BQL); a packet the driver refuses is requeued. With a byte limit the
 * qdisc dequeues in bulk up to dql_avail and marks all but the last packet "xmit_more"; without one
 * it dequeues one packet at a time (qdisc_avail_bulklimit is 0). A wake reschedules the qdisc through
 * NET_TX softirq. A GRO-merged packet sits in the qdisc as one packet and is segmented when it is handed
 * to the driver (validate_xmit_skb, {@link SoftwareGso}); its segments go to the driver as one list
 * (dev_hard_start_xmit, xmit_more on all but the last), and what the driver does not take when the queue
 * stops is requeued (dev_requeue_skb: the qdisc's requeues counter, once per packet put back).
 */
public final class NetDev implements TxQueue {
    static final int QDISC_QUOTA = 64; // dev_tx_weight

    public final String name;
    private final EthDriver driver;
    private final Ledger ledger;
    private final long[] qdiscDrops;
    private final NetTxAction txAction;
    private final SoftwareGso gso;
    private Qdisc qdisc;
    private Packet requeued;
    private int requeuedCount;
    /** The rest of a segmented packet's list that dev_hard_start_xmit is handing to the driver. */
    private Packet inHand;
    private int stopped;
    private boolean scheduled;
    private long stops, wakes, txQueued, bulkDequeues, requeues;

    public NetDev(String name, EthDriver driver, Qdisc qdisc, Ledger ledger, NetTxAction txAction, Nic nic, Soc soc) {
        this.name = name;
        this.driver = driver;
        this.qdisc = qdisc;
        this.ledger = ledger;
        this.txAction = txAction;
        this.gso = new SoftwareGso(ledger, nic, soc);
        this.qdiscDrops = ledger.counter("qdisc_drop");
        driver.setTxQueue(this);
    }

    public EthDriver driver() { return driver; }

    public Qdisc qdisc() { return qdisc; }

    /** dev_queue_xmit, from whatever context is running on core c. */
    public void queueXmit(Core c, Packet p) {
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
                Packet next = null;
                if (inHand != null) { // the rest of the segmented packet's list
                    next = dequeue(c);
                    budget -= next.frameBytes();
                } else if (budget > 0 && (next = dequeue(c)) != null) {
                    budget -= next.frameBytes();
                    bulkDequeues++;
                }
                if (!driver.xmit(c, p, next != null)) {
                    requeue(p, next);
                    return;
                }
                quota--;
                if (next == null) break;
                // dev_hard_start_xmit requeues the rest of a bulk only when the queue stopped; the quota
                // is charged after the whole bulk (__qdisc_run), so it never cuts one behind an unrung doorbell
                if (stopped != 0) {
                    requeue(null, next);
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

    /** The list in hand first (the rest of a segmented packet), then requeued packets (dev_requeue_skb), then
     * the qdisc; a merged packet from the qdisc is segmented here (validate_xmit_skb). */
    private Packet dequeue(Core c) {
        Packet p = inHand;
        if (p != null) {
            inHand = p.next;
            p.next = null;
            return p;
        }
        p = requeued;
        if (p != null) {
            requeued = p.next;
            p.next = null;
            requeuedCount--;
        } else {
            p = qdisc.dequeue(c.stepNow());
        }
        if (p != null && p.segs > 1) {
            p = gso.segment(c, p);
            inHand = p.next;
            p.next = null;
        }
        return p;
    }

    /** dev_requeue_skb of what the driver did not take: p (refused, may be null), next and the list in hand. */
    private void requeue(Packet p, Packet next) {
        if (inHand != null) { // in order behind next
            Packet tail = inHand;
            int n = 1;
            for (; tail.next != null; tail = tail.next) n++;
            tail.next = requeued;
            requeued = inHand;
            inHand = null;
            requeuedCount += n;
            requeues += n;
        }
        pushFront(next);
        pushFront(p);
    }

    private void pushFront(Packet p) {
        if (p == null) return;
        p.next = requeued;
        requeued = p;
        requeuedCount++;
        requeues++;
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

    /** Segments software GSO made (validate_xmit_skb). */
    public long gsoSegments() { return gso.segments(); }

    /** Packets put back at the head of the queue because the driver did not take them (qdisc requeues). */
    public long requeues() { return requeues; }
}
