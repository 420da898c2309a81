package ringlab.sim.report;

/**
 * Models one stream's figures over one interval, measured where the iperf3 client stands (the peer): TCP
 * sender fields (retransmits, cwnd, rtt) are meaningful when the peer sends, UDP loss fields when it receives.
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
