package ringlab.sim.nic;

import java.util.ArrayDeque;
import ringlab.sim.engine.EventHandler;
import ringlab.sim.engine.Sim;
import ringlab.spi.net.Packet;

/**
 * IEEE 802.3x flow control of a MAC's receive FIFO (nic.flowControl). Without it a frame that finds no
 * free rx descriptor is lost (rx_missed_errors); with it the frame waits in the MAC's receive FIFO, and
 * once the FIFO holds {@link #XOFF_BYTES} the MAC sends a PAUSE frame (XOFF) that stops the link partner's
 * transmitter; when the driver's refills let the FIFO drain to {@link #XON_BYTES} it sends XON (a PAUSE
 * of quanta 0) and the partner resumes. The partner's frames then wait in its own queue, not on the
 * wire: a CPU-bound receiver slows a TCP sender down without a loss (no retransmission), and a UDP flood
 * overflows the sender's txqueue instead of the receiver's ring.
 *
 * Modelled: the FIFO in bytes, the two thresholds, the PAUSE frame's wire time and propagation before the
 * partner acts on it, frames that still overflow a full FIFO (rx_missed_errors). Faked: the PAUSE frame
 * does not queue behind the device's own tx frames (a MAC sends it next, after the frame in progress,
 * which is at most one frame time later); the quanta's countdown (the XON always comes first here).
 */
final class PauseFlowControl implements EventHandler {
    /** The LAN7430's receive FIFO (estimate; the data sheet's figure was not checked here). */
    static final int FIFO_BYTES = 32 * 1024;
    /** FCT_FLOW on threshold as lan743x_rx_open programs it: 0x2A units of 512 bytes. */
    static final int XOFF_BYTES = 0x2A * 512;
    /** FCT_FLOW off threshold: 0xA units of 512 bytes. */
    static final int XON_BYTES = 0xA * 512;
    /** A PAUSE frame on the wire: 64 bytes plus preamble, SFD and inter-frame gap. */
    static final int PAUSE_WIRE_BYTES = 64 + 8 + 12;
    private static final int XOFF = 1, XON = 2;

    private final Sim sim;
    private final Link partner;
    private final long signalNs;
    private final ArrayDeque<Packet> fifo = new ArrayDeque<>();
    private int bytes;
    private boolean xoffSent;
    private long pauseFrames;

    /**
     * @param partner  the link direction whose transmitter the PAUSE frames stop (the one feeding this MAC)
     * @param signalNs the PAUSE frame's wire time plus the cable's propagation delay
     */
    PauseFlowControl(Sim sim, Link partner, long signalNs) {
        this.sim = sim;
        this.partner = partner;
        this.signalNs = signalNs;
    }

    /** Frames wait in the FIFO: a new one must queue behind them. */
    boolean holding() { return !fifo.isEmpty(); }

    /** Puts a frame that found no free descriptor in the FIFO; false if it does not fit (lost). */
    boolean hold(Packet p) {
        if (bytes + p.frameBytes() > FIFO_BYTES) return false;
        fifo.add(p);
        bytes += p.frameBytes();
        if (!xoffSent && bytes >= XOFF_BYTES) signal(XOFF);
        return true;
    }

    /** The oldest waiting frame leaves the FIFO for a descriptor. */
    Packet next() {
        Packet p = fifo.poll();
        bytes -= p.frameBytes();
        if (xoffSent && bytes <= XON_BYTES) signal(XON);
        return p;
    }

    int frames() { return fifo.size(); }

    /** PAUSE frames sent, XOFF and XON (ethtool -S tx_pause_frames). */
    long pauseFrames() { return pauseFrames; }

    private void signal(int kind) {
        xoffSent = kind == XOFF;
        pauseFrames++;
        sim.at(sim.now() + signalNs, this, kind, null);
    }

    @Override
    public void onEvent(int kind, Object arg, long now) {
        if (kind == XOFF) partner.pause(now);
        else partner.resume(now);
    }
}
