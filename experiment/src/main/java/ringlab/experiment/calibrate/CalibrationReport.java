package ringlab.experiment.calibrate;

import java.util.List;
import ringlab.experiment.reproduce.Tolerance;

/**
 * What `ringlab calibrate` found: the start profile's and the fitted profile's figures per measurement, the
 * leave-one-out errors (NaN where not computed), and the effort. {@code calibrated}: the board's status is
 * calibrated, so reproduce holds its absolute rows to the tighter rule ({@link #holding}).
 */
public record CalibrationReport(String board, boolean calibrated, List<FreeParameter> free, List<Measurement> measurements,
                                Calibration.Fit start, Calibration.Fit fit, List<Double> leaveOneOut, int runs) {

    /** How many measurements `ringlab reproduce`'s rule (README "Fidelity") lets hold with {@code f}'s figures. */
    public int holding(Calibration.Fit f) {
        int n = 0;
        for (int i = 0; i < measurements.size(); i++) if (measurements.get(i).holds(calibrated, f.simulated().get(i))) n++;
        return n;
    }

    /**
     * The root mean square of the fit's log ratios of {@code f}, as a factor less one: 0.05 means simulated and
     * measured throughput (or throughput ratio) differ by about 5 % on average.
     */
    public double rms(Calibration.Fit f) {
        return Math.expm1(Math.sqrt(Calibration.sumOfSquares(f.simulated(), measurements) / measurements.size()));
    }

    /** Runs the whole calibration: the start figures, the fit and (if asked) the leave-one-out fits. */
    public static CalibrationReport of(Calibration c, List<Measurement> ms, boolean leaveOneOut) {
        Calibration.Fit start = c.unchanged(ms);
        Calibration.Fit fit = c.fit(ms, start.factors(), Calibration.START_RADIUS);
        List<Double> loo = leaveOneOut ? c.leaveOneOut(ms, start.factors()) : ms.stream().map(m -> Double.NaN).toList();
        return new CalibrationReport(c.startBoard().id(), Tolerance.calibrated(c.startBoard()), c.free(), ms, start, fit, loo, c.runs());
    }
}
