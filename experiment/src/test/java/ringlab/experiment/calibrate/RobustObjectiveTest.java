package ringlab.experiment.calibrate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.function.BiFunction;
import org.junit.jupiter.api.Test;

/**
 * The fit's loss is robust: a measurement the model misses by far, whatever the parameter (a mechanism it
 * lacks), must not pull the fit away from the measurements it can match.
 */
class RobustObjectiveTest {
    static final List<String> TCP = List.of("-t", "10");

    /** Five measurements a factor k scales exactly (k = 1 matches them) and one off by 50x that also moves with k^3. */
    static final List<Measurement> MS = new ArrayList<>();
    static {
        for (int i = 0; i < 5; i++) MS.add(Measurement.absolute("f" + i, TCP, 100 + 50 * i, "t"));
        MS.add(Measurement.absolute("missed", TCP, 100, "t"));
    }

    static List<Double> simulated(double k) {
        List<Double> sim = new ArrayList<>();
        for (int i = 0; i < 5; i++) sim.add(k * (100 + 50 * i));
        sim.add(5000 * k * k * k);
        return sim;
    }

    /** The k in 0.5..2 (steps of 0.001) with the least objective. */
    static double argmin(BiFunction<List<Double>, List<Measurement>, Double> objective) {
        double best = Double.NaN, bestValue = Double.POSITIVE_INFINITY;
        for (double k = 0.5; k <= 2.0; k += 0.001) {
            double v = objective.apply(simulated(k), MS);
            if (v < bestValue) { bestValue = v; best = k; }
        }
        return best;
    }

    @Test
    void anOutlierTheModelCannotMatchBarelyMovesTheFit() {
        double robust = argmin(Calibration::objective);
        double squares = argmin(Calibration::sumOfSquares);
        assertEquals(1.0, robust, 0.05, "the five it can match decide: k = " + robust);
        assertTrue(squares < 0.6, "least squares follows the outlier to its bound: k = " + squares);
    }

    @Test
    void smallErrorsWeighAsTheirSquares() {
        List<Measurement> one = List.of(Measurement.absolute("f", TCP, 100, "t"));
        double lr = Math.log(1.02);
        assertEquals(lr * lr, Calibration.objective(List.of(102.0), one), 0.01 * lr * lr, "within 1 % of the square at 2 %");
        assertEquals(lr * lr, Calibration.sumOfSquares(List.of(102.0), one), 1e-15);
    }
}
