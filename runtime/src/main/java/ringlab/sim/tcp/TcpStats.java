// Per-connection TCP counters named like Linux /proc/net/snmp (Tcp:) and /proc/net/netstat (TcpExt:); only what the model does.
package ringlab.sim.tcp;

/** Public counters, incremented by the connection. Names match the kernel MIB names on purpose. */
@SuppressWarnings("checkstyle:MemberName")
public final class TcpStats {
    // snmp Tcp:
    /** Segments received (GRO-merged packets count their segments, like the kernel). */
    public long InSegs;
    /** Segments sent, including retransmissions and pure ACKs. */
    public long OutSegs;
    /** Segments retransmitted (fast retransmit, partial-ACK retransmit, go-back-N after RTO). */
    public long RetransSegs;

    // netstat TcpExt:
    /** Retransmissions of lost segments outside the loss state (fast recovery), as Linux counts them. */
    public long TCPFastRetrans;
    /** Retransmission timer expiries. */
    public long TCPTimeouts;
    /** Retransmissions sent in loss state after an RTO (not counting the timer's own head retransmission). */
    public long TCPSlowStartRetrans;
    /** Entries into fast recovery without SACK (NewReno) / with SACK. */
    public long TCPRenoRecovery, TCPSackRecovery;
    /** RTOs during SACK recovery / NewReno recovery / the loss state (TCPSackFailures, TCPRenoFailures, TCPLossFailures). */
    public long TCPSackFailures, TCPRenoFailures, TCPLossFailures;
    /** Retransmissions found lost again (data sent after them was SACKed, or the RTO fired). */
    public long TCPLostRetransmit;
    /** Reordering detected from SACKs (a never-retransmitted segment below the highest SACK was delivered). */
    public long TCPSACKReorder;
    /** RTOs that found the head SACKed: SACK marks dropped. */
    public long TCPSACKReneging;
    /** D-SACK blocks received; sent for data below rcv_nxt / for data already in the out-of-order queue. */
    public long TCPDSACKRecv, TCPDSACKOldSent, TCPDSACKOfoSent;
    /** In-order segments dropped because rmem_alloc already exceeded rcvbuf (queue non-empty). */
    public long TCPRcvQDrop;
    /** Segments put into the out-of-order queue. */
    public long TCPOFOQueue;
    /** Out-of-order segments dropped for lack of receive memory. */
    public long TCPOFODrop;
    /** Out-of-order segments (or parts) that duplicated data already in the out-of-order queue. */
    public long TCPOFOMerge;
    /** ACKs sent by the delayed-ACK timer. */
    public long DelayedACKs;
    /** Received segments without payload (pure ACKs, window updates, probes). */
    public long TCPPureAcks;
    /** Zero-window probes sent by the persist timer. */
    public long TCPWinProbe;
    /** In-order data dropped because the advertised window was zero. */
    public long TCPZeroWindowDrop;
    /** Data starting beyond the advertised window (SKB_DROP_REASON_TCP_OVERWINDOW; no kernel MIB). */
    public long TCPOverWindow;
    /** Received segments whose data had all been received already (freed, answered with an immediate ACK). */
    public long TCPFullDup;
    /** Window advertisements that went to zero / came back from zero / wanted zero but could not shrink. */
    public long TCPToZeroWindowAdv, TCPFromZeroWindowAdv, TCPWantZeroWindowAdv;
    /** tcp_prune_queue calls (rmem_alloc over rcvbuf at a data segment's admission). */
    public long PruneCalled;
    /** Queued skbs tcp_collapse copied into compact ones (tcp_collapse_one). */
    public long TCPRcvCollapsed;
    /** tcp_prune_queue calls that left rmem_alloc over rcvbuf after collapsing: the segment is dropped. */
    public long RcvPruned;

    @Override public String toString() {
        return "InSegs=" + InSegs + " OutSegs=" + OutSegs + " RetransSegs=" + RetransSegs
                + " TCPFastRetrans=" + TCPFastRetrans + " TCPTimeouts=" + TCPTimeouts
                + " TCPSlowStartRetrans=" + TCPSlowStartRetrans + " TCPRenoRecovery=" + TCPRenoRecovery
                + " TCPSackRecovery=" + TCPSackRecovery + " TCPSackFailures=" + TCPSackFailures
                + " TCPRenoFailures=" + TCPRenoFailures + " TCPLossFailures=" + TCPLossFailures
                + " TCPLostRetransmit=" + TCPLostRetransmit + " TCPSACKReorder=" + TCPSACKReorder
                + " TCPSACKReneging=" + TCPSACKReneging + " TCPDSACKRecv=" + TCPDSACKRecv
                + " TCPDSACKOldSent=" + TCPDSACKOldSent + " TCPDSACKOfoSent=" + TCPDSACKOfoSent
                + " TCPRcvQDrop=" + TCPRcvQDrop + " TCPOFOQueue=" + TCPOFOQueue + " TCPOFODrop=" + TCPOFODrop
                + " TCPOFOMerge=" + TCPOFOMerge + " DelayedACKs=" + DelayedACKs + " TCPPureAcks=" + TCPPureAcks
                + " TCPWinProbe=" + TCPWinProbe + " TCPZeroWindowDrop=" + TCPZeroWindowDrop
                + " TCPOverWindow=" + TCPOverWindow + " TCPFullDup=" + TCPFullDup
                + " TCPToZeroWindowAdv=" + TCPToZeroWindowAdv + " TCPFromZeroWindowAdv=" + TCPFromZeroWindowAdv
                + " TCPWantZeroWindowAdv=" + TCPWantZeroWindowAdv + " PruneCalled=" + PruneCalled
                + " TCPRcvCollapsed=" + TCPRcvCollapsed + " RcvPruned=" + RcvPruned;
    }
}
