package ringlab.sim.driver;

import ringlab.sim.cost.CostKey;
import ringlab.sim.cpu.Core;
import ringlab.sim.cpu.IrqLine;
import ringlab.sim.net.Ledger;
import ringlab.sim.net.Packet;
import ringlab.sim.nic.NicDevice;
import ringlab.sim.nic.RxDesc;
import ringlab.sim.nic.TxDesc;
import ringlab.spi.board.Nic;
import ringlab.spi.board.Soc;
import ringlab.spi.feature.DriverFeature;
import ringlab.spi.feature.DriverHooks;
import java.util.List;

/**
 * The NIC driver skeleton in its stock form (bcm63xx before the feature changes, and the same shape for
 * lan743x and ravb, parameterised by the board's NIC): ISR masks and schedules NAPI; the poll acks,
 * reclaims tx, receives up to the budget with preallocated skbs unmapped in full (copybreak below the
 * threshold), hands each packet to the stack, refills every used descriptor with a new skb (a doorbell
 * every refillDoorbellEvery descriptors), and below budget completes and unmasks. Transmit maps the frame,
 * writes its descriptors and rings the doorbell per packet.
 */
public final class EthDriver implements IrqLine.Handler, Napi.Poller {
    /** sk_buff plus skb_shared_info overhead in truesize (SKB_TRUESIZE), 32-bit-ish kernel sizes. */
    static final int SKB_OVERHEAD = 512;
    static final int NET_IP_ALIGN = 2;

    private final NicDevice nic;
    private final Nic spec;
    private final Dma dma;
    private final Ledger ledger;
    private final RxSink stack;
    private TxQueue txq;
    private final IrqLine line;
    public final Napi napi;
    private final int headroom;
    private final int lineBytes;

    // ring indices
    private int rxCpu, rxDirty, rxToRefill;
    private final int rxCsumState;
    private int txTail, txClean, txFree;

    // poll state
    private static final int P_ACK = 0, P_RX = 1, P_REFILL = 2, P_DONE = 3;
    private int phase, budget, work;
    private boolean respectsCompleteDone;

    // feature set: requested from outside, installed at a poll boundary
    private List<DriverFeature> requested;
    private DriverHooks requestedHooks;
    private List<DriverFeature> active = List.of();
    private long featureChanges;

    // counters (ethtool -S style)
    private long rxPackets, rxCopybreak, txPackets, txCompletions, refillDoorbells, txDoorbells, txBusy;
    private int sinceDoorbell;

    public EthDriver(NicDevice nic, Soc soc, Ledger ledger, RxSink stack, Napi.Scheduler napiScheduler) {
        this.nic = nic;
        this.spec = nic.spec;
        this.dma = new Dma(soc.cacheLineBytes());
        this.ledger = ledger;
        this.stack = stack;
        this.lineBytes = soc.cacheLineBytes();
        this.headroom = Math.max(32, soc.cacheLineBytes()); // NET_SKB_PAD = max(32, L1_CACHE_BYTES)
        this.line = new IrqLine(nic.name, this);
        this.napi = new Napi(nic.name, spec.napiWeight(), this, napiScheduler);
        this.txFree = nic.txSize();
        this.respectsCompleteDone = !spec.model().startsWith("bcm63xx");
        this.rxCsumState = switch (spec.rxChecksum()) {
            case "none" -> Packet.CSUM_NONE;
            case "complete" -> Packet.CSUM_COMPLETE;
            case "unnecessary" -> Packet.CSUM_UNNECESSARY;
            default -> throw new IllegalArgumentException("nic rxChecksum must be none, unnecessary or complete: " + spec.rxChecksum());
        };
    }

    public IrqLine irqLine() { return line; }

    public void setTxQueue(TxQueue q) { this.txq = q; }

    public Dma dma() { return dma; }

    /** ndo_open: post a buffer on every rx descriptor and unmask. Runs outside the CPU model (probe time). */
    public void open(Core c) {
        for (int i = 0; i < nic.rxSize(); i++) postBuffer(c, nic.rx(i), true);
        rxCpu = 0;
        rxDirty = 0;
        nic.unmaskIrqs();
    }

    // ------------------------------------------------------------------ interrupt

    @Override
    public void hardirq(Core c) {
        c.charge(CostKey.MMIO_READ);      // read the interrupt status
        c.charge(CostKey.MMIO_WRITE, 2);  // mask rx and tx interrupts
        nic.maskIrqs();
        napi.schedule();
    }

    // ------------------------------------------------------------------ poll

    /** Asks for a new active feature set; it is installed at the start of the next poll (a safe point). */
    public void requestFeatures(List<DriverFeature> features, DriverHooks hooks) {
        this.requested = List.copyOf(features);
        this.requestedHooks = hooks;
    }

    public List<DriverFeature> activeFeatures() { return active; }

    public long featureChanges() { return featureChanges; }

    private void applyRequestedFeatures() {
        List<DriverFeature> next = requested;
        requested = null;
        for (DriverFeature f : next) f.install(requestedHooks);
        active = next;
        featureChanges++;
    }

    @Override
    public void begin(Core c, int budget) {
        if (requested != null) applyRequestedFeatures();
        this.budget = budget;
        this.work = 0;
        this.phase = P_ACK;
    }

    @Override
    public int workDone() { return work; }

    @Override
    public boolean step(Core c) {
        switch (phase) {
            case P_ACK -> {
                c.charge(CostKey.MMIO_WRITE, 2); // ack rx and tx interrupt status
                nic.ackCauses();
                reclaimTx(c);
                phase = P_RX;
                return true;
            }
            case P_RX -> {
                if (work < budget && receiveOne(c)) return true;
                phase = P_REFILL;
                return true;
            }
            case P_REFILL -> {
                refill(c);
                phase = P_DONE;
                return true;
            }
            default -> {
                if (work < budget) {
                    boolean done = napi.completeDone(work);
                    if (done || !respectsCompleteDone) {
                        c.charge(CostKey.MMIO_WRITE, 2); // unmask rx and tx
                        nic.unmaskIrqs();
                    }
                }
                return false;
            }
        }
    }

    /** Receives the frame at the CPU's ring index, if the NIC handed one back. */
    private boolean receiveOne(Core c) {
        RxDesc d = nic.rx(rxCpu);
        c.charge(CostKey.DESC_READ);
        if (d.nicOwned || d.frame == null) return false;
        Packet p = d.frame;
        d.frame = null;
        int len = p.frameBytes() + Packet.FCS;
        c.charge(CostKey.DRV_RX_PKT);
        if (len < spec.copybreak()) {
            // copy into a fresh small skb; the ring buffer stays mapped and in place
            c.charge(CostKey.SKB_ALLOC);
            c.charge(CostKey.BUF_ALLOC);
            c.charge(CostKey.SKB_INIT);
            dma.unmapForCpu(c, len);
            c.charge(CostKey.DRAM_MISS, dma.linesSpanned(d.headroom, len));
            c.charge(CostKey.COPY_BYTE, len);
            dma.mapForDevice(c, len);
            p.ipMisalign = 0; // netdev_alloc_skb_ip_align
            p.truesize = SKB_OVERHEAD + 2 * lineBytes + len;
            rxCopybreak++;
        } else {
            dma.unmapForCpu(c, d.bufBytes);
            c.charge(CostKey.SKB_COLD_TOUCH);
            // the first reads of the headers miss: the lines were invalidated for the DMA
            c.charge(CostKey.DRAM_MISS, dma.linesSpanned(d.headroom, Packet.ETH_HEADER + Packet.IP_HEADER + p.l4HeaderBytes()));
            p.ipMisalign = (d.headroom + Packet.ETH_HEADER) & 3;
            p.truesize = SKB_OVERHEAD + d.headroom + d.bufBytes;
            d.cookie = null; // the skb goes up the stack
        }
        p.csumState = rxCsumState;
        rxCpu = next(rxCpu, nic.rxSize());
        rxToRefill++;
        work++;
        rxPackets++;
        stack.receive(c, p, true);
        return true;
    }

    /** Gives every used descriptor back to the NIC, allocating a new skb where the old one went up. */
    private void refill(Core c) {
        while (rxToRefill > 0) {
            postBuffer(c, nic.rx(rxDirty), false);
            rxDirty = next(rxDirty, nic.rxSize());
            rxToRefill--;
        }
        if (sinceDoorbell > 0) ringRefillDoorbell(c);
    }

    private void postBuffer(Core c, RxDesc d, boolean atOpen) {
        if (d.cookie == null) {
            // netdev_alloc_skb(rx_skb_size) + dma_map_single of the whole buffer
            if (!atOpen) {
                c.charge(CostKey.SKB_ALLOC);
                c.charge(CostKey.BUF_ALLOC);
                c.charge(CostKey.SKB_INIT);
                dma.mapForDevice(c, spec.rxBufferBytes());
            }
            d.cookie = Boolean.TRUE;
            d.bufBytes = spec.rxBufferBytes();
            d.headroom = headroom;
        }
        d.postedNs = atOpen ? 0 : c.stepNow();
        if (!atOpen) c.charge(CostKey.DESC_WRITE);
        d.nicOwned = true;
        if (!atOpen && ++sinceDoorbell >= spec.refillDoorbellEvery()) ringRefillDoorbell(c);
    }

    private void ringRefillDoorbell(Core c) {
        c.charge(CostKey.MMIO_WRITE);
        refillDoorbells++;
        sinceDoorbell = 0;
    }

    // ------------------------------------------------------------------ transmit

    /** ndo_start_xmit. Returns false (NETDEV_TX_BUSY) if the ring has no room; the caller requeues. */
    public boolean xmit(Core c, Packet p, boolean more) {
        int need = spec.txDescPerPacket();
        if (txFree < need) {
            txBusy++;
            txq.stop();
            return false;
        }
        c.charge(CostKey.DRV_TX_PKT);
        int len = p.frameBytes();
        dma.mapToDevice(c, len);
        c.charge(CostKey.DESC_WRITE, need);
        TxDesc d = nic.tx(txTail);
        d.cookie = p;
        d.owner = p.owner;
        d.truesize = p.truesize;
        p.owner = null;
        d.bytes = len;
        d.descs = need;
        d.done = false;
        for (int i = 0; i < need; i++) nic.tx((txTail + i) % nic.txSize()).nicOwned = true;
        txTail = (txTail + need) % nic.txSize();
        txFree -= need;
        txPackets++;
        if (!more || txFree < need) {
            if (spec.txDoorbellRmw()) c.charge(CostKey.MMIO_READ);
            c.charge(CostKey.MMIO_WRITE);
            txDoorbells++;
            nic.doorbell(c.stepNow());
        }
        if (txFree < need) txq.stop();
        return true;
    }

    private void reclaimTx(Core c) {
        int released = 0;
        for (;;) {
            TxDesc d = nic.tx(txClean);
            if (!d.done) break;
            c.charge(CostKey.DESC_READ);
            dma.unmapToDevice(c);
            c.charge(CostKey.SKB_FREE);
            c.charge(CostKey.BUF_FREE);
            c.charge(CostKey.DRV_TX_DONE);
            if (d.owner != null) {
                ((TxOwner) d.owner).txFreed(c, d.truesize);
                d.owner = null;
            }
            int n = d.descs;
            d.done = false;
            for (int i = 0; i < n; i++) nic.tx((txClean + i) % nic.txSize()).nicOwned = false;
            txClean = (txClean + n) % nic.txSize();
            txFree += n;
            txCompletions++;
            released++;
        }
        if (released > 0 && txq.stopped() && txFree >= spec.txDescPerPacket()) txq.wake(c);
    }

    private static int next(int i, int n) { return i + 1 == n ? 0 : i + 1; }

    // ------------------------------------------------------------------ counters

    public long rxPackets() { return rxPackets; }

    public long rxCopybreak() { return rxCopybreak; }

    public long txPackets() { return txPackets; }

    public long txCompletions() { return txCompletions; }

    public long refillDoorbells() { return refillDoorbells; }

    public long txDoorbells() { return txDoorbells; }

    public long txBusy() { return txBusy; }

    /** Tx descriptors in use (queued or in flight). */
    public int txInUse() { return nic.txSize() - txFree; }

    public NicDevice nic() { return nic; }
}
