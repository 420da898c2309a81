package ringlab.sim.feature;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;
import ringlab.spi.feature.DriverFeature;
import ringlab.spi.feature.DriverHooks;

/** Requirements are installed first; otherwise the listed order stands. */
class InstallOrderTest {
    record F(String id, List<String> requires) implements DriverFeature {
        @Override public String summary() { return "test feature " + id; }
        @Override public void install(DriverHooks hooks) { }
    }

    static F f(String id, String... requires) { return new F(id, List.of(requires)); }

    static List<String> ids(List<DriverFeature> fs) { return fs.stream().map(DriverFeature::id).toList(); }

    @Test
    void aRequirementListedLaterMovesToJustBeforeTheFeatureThatNeedsIt() {
        F pool = f("page-pool", "build-skb"), frag = f("build-skb"), gro = f("gro"), bql = f("bql");
        assertEquals(List.of("gro", "build-skb", "page-pool", "bql"), ids(InstallOrder.of(List.of(gro, pool, bql, frag))));
        assertEquals(List.of("gro", "build-skb", "bql", "page-pool"), ids(InstallOrder.of(List.of(gro, frag, bql, pool))));
    }

    @Test
    void withoutRequirementsTheListedOrderStands() {
        List<DriverFeature> in = List.of(f("c"), f("a"), f("b"));
        assertEquals(List.of("c", "a", "b"), ids(InstallOrder.of(in)));
    }

    @Test
    void requirementsChainAndAMissingOneIsIgnored() {
        List<DriverFeature> in = List.of(f("a", "b", "absent"), f("c"), f("b", "c"));
        assertEquals(List.of("c", "b", "a"), ids(InstallOrder.of(in)));
    }

    @Test
    void aCycleEndsAndKeepsEveryFeatureOnce() {
        List<DriverFeature> in = List.of(f("x", "y"), f("y", "x"), f("z"));
        assertEquals(List.of("y", "x", "z"), ids(InstallOrder.of(in)));
    }

    @Test
    void aFeatureListedTwiceIsStillInstalledTwice() {
        F a = f("a");
        assertEquals(List.of("a", "a"), ids(InstallOrder.of(List.of(a, a))));
    }
}
