package ringlab.experiment.reproduce;

import ringlab.spi.board.Board;
import ringlab.spi.board.Calibration;

/**
 * The one rule by which `ringlab reproduce` says whether a simulated figure reproduces a published row
 * (issue 15, "Done when"). By row kind:
 * <ul>
 * <li>absolute, published below {@value #LIVELOCK_MBPS} Mbit/s (a livelock: the exact figure is noise, the
 *     collapse is the finding): holds when the simulated figure is below {@value #LIVELOCK_MBPS} Mbit/s too;</li>
 * <li>absolute, otherwise: the receiver figure within {@value #CALIBRATED_PERCENT} % on a
 *     {@link Calibration#CALIBRATED calibrated} board (its costs were chosen on these very rows, so this is a
 *     residual) and within {@value #PREDICTED_PERCENT} % on a fitted or predicted one;</li>
 * <li>change below +{@value #LARGE_CHANGE_PERCENT} %: the simulated change within {@value #CHANGE_POINTS}
 *     percentage points of the published one;</li>
 * <li>change of +{@value #LARGE_CHANGE_PERCENT} % or more: the simulated change within a factor
 *     {@value #LARGE_CHANGE_FACTOR} of the published one (points mean little at +32,500 %).</li>
 * </ul>
 */
public final class Tolerance {
    /** Below this a published receiver figure is a livelock: its exact value is noise (calibrate's fit uses it too). */
    public static final double LIVELOCK_MBPS = 5;
    static final double CALIBRATED_PERCENT = 5;
    static final double PREDICTED_PERCENT = 10;
    static final double CHANGE_POINTS = 15;
    static final double LARGE_CHANGE_PERCENT = 100;
    static final double LARGE_CHANGE_FACTOR = 1.5;

    private Tolerance() { }

    /** Whether it holds, the error (percent of the published figure, percentage points, or a factor) and the rule applied. */
    public record Verdict(boolean holds, double error, String errorUnit, String rule) { }

    /** {@code simulated}: the receiver's Mbit/s for an absolute row, its change in percent for a change row. */
    public static Verdict judge(Board board, Board.Published p, double simulated) {
        return judge(calibrated(board), p, simulated);
    }

    /** Whether the board's absolute rows are held to the calibrated rule (its costs were chosen on them). */
    public static boolean calibrated(Board board) { return board.calibration() == Calibration.CALIBRATED; }

    /** The same for a board that is {@code calibrated} or not (fitted or predicted): the rule for absolute rows. */
    public static Verdict judge(boolean calibrated, Board.Published p, double simulated) {
        if (p.isChange()) {
            double pub = p.receiverChangePercent();
            if (pub >= LARGE_CHANGE_PERCENT) {
                double factor = simulated / pub;
                return new Verdict(factor >= 1 / LARGE_CHANGE_FACTOR && factor <= LARGE_CHANGE_FACTOR, factor, "x",
                        "within a factor " + LARGE_CHANGE_FACTOR);
            }
            double points = simulated - pub;
            return new Verdict(Math.abs(points) <= CHANGE_POINTS, points, "pt", "within " + num(CHANGE_POINTS) + " points");
        }
        double pub = p.receiverMbps(), percent = 100 * (simulated - pub) / pub;
        if (pub < LIVELOCK_MBPS) {
            return new Verdict(simulated < LIVELOCK_MBPS, percent, "%", "below " + num(LIVELOCK_MBPS) + " Mbit/s");
        }
        double limit = calibrated ? CALIBRATED_PERCENT : PREDICTED_PERCENT;
        return new Verdict(Math.abs(percent) <= limit, percent, "%", "within " + num(limit) + " %");
    }

    private static String num(double d) { return d == Math.rint(d) ? String.valueOf((long) d) : String.valueOf(d); }
}
