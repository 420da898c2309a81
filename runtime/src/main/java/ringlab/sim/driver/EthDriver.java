package ringlab.sim.driver;

import java.util.List;
import ringlab.sim.cpu.Core;
import ringlab.sim.cpu.IrqLine;
import ringlab.sim.feature.InstallOrder;
import ringlab.sim.net.Ledger;
import ringlab.sim.nic.NicDevice;
import ringlab.sim.nic.RxDesc;
import ringlab.sim.nic.TxDesc;
import ringlab.spi.board.CostKey;
import ringlab.spi.board.IrqUnmask;
import ringlab.spi.board.Nic;
import ringlab.spi.board.Soc;
import ringlab.spi.driver.NapiCompletion;
import ringlab.spi.driver.Exec;
import ringlab.spi.driver.NapiRunner;
import ringlab.spi.driver.RxBuffers;
import ringlab.spi.driver.RxDelivery;
import ringlab.spi.driver.RxLayout;
import ringlab.spi.driver.RxStack;
import ringlab.spi.driver.TxDoorbell;
import ringlab.spi.driver.TxLimit;
import ringlab.spi.feature.DriverFeature;
import ringlab.spi.net.Packet;

/**
 * The NIC driver skeleton, parameterised by the board's NIC, with one replaceable strategy per
 * mechanism (see {@link DriverStrategies}). Its fixed shape is the one bcm63xx, lan743x and ravb share:
 * the ISR masks and schedules NAPI; the poll acks, reclaims tx, receives up to the budget (copybreak
 * below the threshold), hands packets to the delivery strategy, flushes it, refills every used
 * descriptor (a doorbell every refillDoorbellEvery), and below budget asks napi_complete_done whether
 * to unmask. Transmit maps the frame, writes its descriptors, accounts the bytes to the tx limit and
 * rings the doorbell when the doorbell strategy says so.
 */
public final class EthDriver implements IrqLine.Handler, Napi.Poller {
    private final NicDevice nic;
    private final Nic spec;
    private final StreamingDma dma;
    private final RxStack stack;
    private TxQueue txq;
    private final IrqLine line;
    /** The NIC's interrupt for a frame lost at a full ring (nic.rxRingFullIrq), or null. */
    private final IrqLine ringFullLine;
    public final Napi napi;
    final DriverStrategies st;
    private final int lineBytes;
    /** The descriptor's nic.irqUnmask is "always" (bcm63xx): unmask after every poll below budget, whatever napi_complete_done answers. */
    private final boolean ignoresCompleteDone;
    /** HZ &gt;= 1000: a full-budget poll keeps GRO's young packets (__napi_poll's napi_gro_flush(n, HZ &gt;= 1000)). */
    private final boolean fullBudgetKeepsYoung;
    private final int rxCsumState;
    /**
     * Descriptor reads per received frame after the ownership word's (nic.rxDescReads - 1), and per timestamp
     * extension (its ownership word, then its time stamp after the refill): each a round trip where coherent DMA
     * memory is uncached (soc.dmaCoherent false, as on every ARM and MIPS board here); where it is cached the
     * descriptor's line is in the cache after the first read, and only that one is charged.
     */
    private final int rxDescLaterReads, rxExtReads;

    // ring indices
    private int rxCpu, rxDirty, rxToRefill;
    private int txTail, txClean, txFree;

    // poll state
    private static final int P_ACK = 0, P_RX = 1, P_FLUSH = 2, P_REFILL = 3, P_DONE = 4;
    private int phase, budget, work;

    // feature set: requested from outside, installed at a poll boundary
    private List<DriverFeature> requested;
    private List<DriverFeature> active = List.of();
    private long featureChanges;

    // counters (ethtool -S style)
    private long rxPackets, rxCopybreakPkt, rxReinitDropped, txPackets, txCompletions, refillDoorbells, txDoorbells, txBusy, txLimitStops;
    private int sinceDoorbell;

    /** Per rx descriptor: the buffer scheme that posted its buffer and the layout it was posted with
     * (a feature change applies to new buffers; a posted buffer is received and freed by its own scheme). */
    private final RxBuffers[] rxPoster;
    private final RxLayout[] rxPosted;
    /** Frames landed in the ring and discarded by a ring re-initialisation (the driver's stop/open). */
    private final long[] rxReinitDrops;
    private final Ledger ledger;
    private long rxReinits;

    public EthDriver(NicDevice nic, Soc soc, Ledger ledger, RxStack stack, Core napiCore, NapiRunner softirq) {
        this.nic = nic;
        this.spec = nic.spec;
        this.dma = new StreamingDma(soc.cacheLineBytes(), soc.dmaCoherent(), spec.swiotlb() ? soc.kernelVersion() : null);
        this.stack = stack;
        this.ledger = ledger;
        this.rxReinitDrops = ledger.counter("rx_reinit_drops");
        this.lineBytes = soc.cacheLineBytes();
        this.line = new IrqLine(nic.name, this);
        this.ringFullLine = spec.rxRingFullIrq() ? new IrqLine(nic.name + ":ring-full", this::ringFullIrq) : null;
        this.napi = new Napi(nic.name, spec.napiWeight(), this, napiCore, softirq);
        this.txFree = nic.txSize();
        this.ignoresCompleteDone = spec.irqUnmask() == IrqUnmask.ALWAYS;
        this.fullBudgetKeepsYoung = soc.hz() >= 1000;
        this.rxDescLaterReads = soc.dmaCoherent() ? 0 : spec.rxDescReads() - 1;
        this.rxExtReads = soc.dmaCoherent() ? 1 : 2;
        this.rxCsumState = switch (spec.rxChecksum()) {
            case NONE -> Packet.CSUM_NONE;
            case COMPLETE -> Packet.CSUM_COMPLETE;
            case UNNECESSARY -> Packet.CSUM_UNNECESSARY;
        };
        this.st = new DriverStrategies(this, new RxLayout(SkbTruesize.netSkbPad(lineBytes), spec.rxBufferBytes()), softirq,
                soc.kernelVersion(), lineBytes, spec.rxGfpDma());
        this.rxPoster = new RxBuffers[nic.rxSize()];
        this.rxPosted = new RxLayout[nic.rxSize()];
        for (int i = 0; i < rxPosted.length; i++) rxPosted[i] = new RxLayout(0, 0);
    }

    public IrqLine irqLine() { return line; }

    /** The ring-full interrupt's line (nic.rxRingFullIrq), or null for a NIC without one. */
    public IrqLine ringFullIrqLine() { return ringFullLine; }

    /** Hard interrupts this NIC took: its rx/tx line and its ring-full line (one line in /proc/interrupts on ravb GbEth). */
    public long interrupts() { return line.count() + (ringFullLine == null ? 0 : ringFullLine.count()); }

    /**
     * ravb_error_interrupt for a frame the NIC lost at a full ring (RIS2's QFF0 / RFFF behind EIS's QFS): the
     * interrupt status, EIS and RIS2 read, both cleared. Not masked by NAPI, so under a flood it interrupts the
     * poll or the receiver once per lost frame, or once per burst lost while it was pending. The driver counts
     * rx_over_errors there, once per interrupt (not reported here; the ledger counts every lost frame as
     * rx_missed_errors).
     */
    private void ringFullIrq(Core c) {
        c.charge(CostKey.MMIO_READ, 3);
        c.charge(CostKey.MMIO_WRITE, 2);
    }

    public void setTxQueue(TxQueue q) { this.txq = q; }

    public StreamingDma dma() { return dma; }

    public NicDevice nic() { return nic; }

    public DriverStrategies strategies() { return st; }

    /**
     * ndo_open: installs the requested features, posts a buffer on every rx descriptor and unmasks.
     * Runs at probe time, before the measured run, so its work is not charged.
     */
    public void open() {
        applyFeaturesNow();
        for (int i = 0; i < nic.rxSize(); i++) {
            post(ProbeExec.INSTANCE, i);
            nic.rx(i).nicOwned = true;
        }
        rxCpu = 0;
        rxDirty = 0;
        nic.unmaskIrqs();
        opened = true;
    }

    // ------------------------------------------------------------------ features

    /**
     * Asks for a new active feature set; it is installed at the start of the next poll (a safe point), each
     * feature after those it requires ({@link InstallOrder}), whatever order the list gives.
     */
    public void requestFeatures(List<DriverFeature> features) {
        this.requested = InstallOrder.of(features);
        // the reconfiguration path schedules NAPI (napi_schedule from process context: NET_RX via ksoftirqd,
        // or the NAPI thread), so the safe point comes even on an idle device, or one whose interrupt waits
        // for a moderation threshold the new set would change
        if (opened && !napi.isScheduled()) napi.schedule();
    }

    private boolean opened;

    public List<DriverFeature> activeFeatures() { return active; }

    /** A requested feature set (or tunable change) waits for the next poll boundary. */
    public boolean featureChangePending() { return requested != null; }

    public long featureChanges() { return featureChanges; }

    private void applyRequestedFeatures() {
        List<DriverFeature> next = requested;
        requested = null;
        st.reset();
        // install() is feature code, run once per change. With fault isolation on (the node's continuous
        // runs) a feature that throws here is left out (the strategies go back to stock and the others
        // are installed again) and reported, so a bad feature bundle cannot stop the run; batch runs
        // let the exception through, so the CLI reports it.
        for (DriverFeature f : next) {
            try {
                f.install(st.hooks(f));
            } catch (RuntimeException | LinkageError e) {
                if (!isolateFeatureFaults) throw e;
                installFailures.put(f, e);
                List<DriverFeature> rest = new java.util.ArrayList<>(next);
                rest.remove(f);
                requested = rest;
                applyRequestedFeatures();
                return;
            }
        }
        active = next;
        st.installed(next);
        featureChanges++;
    }

    private final java.util.Map<DriverFeature, Throwable> installFailures = new java.util.LinkedHashMap<>();
    private boolean isolateFeatureFaults;

    /** On: a feature whose install() throws is left out and reported ({@link #takeInstallFailures}). */
    public void isolateFeatureFaults(boolean on) { this.isolateFeatureFaults = on; }

    /** Moves the features whose install() threw (since the last call) into {@code into}. */
    public void takeInstallFailures(java.util.Map<DriverFeature, Throwable> into) {
        into.putAll(installFailures);
        installFailures.clear();
    }

    /** Installs the requested set right away (before the run starts). */
    public void applyFeaturesNow() { if (requested != null) applyRequestedFeatures(); }

    // ------------------------------------------------------------------ interrupt

    @Override
    public void hardirq(Core c) {
        c.charge(CostKey.MMIO_READ, spec.isrStatusReads()); // find the cause
        c.charge(CostKey.MMIO_WRITE, 2);  // mask rx and tx interrupts
        nic.maskIrqs();
        napi.schedule();
    }

    // ------------------------------------------------------------------ poll

    @Override
    public void begin(Core c, int budget) {
        if (requested != null) {
            // packets a strategy still holds (GRO keeps young ones across polls under gro_flush_timeout)
            // go up before it is replaced rather than vanish with it
            if (st.delivery.held() > 0) st.delivery.flush(c, stack);
            RxBuffers oldBuffers = st.buffers;
            int oldHeadroom = st.layout.headroom, oldBytes = st.layout.bufferBytes;
            boolean oldSync = st.layout.syncReceivedOnly;
            applyRequestedFeatures();
            if (oldBuffers.getClass() != st.buffers.getClass() || oldHeadroom != st.layout.headroom
                    || oldBytes != st.layout.bufferBytes || oldSync != st.layout.syncReceivedOnly) {
                reinitRx(c, oldBuffers);
            } else if (oldBuffers != st.buffers) {
                oldBuffers.retire(c); // same scheme and layout: its posted buffers stay and come back to it
            }
            st.txLimit.reset();
            if (txq.stopped(TxQueue.STACK)) txq.wake(c, TxQueue.STACK); // the old limit's stop goes with it
        }
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
                phase = P_FLUSH;
                return true;
            }
            case P_FLUSH -> {
                flushDelivery(c);
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
                    boolean unmask = st.completion.complete(c, napi, work);
                    if (unmask || ignoresCompleteDone) {
                        if (spec.irqUnmaskRmw()) c.charge(CostKey.MMIO_READ, 2); // ravb_modify reads RIC0, TIC back
                        c.charge(CostKey.MMIO_WRITE, 2); // unmask rx and tx
                        nic.unmaskIrqs();
                    }
                }
                return false;
            }
        }
    }

    /**
     * The poll's GRO flush and gro_normal_list. A full-budget poll is flushed by __napi_poll (young packets kept
     * only with HZ &gt;= 1000); a shorter one by napi_complete_done, which keeps them while a gro_flush_timeout is
     * in force (the completion's answer). Done before the refill here, after it in the kernel: the same work.
     */
    private void flushDelivery(Core c) {
        boolean keepYoung = work >= budget ? fullBudgetKeepsYoung
                : st.completion.groFlushTimeout(work, st.delivery.held() > 0) != 0;
        if (keepYoung) st.delivery.flushOld(c, stack); else st.delivery.flush(c, stack);
    }

    /** Receives the frame at the CPU's ring index, if the NIC handed one back. */
    private boolean receiveOne(Core c) {
        RxDesc d = nic.rx(rxCpu);
        boolean landed = !d.nicOwned && d.frame != null;
        // with nic.rxHeadWriteback the head index the NIC wrote back is read first, and the descriptor only when it moved
        if (spec.rxHeadWriteback()) c.charge(CostKey.DESC_READ);
        if (landed || !spec.rxHeadWriteback()) c.charge(CostKey.DESC_READ);
        if (!landed) return false;
        Packet p = nic.takeFrame(d);
        int len = p.frameBytes() + Packet.FCS;
        if (rxDescLaterReads > 0) c.charge(CostKey.DESC_READ, rxDescLaterReads);
        c.charge(CostKey.DRV_RX_PKT);
        if (len < spec.copybreak()) {
            // copy into a fresh small skb; the ring buffer stays mapped and in place
            c.charge(CostKey.SKB_ALLOC);
            c.charge(CostKey.BUF_ALLOC);
            c.charge(CostKey.SKB_INIT);
            dma.syncForCpu(c, len);
            if (!dma.bounces()) c.chargeDramRun(dma.linesSpanned(d.headroom, len)); // bounced: copied, cached
            c.charge(CostKey.COPY_BYTE, len);
            dma.syncForDevice(c, len);
            p.ipMisalign = 0; // netdev_alloc_skb_ip_align
            p.truesize = SkbTruesize.netdevAllocSkb(SkbTruesize.netSkbPad(lineBytes) + 2 + len, lineBytes); // + NET_IP_ALIGN
            p.owner = null;
            rxCopybreakPkt++;
        } else {
            rxPoster[rxCpu].receive(c, d.cookie, p, rxPosted[rxCpu], dma);
            if (dma.bounces()) {
                p.payloadCached = true; // swiotlb copied the frame into the buffer: headers and payload are cached
            } else {
                // the first reads of the headers miss: the lines were invalidated for the DMA
                c.charge(CostKey.DRAM_MISS, dma.linesSpanned(d.headroom, Packet.ETH_HEADER + Packet.IP_HEADER + p.l4HeaderBytes()));
            }
            p.ipMisalign = (d.headroom + Packet.ETH_HEADER) & 3;
            d.cookie = null; // the buffer goes up the stack with the skb
        }
        p.csumState = rxCsumState;
        rxCpu = next(rxCpu, nic.rxSize());
        rxToRefill++;
        if (spec.rxTimestampDesc()) { // the extension: its ownership, then the time stamp (data1, data2); reused at refill
            c.charge(CostKey.DESC_READ, rxExtReads);
            rxCpu = next(rxCpu, nic.rxSize());
            rxToRefill++;
        }
        work++;
        rxPackets++;
        st.delivery.deliver(c, p, stack);
        return true;
    }

    /**
     * The rx ring re-initialisation of ndo_stop + ndo_open, at a change of buffer scheme or layout (the
     * NAPI instance is ours for this poll, so nothing else touches the ring): frames landed and not yet
     * received are counted dropped (rx_reinit_drops) as the ring's skbs are freed, every posted buffer is
     * freed by the scheme that posted it, the replaced schemes are retired (page_pool_destroy), then every
     * descriptor gets a buffer of the new scheme and layout, the ring indices restart at 0 on both sides
     * and one doorbell hands the ring back. Charged to this poll. Not modelled: the NIC's rx DMA being
     * disabled meanwhile (the step's logic is instantaneous, so no frame lands half-way).
     */
    private void reinitRx(Core c, RxBuffers replaced) {
        int n = nic.rxSize();
        List<RxBuffers> retired = new java.util.ArrayList<>();
        retired.add(replaced);
        for (int i = 0; i < n; i++) {
            RxDesc d = nic.rx(i);
            c.charge(CostKey.DESC_READ);
            Packet landed = nic.takeFrame(d);
            if (landed != null) {
                rxReinitDropped++;
                ledger.drop(landed, rxReinitDrops);
            }
            if (d.cookie != null) {
                rxPoster[i].unpost(c, d.cookie, rxPosted[i], dma);
                d.cookie = null;
                boolean seen = false;
                for (RxBuffers r : retired) seen |= r == rxPoster[i];
                if (!seen) retired.add(rxPoster[i]);
            }
            d.nicOwned = false;
        }
        for (RxBuffers r : retired) if (r != st.buffers) r.retire(c);
        for (int i = 0; i < n; i++) {
            RxDesc d = nic.rx(i);
            post(c, i);
            d.postedNs = c.stepNow();
            c.charge(CostKey.DESC_WRITE);
            d.nicOwned = true;
        }
        nic.rxRingReset();
        rxCpu = 0;
        rxDirty = 0;
        rxToRefill = 0;
        ringRefillDoorbell(c);
        rxReinits++;
    }

    /** Hangs a new buffer of the current scheme and layout on descriptor i. */
    private void post(Exec x, int i) {
        RxDesc d = nic.rx(i);
        d.cookie = st.buffers.post(x, st.layout, dma);
        d.bufBytes = st.layout.bufferBytes;
        d.headroom = st.layout.headroom;
        rxPoster[i] = st.buffers;
        RxLayout l = rxPosted[i];
        l.headroom = st.layout.headroom;
        l.bufferBytes = st.layout.bufferBytes;
        l.syncReceivedOnly = st.layout.syncReceivedOnly;
    }

    /** Gives every used descriptor back to the NIC, with a new buffer where the old one went up. */
    private void refill(Core c) {
        while (rxToRefill > 0) {
            RxDesc d = nic.rx(rxDirty);
            if (d.cookie == null) post(c, rxDirty);
            d.postedNs = c.stepNow();
            c.charge(CostKey.DESC_WRITE);
            d.nicOwned = true;
            if (++sinceDoorbell >= spec.refillDoorbellEvery()) ringRefillDoorbell(c);
            rxDirty = next(rxDirty, nic.rxSize());
            rxToRefill--;
        }
        if (sinceDoorbell > 0) ringRefillDoorbell(c);
    }

    private void ringRefillDoorbell(Core c) {
        c.charge(CostKey.MMIO_WRITE);
        refillDoorbells++;
        sinceDoorbell = 0;
        nic.rxTailWritten(c.stepNow());
    }

    // ------------------------------------------------------------------ transmit

    /** ndo_start_xmit. Returns false (NETDEV_TX_BUSY) if the ring has no room; the caller requeues. */
    public boolean xmit(Core c, Packet p, boolean more) {
        int need = spec.txDescPerPacket();
        if (txFree < need) {
            txBusy++;
            txq.stop(TxQueue.DRIVER);
            return false;
        }
        c.charge(CostKey.DRV_TX_PKT);
        int len = p.frameBytes();
        dma.mapToDevice(c, len, p.dirty);
        c.charge(CostKey.DESC_WRITE, need);
        TxDesc d = nic.tx(txTail);
        d.cookie = p;
        d.sndOwner = p.sndOwner;
        d.rxOwner = p.owner;
        d.truesize = p.truesize;
        p.sndOwner = null;
        d.bytes = len;
        d.descs = need;
        d.done = false;
        for (int i = 0; i < need; i++) nic.tx(ringAdd(txTail, i, nic.txSize())).nicOwned = true;
        txTail = ringAdd(txTail, need, nic.txSize());
        txFree -= need;
        txPackets++;
        boolean limitStop = !st.txLimit.sent(c, len);
        boolean ringFull = txFree < need;
        // __netdev_tx_sent_queue: a queue stopped by the limit must be kicked even inside a bulk
        if (st.doorbell.ring(more, ringFull) || limitStop) {
            if (spec.txDoorbellRmw()) c.charge(CostKey.MMIO_READ);
            c.charge(CostKey.MMIO_WRITE);
            txDoorbells++;
            nic.doorbell(c.stepNow());
        }
        if (ringFull) txq.stop(TxQueue.DRIVER);
        if (limitStop) {
            txLimitStops++;
            txq.stop(TxQueue.STACK);
        }
        return true;
    }

    /** (i + n) % size for 0 <= i < size and 0 <= n <= size, without the division (per transmitted packet). */
    private static int ringAdd(int i, int n, int size) {
        int j = i + n;
        return j >= size ? j - size : j;
    }

    private void reclaimTx(Core c) {
        int released = 0, bytes = 0;
        for (;;) {
            TxDesc d = nic.tx(txClean);
            if (!d.done) break;
            c.charge(CostKey.DESC_READ);
            dma.unmapToDevice(c);
            SkbFree.free(c, d.rxOwner, null, true);
            c.charge(CostKey.DRV_TX_DONE);
            if (d.sndOwner != null) ((TxOwner) d.sndOwner).txFreed(c, d.truesize);
            d.sndOwner = null;
            d.rxOwner = null;
            int n = d.descs;
            d.done = false;
            for (int i = 0; i < n; i++) nic.tx(ringAdd(txClean, i, nic.txSize())).nicOwned = false;
            txClean = ringAdd(txClean, n, nic.txSize());
            txFree += n;
            txCompletions++;
            released++;
            bytes += d.bytes;
        }
        if (released == 0) return;
        if (st.txLimit.completed(c, released, bytes) && txq.stopped(TxQueue.STACK)) txq.wake(c, TxQueue.STACK);
        if (txq.stopped(TxQueue.DRIVER) && txFree >= spec.txDescPerPacket()) txq.wake(c, TxQueue.DRIVER);
    }

    /** Bytes the qdisc may bulk-dequeue now (0: one packet per dequeue, as without BQL). */
    public int txBulkAvail() { return st.txLimit.avail(); }

    private static int next(int i, int n) { return i + 1 == n ? 0 : i + 1; }

    // ------------------------------------------------------------------ counters

    public long rxPackets() { return rxPackets; }

    /** Frames copied into a fresh small skb for being shorter than the copybreak size (ENA's rx_copybreak_pkt). */
    public long rxCopybreakPkt() { return rxCopybreakPkt; }

    /** Frames landed in the ring and freed by a ring re-initialisation on this port (the ledger's rx_reinit_drops). */
    public long rxReinitDropped() { return rxReinitDropped; }

    /** The copybreak size in bytes, what ethtool --get-tunable rx-copybreak answers (0: the driver never copies). */
    public int rxCopybreakBytes() { return spec.copybreak(); }

    public long txPackets() { return txPackets; }

    public long txCompletions() { return txCompletions; }

    public long refillDoorbells() { return refillDoorbells; }

    public long txDoorbells() { return txDoorbells; }

    public long txBusy() { return txBusy; }

    public long txLimitStops() { return txLimitStops; }

    /** Rx ring re-initialisations done for a change of buffer scheme or layout. */
    public long rxReinits() { return rxReinits; }

    /** Tx descriptors in use (queued or in flight). */
    public int txInUse() { return nic.txSize() - txFree; }

    /** Packets a delivery strategy holds (GRO, lists) right now. */
    public int rxHeld() { return st.delivery.held(); }
}
