package ringlab.sim.report;

/**
 * Models one stream's figures over one interval, measured where the iperf3 client stands (the peer): TCP
 * sender fields (retransmits, cwnd, rtt) are meaningful when the peer sends, UDP loss fields when it receives.
 * In an interval's sums, the streams summed all have the same {@link #sender} flag.
 */
public final class IntervalStream {
    /** Stream id as in {@link StreamInfo#id}; unused in an interval sum. */
    public int id;
    public long bytes;
    public double bitsPerSecond;
    public long retransmits;
    public long sndCwndBytes;
    public long rttUs;
    public long packets;
    public long lostPackets;
    public double jitterMs;
    public long outOfOrder;
    /** TCP sender (iperf3's tcp_info): peer's advertised window, RTT variance, path MTU. */
    public long sndWndBytes;
    public long rttvarUs;
    public int pmtu;
    /** True when the client (peer) sends on this stream; false for -R and --bidir's reverse streams. */
    public boolean sender;

    public IntervalStream() {
    }

    public IntervalStream(int id, long bytes, double bitsPerSecond) {
        this.id = id;
        this.bytes = bytes;
        this.bitsPerSecond = bitsPerSecond;
    }

    /** Lost datagrams as a percentage of {@link #packets}; 0 when there were none. */
    public double lostPercent() {
        return packets > 0 ? 100.0 * lostPackets / packets : 0.0;
    }
}
