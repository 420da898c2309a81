package ringlab.experiment;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class StatsTest {
    @Test
    void intervalIsStudentsTWithNMinusOneDegreesOfFreedom() {
        // mean 5, sample sd 1.5811 (1..9 step 2), t(0.975, 4) = 2.7764: half width 2.7764 * 1.5811 / sqrt(5) = 1.9632
        Stats.Summary s = Stats.summary(new double[] {3, 4, 5, 6, 7});
        assertEquals(5, s.n());
        assertEquals(5.0, s.mean(), 1e-12);
        assertEquals(1.9632, s.halfWidth(), 1e-4);
    }

    @Test
    void oneValueOrEqualValuesHaveNoInterval() {
        assertEquals(0, Stats.summary(new double[] {7}).halfWidth());
        assertEquals(0, Stats.summary(new double[] {7, 7, 7}).halfWidth());
    }

    @Test
    void significanceIsWelchsTestAtFivePercent() {
        assertTrue(Stats.significant(new double[] {10, 10.1, 9.9, 10.05}, new double[] {12, 12.1, 11.9, 12.05}));
        assertFalse(Stats.significant(new double[] {10, 11, 9, 10.5}, new double[] {10.2, 11.1, 9.3, 10.4}));
        assertFalse(Stats.significant(new double[] {10}, new double[] {12}), "one value a side: no test");
        assertTrue(Stats.significant(new double[] {1, 1}, new double[] {2, 2}));
        assertFalse(Stats.significant(new double[] {1, 1}, new double[] {1, 1}));
    }
}
