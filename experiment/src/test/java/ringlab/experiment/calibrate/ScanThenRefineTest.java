package ringlab.experiment.calibrate;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.function.DoubleUnaryOperator;
import org.junit.jupiter.api.Test;

/** A single parameter's fit scans its whole range before refining, so a dip near the start does not hold it. */
class ScanThenRefineTest {
    /** Global minimum at 0.95; a narrow local dip at the start, 0.3, and a smooth slope between. */
    static final DoubleUnaryOperator RUGGED = u -> (u - 0.95) * (u - 0.95) - 0.05 * Math.exp(-Math.pow((u - 0.3) / 0.02, 2));

    @Test
    void findsTheGlobalMinimumAwayFromALocalDipAtTheStart() {
        assertEquals(0.95, Calibration.scanThenRefine(RUGGED, 0.3), 0.01);
    }

    @Test
    void aSmoothObjectiveStillGetsBrentsPrecision() {
        assertEquals(0.437, Calibration.scanThenRefine(u -> (u - 0.437) * (u - 0.437), 0.5), 1e-3);
    }
}
