package ringlab.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import ringlab.sim.feature.TunableSettings;
import ringlab.sim.workload.IperfArgs;
import ringlab.spi.driver.Exec;
import ringlab.spi.net.Packet;
import ringlab.spi.driver.RxDelivery;
import ringlab.spi.driver.RxStack;
import ringlab.spi.feature.Counter;
import ringlab.spi.feature.DriverFeature;
import ringlab.spi.feature.DriverHooks;
import ringlab.spi.feature.Tunable;

/** Feature counters are kept across reinstalls (ethtool -S style) and only declared names are shown. */
class FeatureCountersTest {

    /** Counts the packets it sees (an event counter) and shows its tunable (a gauge). */
    static class Counting implements DriverFeature {
        @Override public String id() { return "counting"; }
        @Override public String summary() { return "counts received packets"; }
        @Override public List<Tunable> tunables() { return List.of(new Tunable("level", "n", 7, 0, 100, "shown as a gauge")); }
        @Override public List<Counter> counters() {
            return List.of(Counter.count("rx_seen", "packets", "packets delivered through it"),
                    Counter.gauge("level", "n", "its tunable"));
        }

        Map<String, Long> extra() { return Map.of(); }

        @Override public void install(DriverHooks hooks) {
            RxDelivery inner = hooks.rxDelivery();
            long level = hooks.tunable("level");
            long[] seen = new long[1];
            hooks.rxDelivery(new RxDelivery() {
                @Override public void deliver(Exec x, Packet p, RxStack stack) { seen[0]++; inner.deliver(x, p, stack); }
                @Override public void flush(Exec x, RxStack stack) { inner.flush(x, stack); }
                @Override public int held() { return inner.held(); }
            });
            hooks.counters(id(), () -> {
                Map<String, Long> m = new LinkedHashMap<>();
                m.put("rx_seen", seen[0]);
                m.put("level", level);
                m.putAll(extra());
                return m;
            });
        }
    }

    static Simulation continuous(List<DriverFeature> features) {
        return LiveChangesTest.continuous(features);
    }

    static Map<String, Long> counters(Simulation s, String id) {
        return s.status().device().features().get("eth0").counters().get(id);
    }

    @Test
    void aTunableChangeKeepsTheEventCountersAndShowsTheNewLevel() {
        Simulation s = continuous(List.of(new Counting()));
        s.advanceTo(100_000_000L);
        long before = counters(s, "counting").get("rx_seen");
        assertTrue(before > 0, "traffic was delivered");
        s.setTunables(TunableSettings.of(Map.of("counting", Map.of("level", 42L))));
        s.advanceTo(101_000_000L);
        assertFalse(s.featureChangePending(), "reinstalled");
        Map<String, Long> after = counters(s, "counting");
        assertTrue(after.get("rx_seen") >= before, "rx_seen went from " + before + " to " + after.get("rx_seen"));
        assertEquals(42L, after.get("level"), "a gauge is the new instance's");
        s.advanceTo(200_000_000L);
        assertTrue(counters(s, "counting").get("rx_seen") > after.get("rx_seen"), "and it keeps counting");
    }

    @Test
    void aFeatureRemovedAndAddedAgainStartsFromZero() {
        Simulation s = continuous(List.of(new Counting()));
        s.advanceTo(100_000_000L);
        long before = counters(s, "counting").get("rx_seen");
        s.setFeatures(List.of());
        s.advanceTo(101_000_000L);
        assertNull(s.status().device().features().get("eth0").counters().get("counting"));
        s.setFeatures(List.of(new Counting()));
        s.advanceTo(101_500_000L);
        assertTrue(counters(s, "counting").get("rx_seen") < before, "as the kernel's counters at unbind");
    }

    @Test
    void anUndeclaredCounterFailsTheInstall() {
        DriverFeature bad = new Counting() {
            @Override Map<String, Long> extra() { return Map.of("surprise", 1L); }
        };
        Scenario sc = Scenario.builder(TestBoards.flat(5, "5.15")).features(List.of(bad))
                .iperf(IperfArgs.parse(List.of("-t", "1"))).build();
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> new Simulation(sc));
        assertEquals("feature counting reports counter 'surprise' that its counters() does not declare", e.getMessage());
    }

    @Test
    void countersUnderAnotherFeaturesIdFailTheInstall() {
        DriverFeature bad = new Counting() {
            @Override public void install(DriverHooks hooks) { hooks.counters("gro", Map::of); }
        };
        Scenario sc = Scenario.builder(TestBoards.flat(5, "5.15")).features(List.of(bad))
                .iperf(IperfArgs.parse(List.of("-t", "1"))).build();
        assertThrows(IllegalStateException.class, () -> new Simulation(sc));
    }

    @Test
    void aFeatureThatDeclaresNoCountersIsShownAsItReports() {
        DriverFeature old = new Counting() {
            @Override public List<Counter> counters() { return List.of(); }
            @Override Map<String, Long> extra() { return Map.of("anything", 3L); }
        };
        Simulation s = continuous(List.of(old));
        s.advanceTo(10_000_000L);
        assertEquals(3L, counters(s, "counting").get("anything"));
    }
}
