package ringlab.node.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import ringlab.node.ScenarioSpec;

/** Reading scenario fields (API and .cfg alike), the last accepted files, and the choice at start. */
class ConfigAcceptanceTest {
    static final ScenarioSpec ACCEPTED = new ScenarioSpec("bcm6328", "stock,bql", "-M 512", "2", 7);

    @Test
    void aFileAndAnApiRequestAreReadByTheSameRulesWithTheSameWords() {
        String api = assertThrows(IllegalArgumentException.class,
                () -> ScenarioProperties.merge(ACCEPTED, Map.of("seed", "abc"), false)).getMessage();
        String file = assertThrows(IllegalArgumentException.class,
                () -> ScenarioProperties.merge(ACCEPTED, Map.of("seed", "abc", "felix.fileinstall.filename", "file:/x.cfg"), true)).getMessage();
        assertEquals("field 'seed' must be a whole number, not 'abc'", api);
        assertEquals(api, file);
        assertEquals(9, ScenarioProperties.merge(ACCEPTED, Map.of("seed", "9"), true).seed(), "a .cfg file gives text");
        assertEquals(9, ScenarioProperties.merge(ACCEPTED, Map.of("seed", new BigDecimal("9")), false).seed(), "JSON gives numbers");
        assertEquals("10", ScenarioProperties.merge(ACCEPTED, Map.of("pace", new BigDecimal("10")), false).pace());
        assertThrows(IllegalArgumentException.class, () -> ScenarioProperties.merge(ACCEPTED, Map.of("seed", new BigDecimal("1.5")), false));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> ScenarioProperties.merge(ACCEPTED, Map.of("sed", "1"), true))
                .getMessage().contains("unknown field 'sed'"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> ScenarioProperties.merge(ACCEPTED, Map.of("tickMillis", 5), false))
                .getMessage().contains("unknown field"), "tickMillis is a node setting, not an API field");
        assertEquals(ACCEPTED.withPace("3"), ScenarioProperties.merge(ACCEPTED, Map.of("pace", "3"), false), "fields left out are kept");
        assertEquals(5, ScenarioProperties.tickMillis(Map.of("tickMillis", "5")));
    }

    @Test
    void theLastAcceptedFilesAreWrittenWholeAndAProblemIsNamed(@TempDir Path dir) throws Exception {
        LastAccepted saved = new LastAccepted(dir.resolve("accepted"));
        assertNull(saved.scenario().value());
        assertNull(saved.scenario().problem(), "no file yet is no problem");
        saved.saveScenario(ACCEPTED);
        assertEquals(ACCEPTED, saved.scenario().value());
        saved.saveTunables("bql", Map.of("limit_min", 3000L));
        assertEquals(Map.of("limit_min", 3000L), saved.tunables("bql").value());
        try (var files = Files.list(dir.resolve("accepted"))) {
            assertEquals(2, files.count(), "no temporary file left behind");
        }

        Files.writeString(saved.scenarioFile(), "seed=x\u0000\u0001");
        LastAccepted.Read<ScenarioSpec> bad = saved.scenario();
        assertNull(bad.value());
        assertTrue(bad.problem().contains("missing"), bad.problem());
        Files.writeString(saved.scenarioFile(), "board=b\nfeatures=stock\nworkload=\npace=1\nseed=1x\n");
        assertTrue(saved.scenario().problem().contains("seed"), saved.scenario().problem());
        Files.writeString(saved.tunablesFile("bql"), "limit_min=\\u12");
        assertTrue(saved.tunables("bql").problem() != null);
    }

    @Test
    void theNodeStartsWithTheAcceptedScenarioAndSaysWhy(@TempDir Path dir) throws Exception {
        LastAccepted saved = new LastAccepted(dir);
        saved.saveScenario(ACCEPTED);
        List<ScenarioSpec> validated = new ArrayList<>();
        Consumer<ScenarioSpec> refuseNosuch = s -> {
            validated.add(s);
            if (s.features().contains("nosuch")) throw new IllegalArgumentException("feature 'nosuch' is not installed");
        };

        // the stored configuration is the last accepted one: no validation (its features may still be on their way)
        StartChoice same = StartChoice.choose(stored(Map.of("board", "bcm6328", "features", "stock,bql", "workload", "-M 512", "pace", "2", "seed", 7L)),
                saved.scenario(), refuseNosuch);
        assertEquals(ACCEPTED, same.spec());
        assertTrue(same.notes().isEmpty() && validated.isEmpty());

        // refused (malformed or not valid now): the last accepted, and the refusal with the file's name
        Path cfg = dir.resolve("deploy").resolve("ringlab.scenario.cfg");
        Files.createDirectories(cfg.getParent());
        Files.writeString(cfg, "seed=abc\n");
        StartChoice abc = StartChoice.choose(stored(Map.of("seed", "abc", StoredConfig.FILE_KEY, cfg.toUri().toString())), saved.scenario(), refuseNosuch);
        assertEquals(ACCEPTED, abc.spec());
        assertFalse(abc.accepted());
        assertTrue(abc.refusal().contains("ringlab.scenario.cfg") && abc.refusal().contains("seed"), abc.refusal());
        assertTrue(String.join("|", abc.notes()).contains("last accepted"), abc.notes().toString());
        StartChoice nosuch = StartChoice.choose(stored(Map.of("features", "stock,nosuch")), saved.scenario(), refuseNosuch);
        assertEquals(ACCEPTED, nosuch.spec());
        assertTrue(nosuch.refusal().contains("nosuch"));

        // FileInstall's copy of a deploy file that is gone (read while a writer had truncated it: no values, so
        // the defaults if taken) or that holds other values now: not taken, the last accepted, said
        Files.delete(cfg);
        StartChoice gone = StartChoice.choose(stored(Map.of(StoredConfig.FILE_KEY, cfg.toUri().toString())), saved.scenario(), refuseNosuch);
        assertEquals(ACCEPTED, gone.spec());
        assertFalse(gone.accepted());
        assertTrue(String.join("|", gone.notes()).contains("older than the file, or the file is gone"), gone.notes().toString());
        Files.writeString(cfg, "seed=abc\n");
        StartChoice older = StartChoice.choose(stored(Map.of("seed", "11", StoredConfig.FILE_KEY, cfg.toUri().toString())), saved.scenario(), refuseNosuch);
        assertEquals(ACCEPTED, older.spec());

        // a valid change made while the node was down is taken (and saved)
        StartChoice changed = StartChoice.choose(stored(Map.of("seed", "11")), saved.scenario(), refuseNosuch);
        assertEquals(11, changed.spec().seed());
        assertTrue(changed.accepted());

        // ConfigAdmin's store lost: the last accepted, said
        StartChoice lost = StartChoice.choose(new StoredConfig(null, 0, ScenarioSpec.PID), saved.scenario(), refuseNosuch);
        assertEquals(ACCEPTED, lost.spec());
        assertTrue(String.join("|", lost.notes()).contains("ConfigAdmin holds no"), lost.notes().toString());

        // both gone: the defaults, naming the unreadable file
        Files.writeString(saved.scenarioFile(), "garbage");
        StartChoice none = StartChoice.choose(new StoredConfig(null, 0, ScenarioSpec.PID), saved.scenario(), refuseNosuch);
        assertEquals(ScenarioProperties.DEFAULTS, none.spec());
        String said = String.join("|", none.notes());
        assertTrue(said.contains(saved.scenarioFile().toString()) && said.contains("defaults"), said);

        // the very first start: defaults, nothing to say
        StartChoice first = StartChoice.choose(new StoredConfig(null, 0, ScenarioSpec.PID), new LastAccepted(dir.resolve("new")).scenario(), refuseNosuch);
        assertEquals(ScenarioProperties.DEFAULTS, first.spec());
        assertTrue(first.notes().isEmpty());
    }

    @Test
    void aChangeCountIsDecidedOnOnce() {
        ConfigBook book = new ConfigBook(null);
        assertTrue(book.news("p", 1));
        assertFalse(book.news("p", 1), "a repeated delivery");
        book.decided("p", 3); // the API wrote twice
        assertFalse(book.news("p", 2), "a late delivery of an older write");
        assertFalse(book.news("p", 3));
        assertTrue(book.news("p", 4), "a .cfg file changed since");
        assertTrue(book.forget("p"), "deleted");
        assertTrue(book.news("p", 1), "a configuration made anew counts from 1 again");
    }

    private static StoredConfig stored(Map<String, Object> props) {
        Map<String, Object> m = new LinkedHashMap<>(props);
        m.put("service.pid", ScenarioSpec.PID);
        return new StoredConfig(m, 2, StoredConfig.source(ScenarioSpec.PID, m));
    }
}
