package ringlab.sim.report;

/**
 * One device-side TCP connection's counters, named after the kernel MIB counters {@code nstat} shows (Tcp:
 * from /proc/net/snmp, TcpExt: from /proc/net/netstat), plus its buffer sizes.
 *
 * @param port           the connection's remote (peer) port, which tells the streams apart
 * @param inSegs         segments received, TcpInSegs; GRO-merged packets count their segments (count)
 * @param outSegs        segments sent, including retransmissions and pure ACKs, TcpOutSegs (count)
 * @param retransSegs    segments retransmitted, TcpRetransSegs (count)
 * @param tcpFastRetrans retransmissions of lost segments in fast recovery, TcpExtTCPFastRetrans (count)
 * @param tcpTimeouts    retransmission timer expiries, TcpExtTCPTimeouts (count)
 * @param tcpRcvQDrop    in-order segments dropped because the receive memory exceeded rcvbuf,
 *                       TcpExtTCPRcvQDrop (count)
 * @param tcpOfoQueue    segments put into the out-of-order queue, TcpExtTCPOFOQueue (count)
 * @param delayedAcks    ACKs sent by the delayed-ACK timer, TcpExtDelayedACKs (count)
 * @param rcvbuf         receive buffer size, sk_rcvbuf, after receive-buffer auto-tuning (bytes)
 * @param sndbuf         send buffer size, sk_sndbuf (bytes)
 */
public record TcpCounters(int port, long inSegs, long outSegs, long retransSegs, long tcpFastRetrans,
                          long tcpTimeouts, long tcpRcvQDrop, long tcpOfoQueue, long delayedAcks, long rcvbuf,
                          long sndbuf) {
}
