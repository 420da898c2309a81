package ringlab.experiment.reproduce;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import ringlab.spi.board.Board;
import ringlab.spi.board.Calibration;

/**
 * `reproduce --seeds`: a row's figures over the seeds give its median, range and the seeds it holds at; a row
 * that holds at the median but misses at one seed does not hold at every seed; a failed run marks its row.
 */
class SeedSpreadTest {
    static final Board BOARD = ToleranceTest.board(Calibration.PREDICTED);

    /** One seed's rows: an absolute row published at 100 Mbit/s and a change row published at +20 %, simulated as given. */
    static List<Reproduction.Row> seed(double absolute, double change) {
        Board.Published a = ToleranceTest.absolute(100), c = ToleranceTest.change(20);
        Reproduction.Sim sim = new Reproduction.Sim(absolute, absolute, 0, null);
        return List.of(new Reproduction.Row(BOARD, 0, a, sim, null, absolute, Tolerance.judge(BOARD, a, absolute), null),
                new Reproduction.Row(BOARD, 1, c, sim, sim, change, Tolerance.judge(BOARD, c, change), null));
    }

    @Test
    void medianRangeAndTheSeedsARowHoldsAt() {
        List<List<Reproduction.Row>> perSeed = List.of(seed(95, 21), seed(112, 19), seed(104, 40), seed(99, 22));
        List<SeedSpread> s = SeedSpread.of(perSeed);
        SeedSpread abs = s.get(0), chg = s.get(1);
        assertEquals(101.5, abs.median(), 1e-9, "the mean of the two middle figures of an even count");
        assertEquals(95, abs.min());
        assertEquals(112, abs.max());
        assertEquals(3, abs.held(), "112 is 12 % off: the one seed it misses at");
        assertTrue(abs.atMedian().holds());
        assertFalse(abs.holdsAtEverySeed(), "holding at the median is not holding at every seed");
        assertEquals(21.5, chg.median(), 1e-9);
        assertEquals(3, chg.held(), "+40 % is 20 points off");
        assertEquals(1.5, chg.atMedian().error(), 1e-9);

        List<List<Reproduction.Row>> steady = List.of(seed(98, 21), seed(101, 19), seed(103, 25));
        assertTrue(SeedSpread.of(steady).stream().allMatch(SeedSpread::holdsAtEverySeed));
        assertEquals(101, SeedSpread.of(steady).get(0).median(), 1e-9, "an odd count: the middle figure");
    }

    @Test
    void aRunThatFailedAtOneSeedMarksItsRow() {
        List<List<Reproduction.Row>> perSeed = new ArrayList<>(List.of(seed(100, 20)));
        Board.Published a = ToleranceTest.absolute(100);
        Reproduction.Sim failed = new Reproduction.Sim(Double.NaN, Double.NaN, -1, "no such thing");
        perSeed.add(List.of(new Reproduction.Row(BOARD, 0, a, failed, null, Double.NaN, null, "no such thing"), seed(100, 20).get(1)));
        SeedSpread r = SeedSpread.of(perSeed).get(0);
        assertEquals("no such thing", r.failure());
        assertFalse(r.holdsAtEverySeed());
        String text = SeedSpreadText.text(SeedSpread.of(perSeed), 7, 2);
        assertTrue(text.startsWith("b (predicted): published vs simulated, seeds 7-8, every row run at each\n"), text);
        String negative = SeedSpreadText.text(SeedSpread.of(perSeed), -5, 2);
        assertTrue(negative.startsWith("b (predicted): published vs simulated, seeds -5 to -4, every row run at each\n"), negative);
        assertTrue(SeedSpreadText.markdown(SeedSpread.of(perSeed), -5, 2).contains("| median (seeds -5 to -4) |"));
        assertTrue(text.contains("cannot run: no such thing"), text);
        assertTrue(text.endsWith("b: 1 of 2 rows hold at every seed, 1 at the median (rule: README \"Fidelity\", "
                + "ringlab.experiment.reproduce.Tolerance)\n"), text);
    }
}
