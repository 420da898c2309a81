// Reno congestion avoidance (Linux tcp_reno_cong_avoid / tcp_reno_ssthresh); the NewReno recovery rules are in TcpSender.
package ringlab.sim.tcp;

/** Slow start, then one segment per cwnd acked; ssthresh = max(cwnd / 2, 2). */
public final class NewReno implements CongestionControl {
    @Override public String name() { return "newreno"; }

    @Override public void congAvoid(CwndState s, int acked, long now) {
        if (s.inSlowStart()) {
            acked = s.slowStart(acked);
            if (acked == 0) return;
        }
        s.congAvoidAi(s.cwnd, acked);
    }

    @Override public int ssthresh(CwndState s) { return Math.max(s.cwnd >> 1, 2); }
}
