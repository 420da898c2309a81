package ringlab.sim.report;

import java.util.ArrayList;
import java.util.List;

/** Models one reporting interval (seconds since test start): per-stream figures plus their sum. */
public final class Interval {
    public double start;
    public double end;
    /** True for an interval inside the {@code -O} omit period. */
    public boolean omitted;
    public List<IntervalStream> streams = new ArrayList<>();
    public IntervalStream sum = new IntervalStream();
    /** --bidir only: the sum of the reverse (device-sending) streams; {@link #sum} holds the forward ones. */
    public IntervalStream sumBidirReverse;

    public Interval() {
    }

    public Interval(double start, double end) {
        this.start = start;
        this.end = end;
    }

    public double seconds() {
        return end - start;
    }
}
