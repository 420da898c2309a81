package ringlab.sim.nic;

import ringlab.sim.engine.EventHandler;
import ringlab.sim.engine.Sim;
import ringlab.spi.net.Packet;

/**
 * One direction of a full-duplex Ethernet link: frames are serialised at the link rate, each occupying
 * the wire for its padded length plus FCS, preamble and inter-frame gap, then arrive after the
 * propagation delay. Models no bit errors, no pause frames, no autonegotiation.
 */
public final class Link implements EventHandler {
    private static final int ARRIVE = 1;
    private final Sim sim;
    private final double nsPerByte;
    private final long propagationNs;
    private Port far;
    private long busyUntil;
    private long frames, bytes;
    private int onWire;

    public Link(Sim sim, long bitsPerSecond, long propagationNs) {
        this.sim = sim;
        this.nsPerByte = 8e9 / bitsPerSecond;
        this.propagationNs = propagationNs;
    }

    public void connect(Port far) { this.far = far; }

    /** Serialisation time of a frame on this link. */
    public long wireNs(Packet p) { return (long) Math.ceil(p.wireBytes() * nsPerByte); }

    /** Earliest time the transmitter is free. */
    public long busyUntil() { return busyUntil; }

    /** Starts sending at max(at, busyUntil); returns when the last bit has left (the sender's tx done). */
    public long send(Packet p, long at) {
        long start = Math.max(at, busyUntil);
        long end = start + wireNs(p);
        busyUntil = end;
        frames++;
        bytes += p.wireBytes();
        onWire++;
        sim.at(end + propagationNs, this, ARRIVE, p);
        return end;
    }

    @Override
    public void onEvent(int kind, Object arg, long now) {
        onWire--;
        far.frameArrived((Packet) arg);
    }

    public long frames() { return frames; }

    public long wireBytes() { return bytes; }

    /** Frames in serialisation or propagation right now. */
    public int inFlight() { return onWire; }
}
