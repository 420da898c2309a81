package ringlab.experiment.calibrate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The report counts the measurements that reproduce's rule lets hold, as `ringlab reproduce` would. */
class CalibrationReportTest {
    static final List<String> T = List.of("-t", "10");
    static final List<Measurement> MS = List.of(
            Measurement.absolute("a", T, 100, "t"),             // 10 % on a fitted or predicted board, 5 % calibrated
            new Measurement("b", "a", T, 10, "t"),              // +10 %: within 15 points
            new Measurement("c", "a", T, 300, "t"),             // +300 %: within a factor 1.5
            Measurement.absolute("stock", T, 1.06, "t"));       // a livelock: below 5 Mbit/s

    static Calibration.Fit fit(Double... sim) { return new Calibration.Fit(new double[] {1}, Arrays.asList(sim), 0, 1); }

    static CalibrationReport report(boolean calibrated, Calibration.Fit start, Calibration.Fit fitted) {
        return new CalibrationReport("b", calibrated, List.of(FreeParameters.ALL.get("instruction")), MS, start, fitted,
                MS.stream().map(m -> Double.NaN).toList(), 0);
    }

    @Test
    void countsTheRowsThatHoldByReproducesRule() {
        Calibration.Fit start = fit(112.0, 30.0, 500.0, 8.0);  // +12 %, +20 pt, x1.67, out of the livelock: none holds
        Calibration.Fit fitted = fit(107.0, 22.0, 250.0, 3.0); // +7 %, +12 pt, x0.83, livelocked: all hold
        CalibrationReport predicted = report(false, start, fitted);
        assertEquals(0, predicted.holding(start));
        assertEquals(4, predicted.holding(fitted));
        assertEquals(3, report(true, start, fitted).holding(fitted), "+7 % misses the calibrated board's 5 %");
        assertTrue(CalibrationText.format(predicted).contains("within reproduce's tolerance (README \"Fidelity\"): 4 of 4 fitted, 0 at the start"),
                CalibrationText.format(predicted));
    }
}
