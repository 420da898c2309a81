package ringlab.experiment.calibrate;

import java.util.List;
import java.util.Locale;
import ringlab.experiment.reproduce.Tolerance;
import ringlab.spi.board.Board;

/**
 * One measurement taken on real hardware that a fit aims at, of one of two kinds:
 * <ul>
 * <li>absolute ({@code baseline} null): the receiver's throughput the feature set gave, {@code value} in Mbit/s;</li>
 * <li>change: the change of the receiver's throughput from the feature set {@code baseline} to {@code features},
 *     {@code value} in percent (+11 is 11 % more), as driver patches publish their gains.</li>
 * </ul>
 * Either way it compares throughputs, so its error in the fit is the log of a ratio: simulated over measured
 * throughput, or simulated over measured (1 + change). A throughput measured below
 * {@link Tolerance#LIVELOCK_MBPS} Mbit/s is a livelock, judged as `ringlab reproduce` judges it: any simulated
 * figure below that bound fits it exactly (the exact value is noise, the collapse is the finding), and one
 * above it is off by its ratio to the bound.
 *
 * @param features the feature list in the CLI's grammar ("stock", "batched-rx,ip-align", "stock,-gro")
 * @param baseline the feature list the change is measured from, or null for an absolute measurement
 * @param iperf    the peer's iperf3 client arguments
 * @param value    Mbit/s (absolute, above 0) or percent (change, above -100)
 * @param source   where it comes from (a file, a published row), for the output
 */
public record Measurement(String features, String baseline, List<String> iperf, double value, String source) {
    public Measurement {
        iperf = List.copyOf(iperf);
        if (baseline == null && !(value > 0)) throw new IllegalArgumentException(source + ": the receiver's throughput must be above 0 Mbit/s, got " + value);
        if (baseline != null && !(value > -100)) throw new IllegalArgumentException(source + ": a change must be above -100 %, got " + value);
    }

    /** An absolute measurement: the receiver's Mbit/s. */
    public static Measurement absolute(String features, List<String> iperf, double mbps, String source) {
        return new Measurement(features, null, iperf, mbps, source);
    }

    public boolean isChange() { return baseline != null; }

    /** The run(s) it needs: the features' run, and the baseline's for a change. */
    public List<Run> runs() {
        return isChange() ? List.of(new Run(baseline, iperf), new Run(features, iperf)) : List.of(new Run(features, iperf));
    }

    /** What the simulation gives for it, from the receiver's Mbit/s of its runs (in {@link #runs()} order). */
    public double simulated(List<Double> mbps) {
        return isChange() ? 100 * (mbps.get(1) / mbps.get(0) - 1) : mbps.get(0);
    }

    /** The fit's error term: the log of simulated over measured throughput (ratio); 0 for a livelock reproduced. */
    public double logRatio(double simulated) {
        if (isChange()) return Math.log(Math.max(100 + simulated, 1e-3) / (100 + value));
        if (value < Tolerance.LIVELOCK_MBPS) return Math.max(0, Math.log(simulated / Tolerance.LIVELOCK_MBPS));
        return Math.log(Math.max(simulated, 1e-3) / value);
    }

    /** reproduce's verdict on a simulated figure (Mbit/s or %) for this measurement on a board {@code calibrated} or not. */
    public boolean holds(boolean calibrated, double simulated) {
        String args = String.join(" ", iperf);
        Board.Published p = isChange() ? Board.Published.change(baseline, features, args, value, source)
                : new Board.Published(features, args, -1, value, -1, source);
        return Tolerance.judge(calibrated, p, simulated).holds();
    }

    /** The error as people read it: relative for a throughput (+0.05 is 5 % too high), in points for a change. */
    public double error(double simulated) { return isChange() ? simulated - value : simulated / value - 1; }

    /** The error of a simulated figure, formatted: "+1.5%" or "+4.2 pt". */
    public String errorText(double simulated) { return formatError(error(simulated)); }

    /** An error of this kind ({@link #error}) formatted: "+1.5%" or "+4.2 pt". */
    public String formatError(double error) {
        return isChange() ? String.format(Locale.ROOT, "%+.1f pt", error) : String.format(Locale.ROOT, "%+.1f%%", 100 * error);
    }

    /** A figure of this kind formatted: "33.5" (Mbit/s) or "+11.0%". */
    public String format(double v) { return isChange() ? String.format(Locale.ROOT, "%+.1f%%", v) : String.format(Locale.ROOT, "%.1f", v); }

    /** "stock -M 512 -t 30" or "stock -> stock,threaded-napi -t 10": what the output's rows are labelled with. */
    public String label() { return (isChange() ? baseline + " -> " : "") + features + " " + String.join(" ", iperf); }

    /** One simulation run a measurement needs. */
    public record Run(String features, List<String> iperf) { }
}
