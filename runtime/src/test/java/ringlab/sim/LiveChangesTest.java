package ringlab.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import ringlab.sim.feature.TunableSettings;
import ringlab.sim.workload.IperfArgs;
import ringlab.spi.feature.DriverFeature;
import ringlab.spi.feature.DriverHooks;
import ringlab.spi.feature.Tunable;

/** Changes during a continuous run (the node's use): a throwing install() is left out, tunables change live. */
class LiveChangesTest {
    static final AtomicLong SEEN = new AtomicLong(-1);

    /** Reads its tunable at install and remembers it; installs no mechanism. */
    static final class Probe implements DriverFeature {
        @Override public String id() { return "probe"; }
        @Override public String summary() { return "test probe"; }
        @Override public List<Tunable> tunables() { return List.of(new Tunable("probe_value", "n", 7, 0, 100, "test")); }
        @Override public void install(DriverHooks hooks) { SEEN.set(hooks.tunable("probe_value")); }
    }

    static final class Broken implements DriverFeature {
        @Override public String id() { return "broken"; }
        @Override public String summary() { return "throws in install"; }
        @Override public void install(DriverHooks hooks) { throw new IllegalStateException("boom"); }
    }

    static Simulation continuous(List<DriverFeature> features) {
        return new Simulation(Scenario.builder(TestBoards.flat(5, "5.15")).features(features)
                .iperf(IperfArgs.parse(List.of("-M", "512"))).continuous(true).build());
    }

    @Test
    void aFeatureWhoseInstallThrowsIsLeftOutAndTheRunGoesOn() {
        Simulation s = continuous(List.of(new Probe()));
        s.advanceTo(50_000_000L);
        s.setFeatures(List.of(new Broken(), new Probe()));
        s.advanceTo(100_000_000L);
        Map<DriverFeature, Throwable> failures = s.takeInstallFailures();
        assertEquals(1, failures.size());
        assertEquals("broken", failures.keySet().iterator().next().id());
        assertEquals("boom", failures.values().iterator().next().getMessage());
        long sent = s.ledger().sentCount();
        s.advanceTo(200_000_000L);
        assertTrue(s.ledger().sentCount() > sent, "traffic goes on");
        var l = s.ledger();
        assertEquals(l.sentCount(), l.deliveredCount() + l.droppedCount() + l.inFlight());
        assertEquals(0, s.takeInstallFailures().size(), "reported once");
    }

    @Test
    void aBatchRunStillReportsAThrowingInstall() {
        Scenario sc = Scenario.builder(TestBoards.flat(5, "5.15")).features(List.of(new Broken()))
                .iperf(IperfArgs.parse(List.of("-t", "1"))).build();
        org.junit.jupiter.api.Assertions.assertThrows(IllegalStateException.class, () -> new Simulation(sc).run());
    }

    @Test
    void tunablesChangeAtTheNextPollBoundary() {
        Simulation s = continuous(List.of(new Probe()));
        s.advanceTo(20_000_000L);
        assertEquals(7, SEEN.get());
        s.setTunables(TunableSettings.of(Map.of("probe", Map.of("probe_value", 42L))));
        s.advanceTo(40_000_000L);
        assertEquals(42, SEEN.get());
    }
}
