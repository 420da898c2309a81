package ringlab.sim.report;

/** Models whole-test totals of one side (sender or receiver) of a stream or of all streams. */
public final class Totals {
    public double start;
    public double end;
    public double seconds;
    public long bytes;
    public double bitsPerSecond;
    /** TCP sender only. */
    public long retransmits;
    /** UDP only: datagrams, lost datagrams, loss percentage, jitter and reordering. */
    public long packets;
    public long lostPackets;
    public double lostPercent;
    public double jitterMs;
    public long outOfOrder;
    /** TCP sender only, over the test (iperf3's max_snd_cwnd, max_snd_wnd, max/min/mean_rtt in us). */
    public long maxSndCwnd;
    public long maxSndWnd;
    public long maxRttUs;
    public long minRttUs;
    public long meanRttUs;

    public Totals() {
    }

    public Totals(double seconds, long bytes, double bitsPerSecond) {
        this.end = seconds;
        this.seconds = seconds;
        this.bytes = bytes;
        this.bitsPerSecond = bitsPerSecond;
    }
}
