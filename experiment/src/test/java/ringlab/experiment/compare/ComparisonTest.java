package ringlab.experiment.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import ringlab.experiment.Figure;
import ringlab.experiment.RunResult;
import ringlab.experiment.RunSpec;

class ComparisonTest {
    private static RunResult run(long seed, Figure... figures) {
        RunSpec spec = new RunSpec(null, "bcm6328", "stock", seed, null, null, 0, List.of("-t", "1"));
        return new RunResult("k" + seed, spec, List.of(figures));
    }

    private static Figure mbps(double v) { return new Figure("receiver_mbps", "Mbit/s", v); }

    @Test
    void rowsKeepTheFiguresOrderAndGiveTheChangeOfTheMeans() {
        Comparison c = Comparison.of(
                List.of(run(1, mbps(40), new Figure("cpu.soft", "%", 90))),
                List.of(run(1, mbps(50), new Figure("cpu.soft", "%", 81))));
        assertEquals(List.of("receiver_mbps", "cpu.soft"), c.rows().stream().map(Comparison.Row::figure).toList());
        Comparison.Row r = c.row("receiver_mbps");
        assertEquals("Mbit/s", r.unit());
        assertEquals(40, r.a().mean());
        assertEquals(50, r.b().mean());
        assertEquals(25.0, r.changePercent(), 1e-12);
        assertEquals(-10.0, c.row("cpu.soft").changePercent(), 1e-12);
        assertFalse(r.significant(), "one run a side: no test, never significant");
    }

    @Test
    void aFigureOfOneSideOnlyCountsAsZeroOnTheOtherAndKeepsItsPlace() {
        // B dropped on a reason A never had: drops.rx_missed_errors is 0 for A, and sits after drops.x, not last
        Comparison c = Comparison.of(
                List.of(run(1, mbps(40), new Figure("drops.x", "count", 3), new Figure("cycles_per_packet", "cycles", 900))),
                List.of(run(1, mbps(40), new Figure("drops.x", "count", 1), new Figure("drops.rx_missed_errors", "count", 7),
                        new Figure("cycles_per_packet", "cycles", 800))));
        assertEquals(List.of("receiver_mbps", "drops.x", "drops.rx_missed_errors", "cycles_per_packet"),
                c.rows().stream().map(Comparison.Row::figure).toList());
        Comparison.Row missed = c.row("drops.rx_missed_errors");
        assertEquals(0, missed.a().mean());
        assertEquals(7, missed.b().mean());
        assertEquals("count", missed.unit());
        assertTrue(Double.isNaN(missed.changePercent()), "no relative change from 0");
        // and the other way round: A only, B counts 0, a change of -100 %
        Comparison back = Comparison.of(List.of(run(1, new Figure("drops.y", "count", 4))), List.of(run(1, mbps(1))));
        assertEquals(0, back.row("drops.y").b().mean());
        assertEquals(-100.0, back.row("drops.y").changePercent(), 1e-12);
        assertEquals(0, back.row("receiver_mbps").a().mean());
    }

    @Test
    void bothZeroIsNoChange() {
        Comparison c = Comparison.of(List.of(run(1, new Figure("cpu.kthread", "%", 0))), List.of(run(1, new Figure("cpu.kthread", "%", 0))));
        assertEquals(0.0, c.row("cpu.kthread").changePercent());
    }

    @Test
    void overSeedsEachSideIsAMeanWithItsIntervalAndTheDifferenceIsWelchTested() {
        List<RunResult> a = new ArrayList<>(), b = new ArrayList<>(), close = new ArrayList<>();
        double[] va = {33.9, 34.0, 34.1, 34.0}, vb = {37.9, 38.0, 38.1, 38.2}, vc = {33.8, 34.2, 34.1, 33.95};
        for (int i = 0; i < va.length; i++) {
            a.add(run(i + 1, mbps(va[i])));
            b.add(run(i + 1, mbps(vb[i])));
            close.add(run(i + 1, mbps(vc[i])));
        }
        Comparison.Row r = Comparison.of(a, b).row("receiver_mbps");
        assertEquals(4, r.a().n());
        assertEquals(34.0, r.a().mean(), 1e-12);
        assertEquals(38.05, r.b().mean(), 1e-12);
        // sd 0.08165, t(0.975, 3) = 3.1824: 3.1824 * 0.08165 / 2 = 0.12992
        assertEquals(0.12992, r.a().halfWidth(), 1e-4);
        assertEquals(100 * 4.05 / 34.0, r.changePercent(), 1e-9);
        assertTrue(r.significant());
        assertFalse(Comparison.of(a, close).row("receiver_mbps").significant(), "within the noise: not significant");
    }

    @Test
    void aSideWithoutRunsIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> Comparison.of(List.of(), List.of(run(1, mbps(1)))));
    }
}
