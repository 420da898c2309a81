package ringlab.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.Test;
import ringlab.sim.feature.TunableSettings;
import ringlab.spi.feature.DriverFeature;
import ringlab.spi.feature.DriverHooks;
import ringlab.spi.feature.Tunable;

/** Each feature gets its own tunable values, even when two features name a tunable alike. */
class TunableNamespaceTest {
    static final Map<String, Long> SEEN = new ConcurrentHashMap<>();

    record Limited(String id, long defaultLimit) implements DriverFeature {
        @Override public String summary() { return "has a tunable called limit"; }
        @Override public List<Tunable> tunables() { return List.of(new Tunable("limit", "n", defaultLimit, 0, 1000, "test")); }
        @Override public void install(DriverHooks hooks) { SEEN.put(id, hooks.tunable("limit")); }
    }

    @Test
    void twoFeaturesWithATunableOfTheSameNameGetTheirOwnValues() {
        Simulation s = LiveChangesTest.continuous(List.of(new Limited("a", 1), new Limited("b", 2)));
        assertEquals(Map.of("a", 1L, "b", 2L), SEEN);
        s.setTunables(TunableSettings.of(Map.of("a", Map.of("limit", 5L), "b", Map.of("limit", 7L))));
        s.advanceTo(10_000_000L);
        assertEquals(Map.of("a", 5L, "b", 7L), SEEN);
        s.setTunables(TunableSettings.of(Map.of("b", Map.of("limit", 9L))));
        s.advanceTo(20_000_000L);
        assertEquals(Map.of("a", 1L, "b", 9L), SEEN, "a's values cleared: its default again");
    }

    @Test
    void aFlatSetReachesEveryFeatureThatDeclaresTheName() {
        Scenario sc = Scenario.builder(TestBoards.flat(5, "5.15")).features(List.of(new Limited("a", 1), new Limited("b", 2)))
                .set("limit", "3").tunables("b", Map.of("limit", 4L)).build();
        assertEquals(Map.of("a", Map.of("limit", 3L), "b", Map.of("limit", 4L)), sc.tunables.byFeature());
    }

    @Test
    void aSetValueOutsideTheDeclaredRangeIsRefusedAsTheApiRefusesIt() {
        Scenario.Builder b = Scenario.builder(TestBoards.flat(5, "5.15")).features(List.of(new Limited("a", 1))).set("limit", "-1");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, b::build);
        assertEquals("--set limit: -1 is out of range [0, 1000] n (tunable a/limit)", e.getMessage());
        Scenario.Builder over = Scenario.builder(TestBoards.flat(5, "5.15")).features(List.of(new Limited("a", 1))).set("limit", "1001");
        assertThrows(IllegalArgumentException.class, over::build);
        Scenario atMax = Scenario.builder(TestBoards.flat(5, "5.15")).features(List.of(new Limited("a", 1))).set("limit", "1000").build();
        assertEquals(Map.of("a", Map.of("limit", 1000L)), atMax.tunables.byFeature());
    }
}
