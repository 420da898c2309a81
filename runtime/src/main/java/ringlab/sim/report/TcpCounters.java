package ringlab.sim.report;

import java.util.Map;

/**
 * One device-side TCP connection's counters and buffer sizes. The counters are kernel MIB counters, keyed
 * exactly as {@code nstat} prints them (and as {@code nstat --json} keys them): "Tcp" + the field of
 * /proc/net/snmp's Tcp: line, "TcpExt" + the field of /proc/net/netstat's TcpExt: line. The kernel keeps them
 * per network namespace; here they are this connection's share.
 *
 * @param port   the connection's remote (peer) port, which tells the streams apart
 * @param nstat  in this order: TcpInSegs (segments received; GRO-merged packets count their segments),
 *               TcpOutSegs (segments sent, including retransmissions and pure ACKs), TcpRetransSegs,
 *               TcpExtTCPFastRetrans (retransmissions of lost segments in fast recovery), TcpExtTCPTimeouts
 *               (retransmission timer expiries), TcpExtTCPRcvQDrop (in-order segments dropped because the
 *               receive memory exceeded rcvbuf), TcpExtTCPOFOQueue (segments put into the out-of-order queue),
 *               TcpExtDelayedACKs (ACKs sent by the delayed-ACK timer) (count)
 * @param rcvbuf receive buffer size, sk_rcvbuf, after receive-buffer auto-tuning (bytes)
 * @param sndbuf send buffer size, sk_sndbuf (bytes)
 * @param rcvRttMs     the receiver's RTT estimate, rcv_rtt_est, that receive-buffer autotuning measures over, as
 *                     {@code ss -ti} prints it (rcv_rtt, ms; 0 before the first sample)
 * @param rcvSpace     the most the application read in one such RTT so far, rcvq_space.space (ss's rcv_space, bytes)
 * @param rcvSsthresh  the window's current clamp, rcv_ssthresh (ss's rcv_ssthresh, bytes)
 */
public record TcpCounters(int port, Map<String, Long> nstat, long rcvbuf, long sndbuf, double rcvRttMs, long rcvSpace,
                          long rcvSsthresh) {

    /** The nstat names of {@link #nstat}, in order. */
    public static final String[] NAMES = {"TcpInSegs", "TcpOutSegs", "TcpRetransSegs", "TcpExtTCPFastRetrans",
        "TcpExtTCPTimeouts", "TcpExtTCPRcvQDrop", "TcpExtTCPOFOQueue", "TcpExtDelayedACKs"};

    /** One counter by its nstat name; 0 for a name the connection does not count. */
    public long get(String nstatName) {
        Long v = nstat.get(nstatName);
        return v == null ? 0 : v;
    }
}
