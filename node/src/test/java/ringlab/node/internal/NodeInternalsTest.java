package ringlab.node.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import ringlab.spi.feature.DriverFeature;
import ringlab.spi.feature.DriverHooks;
import ringlab.spi.feature.Tunable;

/** The node's pure parts: pace text, tunable validation, the token file, culprit lookup. */
class NodeInternalsTest {

    static final class Knob implements DriverFeature {
        @Override public String id() { return "knob"; }
        @Override public String summary() { return "test"; }
        @Override public List<Tunable> tunables() { return List.of(new Tunable("rx_usecs", "us", 8, 0, 100, "test")); }
        @Override public void install(DriverHooks hooks) { throw new IllegalStateException("from " + getClass().getName()); }
    }

    @Test
    void paceTakesPauseMaxAndFactors() {
        assertTrue(Pace.parse("pause").paused());
        assertTrue(Pace.parse("0").paused());
        assertTrue(Pace.parse("MAX").max());
        assertEquals(10.0, Pace.parse("10x").factor());
        assertEquals(0.5, Pace.parse("0.5").factor());
        assertEquals("10", Pace.parse("10").toString());
        for (String bad : new String[] {"fast", "-1", "NaN", "1e9", ""}) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Pace.parse(bad), bad);
            assertTrue(e.getMessage().contains("pace"), e.getMessage());
        }
    }

    @Test
    void tunablesAreCheckedByNameTypeAndRange() {
        Knob k = new Knob();
        assertEquals(Map.of("rx_usecs", 50L), TunableValues.validate(k, Map.of("rx_usecs", 50)));
        assertEquals(Map.of("rx_usecs", 50L), TunableValues.validate(k, Map.of("rx_usecs", "50")));
        assertEquals(Map.of("rx_usecs", 50L), TunableValues.validate(k, Map.of("rx_usecs", new java.math.BigDecimal("50"))));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> TunableValues.validate(k, Map.of("rx_usecs", 101)))
                .getMessage().contains("out of range [0, 100]"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> TunableValues.validate(k, Map.of("rx_usecs", 1.5)))
                .getMessage().contains("whole number"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> TunableValues.validate(k, Map.of("rx_frames", 1)))
                .getMessage().contains("no tunable 'rx_frames'"));
        java.util.Hashtable<String, Object> cfg = new java.util.Hashtable<>(Map.of("service.pid", "ringlab.feature.knob", "rx_usecs", 3L));
        assertEquals(Map.of("rx_usecs", 3L), TunableValues.validate(k, TunableValues.values(new java.util.HashMap<>(cfg))), "ConfigAdmin's own keys are not tunables");
    }

    @Test
    void theTokenIsCreatedOwnerOnlyAndKept(@TempDir Path dir) throws Exception {
        Path data = dir.resolve("data");
        String t = DataFolder.loadOrCreateToken(data);
        assertEquals(64, t.length());
        assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(data.resolve("token"))));
        assertEquals("rwx------", PosixFilePermissions.toString(Files.getPosixFilePermissions(data)));
        assertEquals(t, DataFolder.loadOrCreateToken(data), "kept across starts");
        assertNotEquals(t, DataFolder.loadOrCreateToken(dir.resolve("other")), "random");
    }

    @Test
    void theCulpritIsTheInnermostFrameInAFeaturesCode() {
        Knob k = new Knob();
        DriverFeature other = new DriverFeature() {
            @Override public String id() { return "other"; }
            @Override public String summary() { return "x"; }
            @Override public void install(DriverHooks hooks) { }
        };
        Throwable t = assertThrows(IllegalStateException.class, () -> k.install(null));
        // outside OSGi (one class loader) the package decides: both test features live in this package,
        // so both own the frame; a runtime frame is no feature's
        assertEquals(List.of(k, other), Culprit.find(t, List.of(k, other)));
        RuntimeException noFeature = new RuntimeException("x");
        noFeature.setStackTrace(new StackTraceElement[] {new StackTraceElement("ringlab.sim.Sim", "runUntil", "Sim.java", 1)});
        assertEquals(List.of(), Culprit.find(noFeature, List.of(k)));
    }
}
