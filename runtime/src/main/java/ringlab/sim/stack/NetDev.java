package ringlab.sim.stack;

import ringlab.sim.cost.CostKey;
import ringlab.sim.cpu.Core;
import ringlab.sim.driver.EthDriver;
import ringlab.sim.driver.TxOwner;
import ringlab.sim.driver.TxQueue;
import ringlab.sim.net.Ledger;
import ringlab.sim.net.Packet;
import ringlab.sim.qdisc.Qdisc;

/**
 * A net_device's transmit side: dev_queue_xmit enqueues on the qdisc and runs it (__qdisc_run with a
 * quota of 64 packets), handing packets to the driver until it stops the queue; a packet the driver
 * refuses is requeued; a wake from tx completion reschedules the qdisc through NET_TX softirq.
 */
public final class NetDev implements TxQueue {
    static final int QDISC_QUOTA = 64; // dev_tx_weight

    public final String name;
    private final EthDriver driver;
    private final Ledger ledger;
    private final long[] qdiscDrops;
    private final NetTxAction txAction;
    private Qdisc qdisc;
    private Packet requeued;
    private boolean stopped;
    private boolean scheduled;
    private long stops, wakes, txQueued;

    public NetDev(String name, EthDriver driver, Qdisc qdisc, Ledger ledger, NetTxAction txAction) {
        this.name = name;
        this.driver = driver;
        this.qdisc = qdisc;
        this.ledger = ledger;
        this.txAction = txAction;
        this.qdiscDrops = ledger.counter("qdisc_drop");
        driver.setTxQueue(this);
    }

    public EthDriver driver() { return driver; }

    public Qdisc qdisc() { return qdisc; }

    /** dev_queue_xmit, from whatever context is running on core c. */
    public void queueXmit(Core c, Packet p) {
        c.charge(CostKey.DEV_XMIT);
        txQueued++;
        if (!qdisc.enqueue(p, c.stepNow())) {
            if (p.owner instanceof TxOwner o) o.txFreed(c, p.truesize); // kfree_skb runs the socket destructor
            ledger.drop(p, qdiscDrops);
            return;
        }
        run(c);
    }

    /** __qdisc_run: dequeue and transmit while the driver accepts, within the quota. */
    void run(Core c) {
        scheduled = false;
        int quota = QDISC_QUOTA;
        while (!stopped) {
            Packet p = requeued;
            if (p != null) requeued = null; else p = qdisc.dequeue(c.stepNow());
            if (p == null) return;
            if (!driver.xmit(c, p, false)) {
                requeued = p;
                return;
            }
            if (--quota == 0) {
                if (requeued != null || qdisc.backlog() > 0) schedule(c);
                return;
            }
        }
    }

    private void schedule(Core c) {
        if (scheduled) return;
        scheduled = true;
        txAction.schedule(c, this);
    }

    @Override
    public void stop() {
        if (!stopped) stops++;
        stopped = true;
    }

    @Override
    public void wake(Core c) {
        stopped = false;
        wakes++;
        if (requeued != null || qdisc.backlog() > 0) schedule(c);
    }

    @Override
    public boolean stopped() { return stopped; }

    /** Packets waiting in the qdisc (including a requeued one). */
    public int backlog() { return qdisc.backlog() + (requeued != null ? 1 : 0); }

    public long stops() { return stops; }

    public long wakes() { return wakes; }
}
