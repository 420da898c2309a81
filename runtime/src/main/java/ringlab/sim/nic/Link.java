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
 * Models no bit errors, no pause frames, no autonegotiation.
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
    private int head, count;
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
        long start = Math.max(at, busyUntil);
        long end = start + wireNs(p);
        busyUntil = end;
        frames++;
        bytes += p.wireBytes();
        if (count == q.length) grow();
        int tail = (head + count) & (q.length - 1);
        q[tail] = p;
        arrival[tail] = end + propagationNs;
        tag[tail] = txTag;
        if (count++ == 0) sim.at(end + propagationNs, this, ARRIVE, null);
        if (txDone != null && count - txReported == 1) sim.at(end, this, TX_END, null);
        return end;
    }

    private void grow() {
        int n = q.length;
        Packet[] nq = new Packet[n * 2];
        long[] na = new long[n * 2];
        Object[] nt = new Object[n * 2];
        for (int i = 0; i < count; i++) {
            nq[i] = q[(head + i) & (n - 1)];
            na[i] = arrival[(head + i) & (n - 1)];
            nt[i] = tag[(head + i) & (n - 1)];
        }
        q = nq;
        arrival = na;
        tag = nt;
        head = 0;
    }

    @Override
    public void onEvent(int kind, Object arg, long now) {
        if (kind == TX_END) {
            int i = (head + txReported) & (q.length - 1);
            Object t = tag[i];
            txReported++;
            if (txReported < count) sim.at(arrival[(head + txReported) & (q.length - 1)] - propagationNs, this, TX_END, null);
            txDone.txDone(t, now);
            return;
        }
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
        if (count > 0) sim.at(arrival[head], this, ARRIVE, null);
        if (lateTxDone) txDone.txDone(t, now);
        far.frameArrived(p);
    }

    public long frames() { return frames; }

    public long wireBytes() { return bytes; }

    /** Frames in serialisation or propagation right now. */
    public int inFlight() { return count; }
}
