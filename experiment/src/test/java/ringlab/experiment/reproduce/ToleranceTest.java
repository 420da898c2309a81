package ringlab.experiment.reproduce;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import ringlab.spi.board.Board;
import ringlab.spi.board.Calibration;

/** The one rule of `ringlab reproduce`, at the edges of each row kind's tolerance. */
class ToleranceTest {
    static Board board(Calibration c) { return new Board("b", "b", null, null, List.of(), Map.of(), "test", List.of(), Map.of(), c); }

    static Board.Published absolute(double mbps) { return new Board.Published("stock", "-t 10", -1, mbps, -1, "s"); }

    static Board.Published change(double percent) { return Board.Published.change("stock", "stock,x", "-t 10", percent, "s"); }

    @Test
    void absoluteFiguresWithinFivePercentOnACalibratedBoardTenOtherwise() {
        Board calibrated = board(Calibration.CALIBRATED), predicted = board(Calibration.PREDICTED), fitted = board(Calibration.FITTED);
        assertTrue(Tolerance.judge(calibrated, absolute(100), 104.9).holds());
        assertFalse(Tolerance.judge(calibrated, absolute(100), 105.1).holds());
        assertTrue(Tolerance.judge(predicted, absolute(100), 90.1).holds());
        assertFalse(Tolerance.judge(predicted, absolute(100), 89.9).holds());
        assertFalse(Tolerance.judge(fitted, absolute(726), 918.3).holds());
        Tolerance.Verdict v = Tolerance.judge(predicted, absolute(200), 230);
        assertEquals(15, v.error(), 1e-9);
        assertEquals("%", v.errorUnit());
        assertEquals("within 10 %", v.rule());
    }

    @Test
    void aLivelockedFigureHoldsWhenTheSimulationIsLivelockedToo() {
        Board b = board(Calibration.PREDICTED);
        assertTrue(Tolerance.judge(b, absolute(1.06), 4.9).holds(), "4.9 is 362 % above 1.06, yet both are a livelock");
        assertFalse(Tolerance.judge(b, absolute(1.06), 5.1).holds());
        assertEquals("below 5 Mbit/s", Tolerance.judge(b, absolute(1.06), 66).rule());
        assertFalse(Tolerance.judge(b, absolute(5), 4.4).holds(), "published at 5 Mbit/s is no livelock: 4.4 is not within 10 %");
    }

    @Test
    void changesWithinFifteenPointsBelowPlusOneHundredPercentAndAFactorOneAndAHalfAbove() {
        Board b = board(Calibration.CALIBRATED); // the calibration does not matter for changes
        assertTrue(Tolerance.judge(b, change(11), 25.9).holds());
        assertFalse(Tolerance.judge(b, change(11), 26.1).holds());
        assertTrue(Tolerance.judge(b, change(-10), -24.9).holds());
        assertEquals(-27.7, Tolerance.judge(b, change(32), 4.3).error(), 1e-9);
        assertEquals("pt", Tolerance.judge(b, change(32), 4.3).errorUnit());
        assertFalse(Tolerance.judge(b, change(89), 363.5).holds(), "+89 % is judged in points");
        assertTrue(Tolerance.judge(b, change(100), 66.7).holds(), "+100 % is judged as a factor: 66.7 is 1/1.5 of it");
        assertFalse(Tolerance.judge(b, change(100), 66.6).holds());
        assertTrue(Tolerance.judge(b, change(32500), 48750).holds());
        assertFalse(Tolerance.judge(b, change(32500), 1240.7).holds());
        assertEquals("x", Tolerance.judge(b, change(32500), 1240.7).errorUnit());
    }
}
