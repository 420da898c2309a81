package ringlab.experiment.calibrate;

import java.util.List;

/**
 * One measurement taken on real hardware that a fit aims at: the feature set and iperf3 client arguments it
 * was taken with, and the receiver's throughput it reported.
 *
 * @param features     the feature list in the CLI's grammar ("stock", "batched-rx,ip-align", "stock,-gro")
 * @param iperf        the peer's iperf3 client arguments
 * @param receiverMbps the receiver's throughput, Mbit/s (> 0)
 * @param source       where it comes from (a file, a published row), for the output
 */
public record Measurement(String features, List<String> iperf, double receiverMbps, String source) {
    public Measurement {
        iperf = List.copyOf(iperf);
        if (!(receiverMbps > 0)) throw new IllegalArgumentException(source + ": the receiver's throughput must be above 0 Mbit/s, got " + receiverMbps);
    }

    /** "stock -M 512 -t 30": what the output's rows are labelled with. */
    public String label() { return features + " " + String.join(" ", iperf); }
}
