package ringlab.experiment.calibrate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import ringlab.sim.board.ClasspathBoards;
import ringlab.spi.board.Board;
import ringlab.spi.feature.DriverFeature;

/**
 * The check of the fit: start from bcm6328's profile with each free parameter moved by 30 %, fit to
 * bcm6328's published table, and the fitted profile reproduces that table within 5 % on every row.
 */
class CalibrationRecoveryTest {
    static final Map<String, Board> BOARDS = ClasspathBoards.load(CalibrationRecoveryTest.class.getClassLoader());
    static final Map<String, DriverFeature> FEATURES = features();

    static Map<String, DriverFeature> features() {
        Map<String, DriverFeature> m = new TreeMap<>();
        for (DriverFeature f : ServiceLoader.load(DriverFeature.class)) m.put(f.id(), f);
        return m;
    }

    @Test
    void aProfileMovedByThirtyPercentIsFittedBackToThePublishedTable() {
        Board bcm = BOARDS.get("bcm6328");
        List<FreeParameter> free = FreeParameters.named(FreeParameters.DEFAULT);
        double[] moved = {1.3, 0.7, 1.3}; // instruction, icache, trap
        Board start = new Calibration(bcm, free, BOARDS, FEATURES, 1).board(moved);
        List<Measurement> table = Published.measurements(bcm);
        assertEquals(4, table.size());

        Calibration c = new Calibration(start, free, BOARDS, FEATURES, 1);
        Calibration.Fit before = c.unchanged(table);
        assertTrue(maxError(before, table) > 0.10, "moved 30 %, the profile misses the table: " + errors(before, table));
        double[] ones = new double[free.size()];
        Arrays.fill(ones, 1.0);
        Calibration.Fit fit = c.fit(table, ones, Calibration.START_RADIUS);
        assertTrue(maxError(fit, table) < 0.05, "fitted " + Arrays.toString(fit.factors()) + " misses the table: " + errors(fit, table)
                + " after " + fit.evaluations() + " evaluations");
        System.out.printf("recovered %s after %d evaluations, %d runs: %s%n", Arrays.toString(fit.factors()), fit.evaluations(), c.runs(), errors(fit, table));
    }

    static double maxError(Calibration.Fit f, List<Measurement> ms) {
        double max = 0;
        for (int i = 0; i < ms.size(); i++) max = Math.max(max, Math.abs(ms.get(i).error(f.simulated().get(i))));
        return max;
    }

    static String errors(Calibration.Fit f, List<Measurement> ms) {
        StringBuilder s = new StringBuilder();
        for (int i = 0; i < ms.size(); i++) s.append(String.format("%s %.1f/%.1f ", ms.get(i).features(), f.simulated().get(i), ms.get(i).value()));
        return s.toString();
    }
}
