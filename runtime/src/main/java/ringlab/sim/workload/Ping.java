package ringlab.sim.workload;

import java.util.Arrays;
import ringlab.sim.engine.EventHandler;
import ringlab.sim.engine.Sim;
import ringlab.spi.net.Packet;
import ringlab.sim.stack.PeerHost;

/**
 * An ICMP echo flow from the peer to the device beside the load (ping -i), recording each round trip. A
 * batch run keeps every round trip (its percentiles are exact); a continuous run (the node) keeps the last
 * {@link #WINDOW}, so memory does not grow with the run's length.
 */
public final class Ping implements EventHandler, PeerHost.DatagramSink {
    static final int PAYLOAD = 56;
    private final Sim sim;
    private final PeerHost peer;
    private final int dst;
    private final long intervalNs;
    private final long stopNs;
    private long seq;
    static final int WINDOW = 1 << 16;
    private final boolean bounded;
    private long[] rtts = new long[256];
    private long count;

    public Ping(Sim sim, PeerHost peer, int dst, long intervalNs, long startNs, long stopNs) {
        this(sim, peer, dst, intervalNs, startNs, stopNs, false);
    }

    /** With {@code bounded}, only the last {@link #WINDOW} round trips are kept. */
    public Ping(Sim sim, PeerHost peer, int dst, long intervalNs, long startNs, long stopNs, boolean bounded) {
        this.bounded = bounded;
        this.sim = sim;
        this.peer = peer;
        this.dst = dst;
        this.intervalNs = intervalNs;
        this.stopNs = stopNs;
        peer.onIcmp(this);
        sim.at(startNs, this, 0, null);
    }

    @Override
    public void onEvent(int kind, Object arg, long now) {
        if (now >= stopNs) return;
        Packet p = peer.newPacket();
        p.proto = Packet.ICMP;
        p.src = peer.addr;
        p.dst = dst;
        p.payload = PAYLOAD;
        p.appSeq = seq++;
        p.appTime = now;
        peer.send(p);
        sim.at(now + intervalNs, this, 0, null);
    }

    @Override
    public void datagram(Packet p, long now) {
        if (count == rtts.length && !(bounded && count >= WINDOW)) rtts = Arrays.copyOf(rtts, rtts.length * 2);
        rtts[(int) (count % rtts.length)] = now - p.appTime;
        count++;
    }

    public long sent() { return seq; }

    public long received() { return count; }

    /** Round trips still kept: all of them, or the last {@link #WINDOW} in a bounded flow. */
    private int kept() { return (int) Math.min(count, rtts.length); }

    /** The p-th percentile (0..100) of the kept round-trip times in ns, nearest rank; -1 if none. */
    public long percentile(double pct) {
        int n = kept();
        if (n == 0) return -1;
        long[] s = Arrays.copyOf(rtts, n);
        Arrays.sort(s);
        int rank = (int) Math.ceil(pct / 100.0 * n);
        return s[Math.max(0, Math.min(n - 1, rank - 1))];
    }

    /** The round-trip times (ns) of replies number {@code from} (0-based) onwards that are still kept, oldest first. */
    public long[] rttsSince(long from) {
        long first = Math.max(from, count - kept());
        long[] out = new long[(int) Math.max(0, count - first)];
        for (int i = 0; i < out.length; i++) out[i] = rtts[(int) ((first + i) % rtts.length)];
        return out;
    }
}
