package ringlab.sim.workload;

import ringlab.sim.engine.EventHandler;
import ringlab.sim.engine.Sim;
import ringlab.sim.tcp.TcpConnection;

/** The peer's iperf3 client sending one TCP stream: keeps the socket's send buffer full until -t ends. */
public final class PeerTcpSender implements EventHandler {
    private final Sim sim;
    private final TcpConnection conn;
    private final StreamStats stats;
    private final int blk;
    private final long stopNs;

    public PeerTcpSender(Sim sim, TcpConnection conn, StreamStats stats, int blk, long startNs, long stopNs) {
        this.sim = sim;
        this.conn = conn;
        this.stats = stats;
        this.blk = blk;
        this.stopNs = stopNs;
        sim.at(startNs, this, 0, null);
    }

    /** Called when the socket becomes writable, and at start. */
    public void fill() {
        if (sim.now() >= stopNs) return;
        for (;;) {
            long n = conn.write(blk);
            stats.bytesSent += n;
            if (n < blk) return;
        }
    }

    @Override
    public void onEvent(int kind, Object arg, long now) { fill(); }
}
