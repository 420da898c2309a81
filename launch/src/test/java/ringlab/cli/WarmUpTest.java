package ringlab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Iterator;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The warm-up's stability rule on fake iteration figures (frames per wall second, in millions). */
class WarmUpTest {
    private static final WarmUp RULE = new WarmUp(3, 0.05, 10);

    private static WarmUp.Outcome run(WarmUp w, Double... figures) {
        Iterator<Double> it = List.of(figures).iterator();
        return w.run(it::next);
    }

    @Test
    void aJitWarmingUpRunsUntilTheLastThreeAgree() {
        // the bcm6328 shape: slow first runs, steady from the 5th; 3.5, 3.6, 3.55 spread 2.9 %
        WarmUp.Outcome o = run(RULE, 0.3, 0.8, 2.0, 3.0, 3.5, 3.6, 3.55, 9.0, 9.0, 9.0);
        assertEquals(new WarmUp.Outcome(7, true), o);
    }

    @Test
    void twoAgreeingFiguresAreNotEnough() {
        assertFalse(RULE.stable(List.of(3.6, 3.6)));
        assertTrue(RULE.stable(List.of(3.6, 3.6, 3.6)));
    }

    @Test
    void aSpreadJustOverTheToleranceIsNotStable() {
        assertFalse(RULE.stable(List.of(1.0, 1.051, 1.02)));
        assertTrue(RULE.stable(List.of(1.0, 1.049, 1.02)));
    }

    @Test
    void onlyTheLastWindowCounts() {
        assertTrue(RULE.stable(List.of(0.1, 9.0, 2.0, 2.0, 2.0)));
        assertFalse(RULE.stable(List.of(2.0, 2.0, 2.0, 3.0)));
    }

    @Test
    void aFigureThatNeverSettlesStopsAtTheCap() {
        WarmUp.Outcome o = run(RULE, 1.0, 2.0, 1.0, 2.0, 1.0, 2.0, 1.0, 2.0, 1.0, 2.0, 1.0, 2.0);
        assertEquals(new WarmUp.Outcome(10, false), o);
    }

    @Test
    void aCapBelowTheWindowIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> new WarmUp(3, 0.05, 2));
    }
}
