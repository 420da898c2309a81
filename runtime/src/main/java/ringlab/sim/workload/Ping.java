package ringlab.sim.workload;

import java.util.Arrays;
import ringlab.sim.engine.EventHandler;
import ringlab.sim.engine.Sim;
import ringlab.spi.net.Packet;
import ringlab.sim.stack.PeerHost;

/** An ICMP echo flow from the peer to the device beside the load (ping -i), recording each round trip. */
public final class Ping implements EventHandler, PeerHost.DatagramSink {
    static final int PAYLOAD = 56;
    private final Sim sim;
    private final PeerHost peer;
    private final int dst;
    private final long intervalNs;
    private final long stopNs;
    private long seq;
    private long[] rtts = new long[256];
    private int count;

    public Ping(Sim sim, PeerHost peer, int dst, long intervalNs, long startNs, long stopNs) {
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
        if (count == rtts.length) rtts = Arrays.copyOf(rtts, count * 2);
        rtts[count++] = now - p.appTime;
    }

    public long sent() { return seq; }

    public int received() { return count; }

    /** The p-th percentile (0..100) of round-trip times in ns, nearest rank; -1 if none. */
    public long percentile(double pct) {
        if (count == 0) return -1;
        long[] s = Arrays.copyOf(rtts, count);
        Arrays.sort(s);
        int rank = (int) Math.ceil(pct / 100.0 * count);
        return s[Math.max(0, Math.min(count - 1, rank - 1))];
    }
}
