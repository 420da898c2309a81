package ringlab.experiment.calibrate;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The fit's error term per measurement kind, a livelock judged as reproduce judges it. */
class MeasurementTest {
    static final List<String> UDP = List.of("-u", "-b", "1G", "-t", "10");

    @Test
    void aThroughputAndAChangeAreOffByTheLogOfTheirThroughputRatio() {
        Measurement abs = Measurement.absolute("stock", UDP, 100, "t");
        assertEquals(Math.log(2), abs.logRatio(200), 1e-12);
        assertEquals(-Math.log(2), abs.logRatio(50), 1e-12);
        Measurement change = new Measurement("b", "a", UDP, 10, "t");
        assertEquals(Math.log(121.0 / 110), change.logRatio(21), 1e-12, "+21 % against +10 %: 1.21 / 1.10");
    }

    /** Below 5 Mbit/s the exact figure is noise: any simulated livelock fits, a way out of it is off by its ratio to 5. */
    @Test
    void aLivelockFitsAnySimulatedLivelockAndCountsOnlyAboveTheBound() {
        Measurement livelock = Measurement.absolute("stock", UDP, 1.06, "t");
        assertEquals(0, livelock.logRatio(1.5), 0);
        assertEquals(0, livelock.logRatio(0.01), 0);
        assertEquals(0, livelock.logRatio(5), 0);
        assertEquals(Math.log(2), livelock.logRatio(10), 1e-12);
        assertEquals(Math.log(100 / 5.0), livelock.logRatio(100), 1e-12);
    }
}
