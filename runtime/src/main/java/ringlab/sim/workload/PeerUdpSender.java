package ringlab.sim.workload;

import ringlab.sim.engine.EventHandler;
import ringlab.sim.engine.Sim;
import ringlab.spi.net.Packet;
import ringlab.sim.stack.PeerHost;

/**
 * The peer's iperf3 client sending one UDP stream at -b (bits of datagram payload per second, as
 * iperf3 counts); never faster than the link takes frames: a full transmit queue blocks the sender
 * (its socket send buffer) instead of dropping.
 */
public final class PeerUdpSender implements EventHandler {
    private final Sim sim;
    private final PeerHost peer;
    private final StreamStats stats;
    private final int len;
    private final long intervalNs;
    private final long stopNs;
    private final int dst, sport, dport;
    private long seq;
    private SendBudget budget;
    private int tos;

    public PeerUdpSender(Sim sim, PeerHost peer, StreamStats stats, int len, long bitsPerSecond, long startNs,
                         long stopNs, int dst, int sport, int dport) {
        this.sim = sim;
        this.peer = peer;
        this.stats = stats;
        this.len = len;
        this.stopNs = stopNs;
        this.dst = dst; this.sport = sport; this.dport = dport;
        Packet probe = new Packet();
        probe.proto = Packet.UDP;
        probe.payload = len;
        long wire = peer.link().wireNs(probe);
        long paced = bitsPerSecond <= 0 ? wire : (long) (len * 8e9 / bitsPerSecond);
        this.intervalNs = Math.max(wire, paced);
        sim.at(startNs, this, 0, null);
    }

    /** IP_TOS of the iperf3 socket (-S/--dscp): the TOS byte of every datagram. */
    public void ipTos(int tos) { this.tos = tos; }

    /** -n/-k: this stream's writes count against (and stop at) the test's shared byte budget. */
    public void limitBy(SendBudget b) { this.budget = b; }

    @Override
    public void onEvent(int kind, Object arg, long now) {
        if (now >= stopNs || budget != null && budget.allowance(now) <= 0) return;
        Packet p = peer.newPacket();
        p.proto = Packet.UDP;
        p.src = peer.addr; p.dst = dst; p.sport = sport; p.dport = dport;
        p.payload = len;
        p.tos = tos;
        p.appSeq = seq++;
        p.appTime = now;
        stats.bytesSent += len;
        stats.packetsSent++;
        peer.send(p);
        if (budget != null) budget.sent(len, now);
        sim.at(now + intervalNs, this, 0, null);
    }
}
