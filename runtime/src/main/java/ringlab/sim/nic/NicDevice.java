package ringlab.sim.nic;

import ringlab.sim.cpu.Core;
import ringlab.sim.cpu.IrqLine;
import ringlab.sim.engine.EventHandler;
import ringlab.sim.engine.Sim;
import ringlab.sim.net.Ledger;
import ringlab.spi.net.Packet;
import ringlab.spi.board.Nic;
import ringlab.spi.driver.NicModeration;

/**
 * The NIC hardware: rx and tx descriptor rings with ownership, DMA into posted buffers, wire
 * transmission in ring order, and an interrupt line whose rx and tx causes the driver masks and
 * unmasks. A frame finding no NIC-owned rx descriptor is dropped and counted (rx_missed_errors), or,
 * with 802.3x flow control (nic.flowControl), waits in the MAC's receive FIFO and pauses the link
 * partner ({@link PauseFlowControl}) until the driver's next rx tail write lets it in. A NIC with nic.rxRingFullIrq
 * also raises its ring-full interrupt for a lost frame, whatever the driver has masked. A NIC with
 * nic.rxTimestampDesc writes a timestamp extension into the descriptor after each frame's, so a frame needs two.
 * Interrupt causes are level-triggered: unmasking with a cause latched raises the line at once.
 * DMA is instantaneous on frame arrival (bus bandwidth not modelled).
 */
public final class NicDevice implements Port, EventHandler, NicModeration, Link.TxDone {
    private static final int MOD_TIMER = 2, FIFO_DRAIN = 3;
    static final boolean TRACE = Boolean.getBoolean("ringlab.trace");
    public final String name;
    public final Nic spec;
    private final Sim sim;
    private final Ledger ledger;
    private final long[] rxMissed;
    private final long[] rxLength;
    private Link txLink;
    private Core irqCore;
    private IrqLine line;
    private IrqLine ringFullLine;
    private PauseFlowControl flowControl;

    private final RxDesc[] rx;
    private int rxNicHead;
    private final TxDesc[] tx;
    private int txNicHead;
    private int txNicSubmitted;

    private boolean rxIrqEnabled = true, txIrqEnabled = true;
    private boolean rxCause, txCause;
    private int rxPending;
    private long rxFrames, txFrames, rxBytes, txBytes, doorbells, rxFramesLanded;
    // this port's share of the ledger's rx_missed_errors and rx_length_errors (the ledger slots are device-wide)
    private long rxMissedErrors, rxLengthErrors;

    public NicDevice(String name, Nic spec, Sim sim, Ledger ledger) {
        this.name = name;
        this.spec = spec;
        this.sim = sim;
        this.ledger = ledger;
        this.rxMissed = ledger.counter("rx_missed_errors");
        this.rxLength = ledger.counter("rx_length_errors");
        rx = new RxDesc[spec.rxRing()];
        for (int i = 0; i < rx.length; i++) rx[i] = new RxDesc();
        tx = new TxDesc[spec.txRing()];
        for (int i = 0; i < tx.length; i++) tx[i] = new TxDesc();
    }

    public void attach(Link txLink, Core irqCore, IrqLine line) {
        this.txLink = txLink;
        this.irqCore = irqCore;
        this.line = line;
        txLink.onTxDone(this);
    }

    /** The interrupt raised for each frame lost at a full ring (nic.rxRingFullIrq; level-triggered like the main line). */
    public void attachRingFullIrq(IrqLine l) { this.ringFullLine = l; }

    /**
     * Turns on 802.3x flow control towards the link direction that feeds this NIC (nic.flowControl, or
     * --set tx_pause): its PAUSE frames stop that link's transmitter after the PAUSE frame's wire time
     * and the propagation.
     */
    public void attachRx(Link in, long propagationNs) {
        long pauseWireNs = (long) Math.ceil(PauseFlowControl.PAUSE_WIRE_BYTES * 8e9 / spec.linkBitsPerSecond());
        flowControl = new PauseFlowControl(sim, in, pauseWireNs + propagationNs);
    }

    public RxDesc rx(int i) { return rx[i]; }

    public int rxSize() { return rx.length; }

    public TxDesc tx(int i) { return tx[i]; }

    public int txSize() { return tx.length; }

    public IrqLine irqLine() { return line; }

    public Link txLink() { return txLink; }

    // ------------------------------------------------------------------ receive

    @Override
    public void frameArrived(Packet p) {
        if (TRACE) System.out.println(sim.now() + " dev<- " + p);
        boolean room = roomAtHead();
        if (flowControl != null && (flowControl.holding() || !room)) {
            if (flowControl.hold(p)) return; // lands at the driver's next rx tail write
        } else if (room) {
            land(p, rx[rxNicHead]);
            return;
        }
        rxMissedErrors++;
        ledger.drop(p, rxMissed);
        if (ringFullLine != null) irqCore.raise(ringFullLine);
    }

    /** The driver wrote the rx tail (refill doorbell) at {@code at}: frames waiting in the FIFO take the new descriptors. */
    public void rxTailWritten(long at) {
        if (flowControl != null && flowControl.holding()) sim.at(at, this, FIFO_DRAIN, null);
    }

    private void drainFifo() {
        while (flowControl.holding() && roomAtHead()) land(flowControl.next(), rx[rxNicHead]);
    }

    /** A free descriptor at the head, and with nic.rxTimestampDesc the one after it for the frame's extension. */
    private boolean roomAtHead() {
        return rx[rxNicHead].nicOwned && (!spec.rxTimestampDesc() || rx[nextRx(rxNicHead)].nicOwned);
    }

    private int nextRx(int i) { return i + 1 == rx.length ? 0 : i + 1; }

    /** DMA of a frame into the free descriptor d at the NIC's head. */
    private void land(Packet p, RxDesc d) {
        if (p.frameBytes() + Packet.FCS > d.bufBytes) { // the headroom is reserved in front of bufBytes
            rxLengthErrors++;
            ledger.drop(p, rxLength);
            return;
        }
        d.frame = p;
        d.nicOwned = false;
        rxNicHead = nextRx(rxNicHead);
        if (spec.rxTimestampDesc()) { // the extension (the frame's receive time stamp) in the next descriptor
            rx[rxNicHead].nicOwned = false;
            rxNicHead = nextRx(rxNicHead);
        }
        rxFramesLanded++;
        rxPending++;
        rxBytes += p.frameBytes();
        rxCause = true;
        moderationFrame();
        if (rxIrqEnabled) rxInterrupt();
    }

    /** The driver re-initialised its rx ring (every descriptor posted again): the NIC starts at entry 0. */
    public void rxRingReset() { rxNicHead = 0; }

    // ------------------------------------------------------------------ interrupt moderation

    private long modUsecs;
    private int modFrames, framesSinceIrq;
    /** When the first frame since the last rx interrupt landed (the rx-usecs clock starts there). */
    private long firstFrameNs;
    private long moderatedIrqs;

    /**
     * ethtool -C rx-usecs / rx-frames (lan743x-style): the rx interrupt is asserted once rx-frames frames
     * have landed since the driver last acknowledged the status, or rx-usecs after the first of them,
     * whichever comes first; while the driver has it masked the condition waits for the unmask. Tx
     * completions are not moderated (tx-usecs is not modelled).
     */
    @Override
    public void setRx(int usecs, int frames) {
        if (!spec.irqModeration()) throw new IllegalStateException(name + " has no interrupt moderation");
        modUsecs = usecs;
        modFrames = frames;
        framesSinceIrq = 0;
    }

    private boolean moderated() { return modUsecs > 0 || modFrames > 0; }

    /** A frame landed: the moderation counters run whether or not the interrupt is masked. */
    private void moderationFrame() {
        if (!moderated()) return;
        if (framesSinceIrq++ == 0) {
            firstFrameNs = sim.now();
            if (modUsecs > 0) sim.at(firstFrameNs + modUsecs * 1000, this, MOD_TIMER, null);
        }
    }

    private void rxInterrupt() {
        if (!moderated()) { irqCore.raise(line); return; }
        if (framesSinceIrq == 0) moderationFrame(); // a cause latched before moderation was programmed
        boolean byFrames = modFrames > 0 && framesSinceIrq >= modFrames;
        boolean byTime = modUsecs > 0 && sim.now() >= firstFrameNs + modUsecs * 1000;
        if (byFrames || byTime) moderatedFire();
    }

    private void moderatedFire() {
        framesSinceIrq = 0;
        moderatedIrqs++;
        irqCore.raise(line);
    }

    /** Rx interrupts asserted by the moderation logic. */
    public long moderatedIrqs() { return moderatedIrqs; }

    // ------------------------------------------------------------------ transmit

    /** The driver's doorbell: the NIC fetches every descriptor handed to it and queues it on the wire. */
    public void doorbell(long at) {
        doorbells++;
        while (tx[txNicSubmitted].nicOwned && !tx[txNicSubmitted].done && txPendingSubmit(txNicSubmitted)) {
            TxDesc d = tx[txNicSubmitted];
            Packet p = (Packet) d.cookie;
            d.cookie = null;
            txLink.send(p, at, d); // the link reports the frame's end, in order (txDone)
            txNicSubmitted = advance(txNicSubmitted, d.descs);
        }
    }

    private boolean txPendingSubmit(int i) { return tx[i].cookie != null; }

    private int advance(int i, int n) {
        int j = i + n; // n is one packet's descriptors, at most the ring: no division per packet
        return j >= tx.length ? j - tx.length : j;
    }

    @Override
    public void onEvent(int kind, Object arg, long now) {
        if (kind == FIFO_DRAIN) {
            drainFifo();
            return;
        }
        if (kind == MOD_TIMER) {
            // a timer for an earlier first frame (fired by the frame count meanwhile) is stale
            if (framesSinceIrq == 0 || now < firstFrameNs + modUsecs * 1000) return;
            if (rxIrqEnabled && rxCause) moderatedFire(); // masked: the unmask finds the condition met
            return;
        }
    }

    /** The frame of this descriptor has left the wire's transmitter: the descriptor is done. */
    @Override
    public void txDone(Object tag, long now) {
        TxDesc d = (TxDesc) tag;
        d.done = true;
        txFrames++;
        txBytes += d.bytes;
        txCause = true;
        if (txIrqEnabled) irqCore.raise(line);
    }

    // ------------------------------------------------------------------ interrupt control (MMIO by the driver)

    public boolean rxCause() { return rxCause; }

    public boolean txCause() { return txCause; }

    /** Acknowledges (clears) the latched causes, as a write-1-to-clear status register. */
    public void ackCauses() {
        rxCause = false;
        txCause = false;
        framesSinceIrq = 0; // the moderation window restarts with the next frame
    }

    public void maskIrqs() { rxIrqEnabled = false; txIrqEnabled = false; }

    /** Unmasks rx and tx interrupts; a latched cause raises the line immediately. */
    public void unmaskIrqs() {
        rxIrqEnabled = true;
        txIrqEnabled = true;
        if (txCause) irqCore.raise(line);
        else if (rxCause) rxInterrupt();
    }

    // ------------------------------------------------------------------ counters

    public long rxFrames() { return rxFramesLanded; }

    public long txFrames() { return txFrames; }

    /** Bytes of the frames counted in {@link #rxFrames()}: Ethernet header and payload, no FCS (skb->len). */
    public long rxBytes() { return rxBytes; }

    /** Frames that found no NIC-owned rx descriptor on this port (rx_missed_errors). */
    public long rxMissedErrors() { return rxMissedErrors; }

    /** Frames longer than the posted buffer on this port (rx_length_errors). */
    public long rxLengthErrors() { return rxLengthErrors; }

    public long txBytes() { return txBytes; }

    public long doorbells() { return doorbells; }

    /** Tx descriptors whose frame the NIC has not yet put on the wire (the doorbell is still to come). */
    public int txPendingFrames() {
        int n = 0;
        for (TxDesc d : tx) if (d.cookie != null) n++;
        return n;
    }

    /** The driver takes the frame a descriptor holds (null if none landed there). */
    public Packet takeFrame(RxDesc d) {
        Packet p = d.frame;
        if (p != null) {
            d.frame = null;
            rxPending--;
        }
        return p;
    }

    /** Frames waiting in the MAC's receive FIFO for a descriptor (flow control only). */
    public int rxFifoFrames() { return flowControl == null ? 0 : flowControl.frames(); }

    /** PAUSE frames sent to the link partner, XOFF and XON (ethtool -S tx_pause_frames). */
    public long txPauseFrames() { return flowControl == null ? 0 : flowControl.pauseFrames(); }

    /** Descriptors holding a received frame not yet taken by the driver. */
    public int rxPendingFrames() { return rxPending; }

    /** Frames the rx ring holds when full (half its descriptors with nic.rxTimestampDesc; an odd ring's pairs wrap, as both sides step by two). */
    public int rxFrameCapacity() { return spec.rxTimestampDesc() ? rx.length / 2 : rx.length; }
}
