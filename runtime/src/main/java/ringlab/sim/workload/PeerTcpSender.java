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
    private SendBudget budget;

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
        long now = sim.now();
        if (now >= stopNs) return;
        for (;;) {
            long want = budget == null ? blk : Math.min(blk, budget.allowance(now));
            if (want <= 0) return;
            long n = conn.write(want);
            stats.bytesSent += n;
            if (budget != null && n > 0) budget.sent(n, now);
            if (n < want) return;
        }
    }

    /** -n/-k: this stream's writes count against (and stop at) the test's shared byte budget. */
    public void limitBy(SendBudget b) { this.budget = b; }

    @Override
    public void onEvent(int kind, Object arg, long now) { fill(); }
}
