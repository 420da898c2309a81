package ringlab.experiment.calibrate;

import java.util.List;

/**
 * What `ringlab calibrate` found: the start profile's and the fitted profile's figures per measurement, the
 * leave-one-out errors (NaN where not computed), and the effort.
 */
public record CalibrationReport(String board, List<FreeParameter> free, List<Measurement> measurements,
                                Calibration.Fit start, Calibration.Fit fit, List<Double> leaveOneOut, int runs) {

    /** The fitted profile's error on measurement i, as a fraction (+0.05 is 5 % too high). */
    public double error(int i) { return fit.simulatedMbps().get(i) / measurements.get(i).receiverMbps() - 1; }

    /** The root mean square of the relative errors of {@code f}. */
    public double rms(Calibration.Fit f) {
        double s = 0;
        for (int i = 0; i < measurements.size(); i++) {
            double e = f.simulatedMbps().get(i) / measurements.get(i).receiverMbps() - 1;
            s += e * e;
        }
        return Math.sqrt(s / measurements.size());
    }

    /** Runs the whole calibration: the start figures, the fit and (if asked) the leave-one-out fits. */
    public static CalibrationReport of(Calibration c, String board, List<Measurement> ms, boolean leaveOneOut) {
        Calibration.Fit start = c.unchanged(ms);
        Calibration.Fit fit = c.fit(ms, start.factors(), Calibration.START_RADIUS);
        List<Double> loo = leaveOneOut ? c.leaveOneOut(ms, start.factors()) : ms.stream().map(m -> Double.NaN).toList();
        return new CalibrationReport(board, c.free(), ms, start, fit, loo, c.runs());
    }
}
