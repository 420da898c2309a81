package ringlab.experiment;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import ringlab.experiment.compare.Compare;
import ringlab.experiment.compare.CompareSpec;
import ringlab.experiment.reproduce.Reproduction;

/** --seed FIRST --seeds N: one rule for every command that takes a range of seeds, and one way to print it. */
class SeedRangeTest {
    @Test
    void aRangeUpToTheLargestSeedIsFineOnePastItIsRefusedNamingBothOptions() {
        assertDoesNotThrow(() -> SeedRange.check(Long.MAX_VALUE, 1));
        assertDoesNotThrow(() -> SeedRange.check(Long.MAX_VALUE - 1, 2));
        assertDoesNotThrow(() -> SeedRange.check(Long.MIN_VALUE, 3));
        assertEquals("--seed 9223372036854775807 with --seeds 2 passes the largest seed, 9223372036854775807 (the last seed is --seed + --seeds - 1)",
                assertThrows(IllegalArgumentException.class, () -> SeedRange.check(Long.MAX_VALUE, 2)).getMessage());
        assertEquals("--seeds must be at least 1, got 0", assertThrows(IllegalArgumentException.class, () -> SeedRange.check(1, 0)).getMessage());
    }

    @Test
    void reproduceAndCompareRefuseARangePastTheLargestSeedBeforeAnythingRuns() {
        // before: Reproduction's loop never ran (firstSeed + seeds wrapped) and SeedSpread.of failed on no rows;
        // Compare ran seeds -9223372036854775808 onwards
        IllegalArgumentException r = assertThrows(IllegalArgumentException.class,
                () -> Reproduction.run(List.of(), Map.of(), Map.of(), Long.MAX_VALUE - 1, 3));
        assertEquals("--seed 9223372036854775806 with --seeds 3", r.getMessage().substring(0, r.getMessage().indexOf(" passes")));
        IllegalArgumentException c = assertThrows(IllegalArgumentException.class, () -> Compare.prepare(
                new CompareSpec("bcm6328", "stock", "stock", 2, Long.MAX_VALUE, Map.of(), null, 0, List.of("-t", "1")), Map.of(), Map.of()));
        assertEquals("--seed 9223372036854775807 with --seeds 2", c.getMessage().substring(0, c.getMessage().indexOf(" passes")));
    }

    @Test
    void aRangeOfNegativeSeedsReadsAsOne() {
        assertEquals("7", SeedRange.text(7, 1));
        assertEquals("1-3", SeedRange.text(1, 3));
        assertEquals("-5 to -4", SeedRange.text(-5, 2), "not -5--4");
        assertEquals("-1 to 1", SeedRange.text(-1, 3));
        assertEquals("-5", SeedRange.text(-5, 1));
    }
}
