package ringlab.sim.nic;

import java.util.Arrays;
import ringlab.sim.engine.EventHandler;
import ringlab.sim.engine.Sim;
import ringlab.spi.net.Packet;

/**
 * One direction of a full-duplex Ethernet link: frames are serialised at the link rate, each occupying
 * the wire for its padded length plus FCS, preamble and inter-frame gap, then arrive after the
 * propagation delay. Frames arrive in the order sent, so the link keeps them in a FIFO and has one
 * arrival event pending at a time (a long transmit queue does not bloat the event queue); a sender
 * that wants to know when each frame has left (its tx completion) gets the same treatment.
 * 802.3x PAUSE: while the far end holds the transmitter paused ({@link #pause}), the frame on the wire
 * finishes and every frame not yet started waits; {@link #resume} starts them again back to back. The
 * pause quanta are not counted down: the far end's XON ends the pause (a receiver that never sends XON
 * would pause forever, which no modelled NIC does). Models no bit errors, no autonegotiation.
 */
public final class Link implements EventHandler {
    /** Told, in order, when each frame sent with a tag has fully left the transmitter. */
    public interface TxDone { void txDone(Object tag, long now); }

    private static final int ARRIVE = 1, TX_END = 2;
    private final Sim sim;
    private final double nsPerByte;
    private final long propagationNs;
    private Port far;
    private long busyUntil;
    private long frames, bytes;

    // FIFO of frames on the wire and their arrival times (a growable ring)
    private Packet[] q = new Packet[64];
    private long[] arrival = new long[64];
    private Object[] tag = new Object[64];
    /** When the sender handed each frame over (its start is max(handed, previous frame's end, pause end)). */
    private long[] handed = new long[64];
    private int head, count;
    /** Paused by the far end's XOFF; frames from index {@code held} on (FIFO order) have not started. */
    private boolean paused;
    private int held;
    private int staleArrivals, staleTxEnds;
    private long pauses;
    private TxDone txDone;
    /** Frames (from the FIFO head) whose tx completion has already been reported. */
    private int txReported;

    public Link(Sim sim, long bitsPerSecond, long propagationNs) {
        this.sim = sim;
        this.nsPerByte = 8e9 / bitsPerSecond;
        this.propagationNs = propagationNs;
    }

    public void connect(Port far) { this.far = far; }

    public void onTxDone(TxDone l) { this.txDone = l; }

    /** Serialisation time of a frame on this link. */
    public long wireNs(Packet p) { return (long) Math.ceil(p.wireBytes() * nsPerByte); }

    /** Earliest time the transmitter is free. */
    public long busyUntil() { return busyUntil; }

    /** Starts sending at max(at, busyUntil); returns when the last bit has left (the sender's tx done). */
    public long send(Packet p, long at) { return send(p, at, null); }

    /** As {@link #send(Packet, long)}; the TxDone listener hears about the frame with this tag. */
    public long send(Packet p, long at, Object txTag) {
        frames++;
        bytes += p.wireBytes();
        if (count == q.length) grow();
        int tail = (head + count) & (q.length - 1);
        q[tail] = p;
        tag[tail] = txTag;
        handed[tail] = at;
        long end = HELD;
        if (!paused) {
            end = Math.max(at, busyUntil) + wireNs(p);
            busyUntil = end;
        }
        arrival[tail] = end == HELD ? HELD : end + propagationNs;
        if (count++ == 0 && end != HELD) sim.at(end + propagationNs, this, ARRIVE, null);
        if (txDone != null && count - txReported == 1 && end != HELD) sim.at(end, this, TX_END, null);
        return end;
    }

    /** Arrival time of a frame that waits for the end of a pause. */
    private static final long HELD = Long.MAX_VALUE;

    /**
     * The far end's XOFF reaches the transmitter at {@code now}: the frame in serialisation finishes, the
     * ones not yet started wait for {@link #resume}.
     */
    public void pause(long now) {
        if (paused) return;
        paused = true;
        pauses++;
        int i = 0;
        while (i < count && arrival[idx(i)] - propagationNs - wireNs(q[idx(i)]) < now) i++;
        held = i;
        for (int k = i; k < count; k++) arrival[idx(k)] = HELD;
        // the events pending for a frame now held fire at their old time and are ignored (the engine
        // cannot cancel; a held frame only ever moves later, so the stale event always fires first)
        if (count > 0 && i == 0) staleArrivals++;
        if (txDone != null && txReported < count && txReported >= i) staleTxEnds++;
        busyUntil = i == 0 ? Math.min(busyUntil, now) : arrival[idx(i - 1)] - propagationNs;
    }

    /** The far end's XON (or a pause of quanta 0) reaches the transmitter at {@code now}: held frames go. */
    public void resume(long now) {
        if (!paused) return;
        paused = false;
        busyUntil = Math.max(busyUntil, now);
        for (int k = held; k < count; k++) {
            int j = idx(k);
            long end = Math.max(handed[j], busyUntil) + wireNs(q[j]);
            busyUntil = end;
            arrival[j] = end + propagationNs;
        }
        // the head's arrival and the next tx completion were parked while held (onEvent)
        if (held == 0 && count > 0) sim.at(arrival[head], this, ARRIVE, null);
        if (txDone != null && txReported == held && txReported < count) {
            sim.at(arrival[idx(txReported)] - propagationNs, this, TX_END, null);
        }
        held = 0;
    }

    private int idx(int i) { return (head + i) & (q.length - 1); }

    /** Pauses the far end has asserted on this transmitter (XOFF frames received). */
    public long pauses() { return pauses; }

    private void grow() {
        int n = q.length;
        Packet[] nq = new Packet[n * 2];
        long[] na = new long[n * 2];
        Object[] nt = new Object[n * 2];
        long[] nh = new long[n * 2];
        for (int i = 0; i < count; i++) {
            nq[i] = q[(head + i) & (n - 1)];
            na[i] = arrival[(head + i) & (n - 1)];
            nt[i] = tag[(head + i) & (n - 1)];
            nh[i] = handed[(head + i) & (n - 1)];
        }
        q = nq;
        arrival = na;
        tag = nt;
        handed = nh;
        head = 0;
    }

    @Override
    public void onEvent(int kind, Object arg, long now) {
        if (kind == TX_END) {
            if (staleTxEnds > 0) { staleTxEnds--; return; }
            int i = (head + txReported) & (q.length - 1);
            Object t = tag[i];
            txReported++;
            if (txReported < count && arrival[idx(txReported)] != HELD) {
                sim.at(arrival[idx(txReported)] - propagationNs, this, TX_END, null);
            }
            txDone.txDone(t, now);
            return;
        }
        if (staleArrivals > 0) { staleArrivals--; return; }
        Packet p = q[head];
        Object t = tag[head];
        q[head] = null;
        tag[head] = null;
        head = (head + 1) & (q.length - 1);
        count--;
        boolean lateTxDone = false;
        if (txDone != null) {
            // a frame arrives after its tx completion; with no propagation delay the two may tie
            if (txReported > 0) txReported--; else lateTxDone = true;
        }
        if (held > 0) held--;
        if (count > 0 && arrival[head] != HELD) sim.at(arrival[head], this, ARRIVE, null);
        if (lateTxDone) txDone.txDone(t, now);
        far.frameArrived(p);
    }

    public long frames() { return frames; }

    public long wireBytes() { return bytes; }

    /** Frames in serialisation or propagation right now. */
    public int inFlight() { return count; }
}
