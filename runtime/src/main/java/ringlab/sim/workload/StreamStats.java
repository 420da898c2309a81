package ringlab.sim.workload;

/**
 * One iperf3 stream's application-level counters, sampled at interval boundaries: bytes the sending
 * application wrote, bytes the receiving application read (verified contiguous), and for UDP the
 * receiver's iperf3 loss, reordering and RFC 1889 jitter.
 */
public final class StreamStats {
    /** The iperf3 client's socket number of the stream (5, 7, 9, ...: see Simulation.clientSocket). */
    public final int id;
    /** True when the device sends on this stream (-R, or --bidir's reverse streams); false when the peer does. */
    public final boolean reverse;
    public long bytesSent;
    public long bytesReceived;
    /** Bytes that arrived at the receiving application out of stream order, duplicated or with a gap (must stay 0). */
    public long streamErrors;
    // UDP receiver side, as iperf3's server computes them
    public long packetsSent;
    public long packetsReceived;
    public long lost;
    public long outOfOrder;
    public double jitterNs;
    private long nextSeq;
    private long prevTransit = Long.MIN_VALUE;

    public StreamStats(int id) { this(id, false); }

    public StreamStats(int id, boolean reverse) {
        this.id = id;
        this.reverse = reverse;
    }

    /** iperf3's iperf_udp_recv accounting for one datagram. */
    public void udpReceived(long seq, long sentNs, long arrivedNs, int bytes) {
        packetsReceived++;
        bytesReceived += bytes;
        if (seq >= nextSeq) {
            if (seq > nextSeq) lost += seq - nextSeq;
            nextSeq = seq + 1;
        } else {
            outOfOrder++;
            if (lost > 0) lost--;
        }
        long transit = arrivedNs - sentNs;
        if (prevTransit != Long.MIN_VALUE) {
            double d = Math.abs(transit - prevTransit);
            jitterNs += (d - jitterNs) / 16.0;
        }
        prevTransit = transit;
    }

    /** Highest sequence number expected next (sent datagrams counted by the receiver's view). */
    public long udpExpected() { return nextSeq; }
}
