// Pluggable congestion avoidance (Linux tcp_congestion_ops subset: cong_avoid, ssthresh, pkts_acked RTT, CA_Loss event).
package ringlab.sim.tcp;

/** Recovery itself (fast retransmit, NewReno inflation, RTO) lives in the sender; this only shapes growth and backoff. */
public interface CongestionControl {
    String name();

    /** tcp_cong_avoid: grow cwnd for {@code acked} newly acknowledged segments (called only when cwnd-limited, outside fast recovery). */
    void congAvoid(CwndState s, int acked, long now);

    /** ssthresh after a loss, in segments; called once per loss event while cwnd still holds the pre-loss value. */
    int ssthresh(CwndState s);

    /** An RTT sample (ns) from an acknowledged, never-retransmitted segment. */
    default void rttSample(long rttNs) { }

    /** The sender entered loss state after a retransmission timeout (CA_EVENT_LOSS / TCP_CA_Loss). */
    default void onRto() { }

    /** "cubic" (default) or "newreno"/"reno". */
    static CongestionControl create(String name) {
        if (name == null || name.equals("cubic")) return new Cubic();
        if (name.equals("newreno") || name.equals("reno")) return new NewReno();
        throw new IllegalArgumentException("unknown congestion control " + name);
    }
}
