package ringlab.node.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.lang.reflect.Field;
import java.lang.reflect.Proxy;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Dictionary;
import java.util.EnumSet;
import java.util.Hashtable;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.osgi.service.cm.Configuration;
import org.osgi.service.cm.Configuration.ConfigurationAttribute;
import org.osgi.service.cm.ConfigurationAdmin;
import org.osgi.service.cm.ReadOnlyConfigurationException;

/**
 * The API's writer against a ConfigAdmin that the deploy folder changes under it: FileInstall marks the
 * configuration read-only between the writer's check and its update (a .cfg dropped and removed at once).
 * The chaos soak met this as a 500 with an empty body; the write must go through.
 */
class ConfigWriterRaceTest {
    /** One configuration as ConfigAdmin keeps it; {@code markBeforeUpdates} updates find it marked read-only first. */
    static final class FakeConfig {
        Dictionary<String, Object> props;
        long count;
        final Set<ConfigurationAttribute> attributes = EnumSet.noneOf(ConfigurationAttribute.class);
        int markBeforeUpdates;
        int deletedUpdates;
        int deletedReads; // reads of the listed instance that find it deleted by the deploy folder
        Path file; // the .cfg it came from, if any
        String fileAtUpdate; // what a FileInstall scan at the moment of the update would find there
        final List<String> calls = new ArrayList<>();

        Configuration proxy() {
            return (Configuration) Proxy.newProxyInstance(Configuration.class.getClassLoader(), new Class<?>[] {Configuration.class}, (p, m, a) -> {
                calls.add(m.getName());
                if ((m.getName().equals("getProperties") || m.getName().equals("getChangeCount")) && deletedReads > 0) {
                    deletedReads--;
                    throw new IllegalStateException("Configuration ringlab.feature.bql deleted");
                }
                switch (m.getName()) {
                    case "getProperties": return props;
                    case "getChangeCount": return count;
                    case "getAttributes": return EnumSet.copyOf(attributes.isEmpty() ? EnumSet.noneOf(ConfigurationAttribute.class) : attributes);
                    case "removeAttributes": for (Object o : (Object[]) a[0]) attributes.remove(o); return null;
                    case "getPid": return "ringlab.feature.bql";
                    case "update":
                        if (deletedUpdates > 0) {
                            deletedUpdates--;
                            throw new IllegalStateException("Configuration ringlab.feature.bql deleted");
                        }
                        if (markBeforeUpdates > 0) { // FileInstall got there first
                            markBeforeUpdates--;
                            attributes.add(ConfigurationAttribute.READ_ONLY);
                        }
                        if (attributes.contains(ConfigurationAttribute.READ_ONLY)) throw new ReadOnlyConfigurationException("read only");
                        if (file != null) fileAtUpdate = java.nio.file.Files.readString(file);
                        @SuppressWarnings("unchecked") Dictionary<String, Object> d = (Dictionary<String, Object>) a[0];
                        props = new Hashtable<>(StoredConfig.map(d));
                        count++;
                        return null;
                    case "hashCode": return System.identityHashCode(p);
                    case "equals": return p == a[0];
                    default: throw new UnsupportedOperationException(m.getName());
                }
            });
        }
    }

    static ConfigWriter writer(FakeConfig stored, Path dir) throws Exception { return writer(stored, dir, Map.of()); }

    /** {@code accepted}: the tunables the runner already has (delivered from ConfigAdmin before). */
    static ConfigWriter writer(FakeConfig stored, Path dir, Map<String, Map<String, Long>> accepted) throws Exception {
        Configuration c = stored.proxy();
        ConfigurationAdmin ca = (ConfigurationAdmin) Proxy.newProxyInstance(ConfigurationAdmin.class.getClassLoader(), new Class<?>[] {ConfigurationAdmin.class},
                (p, m, a) -> switch (m.getName()) {
                    case "getConfiguration" -> c;
                    case "listConfigurations" -> stored.props == null ? null : new Configuration[] {c};
                    default -> throw new UnsupportedOperationException(m.getName());
                });
        ConfigBook book = new ConfigBook(new LastAccepted(dir));
        Map<String, Map<String, Long>> tunables = new TreeMap<>(accepted);
        ScenarioControl control = (ScenarioControl) Proxy.newProxyInstance(ScenarioControl.class.getClassLoader(), new Class<?>[] {ScenarioControl.class},
                (p, m, a) -> switch (m.getName()) {
                    case "book" -> book;
                    case "tunables" -> tunables;
                    case "validateTunables" -> { // every value a whole number
                        Map<String, Long> v = new TreeMap<>();
                        ((Map<?, ?>) a[1]).forEach((k, x) -> v.put((String) k, ((Number) x).longValue()));
                        yield v;
                    }
                    case "tunablesChanged" -> {
                        @SuppressWarnings("unchecked") Map<String, Long> v = (Map<String, Long>) a[1];
                        tunables.put((String) a[0], v);
                        yield null;
                    }
                    default -> throw new UnsupportedOperationException(m.getName());
                });
        ConfigWriter w = new ConfigWriter();
        set(w, "control", control);
        set(w, "configAdmin", ca);
        set(w, "events", new NodeEvents());
        return w;
    }

    private static void set(Object target, String field, Object value) throws Exception {
        Field f = target.getClass().getDeclaredField(field);
        f.setAccessible(true);
        f.set(target, value);
    }

    @Test
    void aReadOnlyMarkSetBetweenTheCheckAndTheUpdateIsClearedAndTheWriteGoesThrough(@TempDir Path dir) throws Exception {
        FakeConfig stored = new FakeConfig();
        stored.markBeforeUpdates = 1;
        ConfigWriter w = writer(stored, dir);
        assertEquals(Map.of("limit_min", 3000L), w.applyTunables("bql", Map.of("limit_min", 3000L), ConfigWriter.ANY_VERSION).value());
        assertEquals(3000L, stored.props.get("limit_min"));
        assertEquals(1, stored.count);
    }

    @Test
    void aConfigurationDeletedWhileItIsWrittenIsWrittenAgainAfterAPause(@TempDir Path dir) throws Exception {
        FakeConfig stored = new FakeConfig();
        stored.deletedUpdates = 3; // ConfigAdmin hands out its deleted instance for a moment
        ConfigWriter w = writer(stored, dir);
        assertEquals(Map.of("limit_min", 7L), w.applyTunables("bql", Map.of("limit_min", 7L), ConfigWriter.ANY_VERSION).value());
        assertEquals(4, stored.calls.stream().filter("update"::equals).count());
    }

    @Test
    void aConfigurationDeletedBetweenTheListingAndTheReadIsLookedUpAgain(@TempDir Path dir) throws Exception {
        // the chaos soak met this as a 500: "Configuration ringlab.feature.bql deleted" from the If-Match check
        FakeConfig stored = new FakeConfig();
        stored.props = new Hashtable<>(Map.of("limit_min", 1L));
        stored.count = 5;
        stored.deletedReads = 2;
        ConfigWriter w = writer(stored, dir, Map.of("bql", Map.of("limit_min", 1L)));
        assertEquals(Map.of("limit_min", 9L), w.applyTunables("bql", Map.of("limit_min", 9L), 5).value());
        assertEquals(6, stored.count);
    }

    @Test
    void aConfigurationThatStaysDeletedReadsAsNone(@TempDir Path dir) throws Exception {
        FakeConfig stored = new FakeConfig();
        stored.props = new Hashtable<>(Map.of("limit_min", 1L));
        stored.deletedReads = Integer.MAX_VALUE;
        ConfigWriter w = writer(stored, dir);
        assertEquals(0, w.tunables("bql").version());
    }

    @Test
    void aMarkThatComesBackEveryTimeEndsTheWriteWithAReasonNotAHang(@TempDir Path dir) throws Exception {
        FakeConfig stored = new FakeConfig();
        stored.markBeforeUpdates = Integer.MAX_VALUE;
        ConfigWriter w = writer(stored, dir);
        String why = assertThrows(RuntimeException.class, () -> w.applyTunables("bql", Map.of("limit_min", 3000L), ConfigWriter.ANY_VERSION)).getMessage();
        assertEquals(true, why.contains("changed it " + ConfigWriter.STORE_ATTEMPTS + " times"), why);
        assertEquals(ConfigWriter.STORE_ATTEMPTS, stored.calls.stream().filter("update"::equals).count());
    }

    @Test
    void aConfigurationFromADeployFileHasTheFileWrittenBeforeConfigAdminIsUpdated(@TempDir Path dir) throws Exception {
        // FileInstall writes an update back to the file only later: a folder scan in between would find the old
        // content and undo the API's change (the chaos soak lost hold_time so). The API writes the file first.
        Path cfg = java.nio.file.Files.writeString(dir.resolve("ringlab.feature.bql.cfg"), "limit_min=1\n");
        FakeConfig stored = new FakeConfig();
        stored.file = cfg;
        stored.props = new Hashtable<>(Map.of("limit_min", 1L, StoredConfig.FILE_KEY, cfg.toUri().toString()));
        stored.count = 1;
        ConfigWriter w = writer(stored, dir.resolve("accepted"), Map.of("bql", Map.of("limit_min", 1L)));
        w.applyTunables("bql", Map.of("hold_time", 500L), ConfigWriter.ANY_VERSION);
        assertEquals("# written by the ringlab API (the last accepted values)\nhold_time=500\nlimit_min=1\n", stored.fileAtUpdate);
        assertEquals(cfg.toUri().toString(), stored.props.get(StoredConfig.FILE_KEY), "still FileInstall's file");
    }
}
