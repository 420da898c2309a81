package ringlab.testkit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import ringlab.spi.feature.DriverFeature;
import ringlab.spi.feature.DriverHooks;

class TestRunTest {
    /** The smallest feature: changes nothing, shows one counter. */
    static final class Marker implements DriverFeature {
        @Override public String id() { return "test-marker"; }
        @Override public String summary() { return "test: installs nothing, shows a counter"; }
        @Override public void install(DriverHooks hooks) { hooks.counters(id(), () -> Map.of("installed", 1L)); }
    }

    @Test
    void aStockRunKeepsItsLedgerAndIsTheSameForTheSameSeed() {
        TestResult a = TestRun.on("bcm6328").iperf("-u -b 50M -t 1").seed(3).run().assertLedgerHolds();
        TestResult b = TestRun.on("bcm6328").iperf("-u", "-b", "50M", "-t", "1").seed(3).run();
        assertTrue(a.receiverBitsPerSecond() > 10e6, "receiver " + a.receiverBitsPerSecond());
        assertEquals(a.receiverBitsPerSecond(), b.receiverBitsPerSecond());
        assertEquals(a.ledger(), b.ledger());
        assertTrue(a.ledger().sent() > 1000, "sent " + a.ledger().sent());
    }

    @Test
    void aFeatureUnderTestJoinsTheListGrammarAndShowsItsCounters() {
        TestResult r = TestRun.on("bcm6328").with(new Marker()).features("stock,test-marker").iperf("-t 1").run().assertLedgerHolds();
        assertEquals(Map.of("installed", 1L), r.counters("test-marker"));
        assertTrue(r.report().features.contains("test-marker"), "features " + r.report().features);

        AssertionError none = assertThrows(AssertionError.class, () -> TestRun.on("bcm6328").iperf("-t 1").run().counters("test-marker"));
        assertTrue(none.getMessage().contains("test-marker") && none.getMessage().contains("active"), none.getMessage());
    }

    @Test
    void badInputIsNamed() {
        String board = assertThrows(IllegalArgumentException.class, () -> TestRun.on("nosuch")).getMessage();
        assertTrue(board.contains("'nosuch'") && board.contains("bcm6328"), board);
        String feature = assertThrows(IllegalArgumentException.class, () -> TestRun.on("bcm6328").features("stock,nosuch").run()).getMessage();
        assertTrue(feature.contains("'nosuch'"), feature);
    }

    @Test
    void aLedgerThatDoesNotAddUpNamesEachProblem() {
        Ledger ok = new Ledger(100, 90, 7, Map.of("rx_missed_errors", 7L), 3, 0);
        assertEquals(List.of(), ok.problems());
        ok.assertHolds();
        Ledger bad = new Ledger(100, 90, 7, Map.of("rx_missed_errors", 5L), 2, 1);
        assertEquals(3, bad.problems().size(), bad.problems().toString());
        AssertionError e = assertThrows(AssertionError.class, bad::assertHolds);
        assertTrue(e.getMessage().contains("1 unaccounted") && e.getMessage().contains("add up to 5"), e.getMessage());
    }
}
