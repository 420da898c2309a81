package ringlab.node.internal;

import java.io.IOException;
import java.io.Reader;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;
import ringlab.node.ScenarioSpec;

/**
 * The last accepted configuration, kept in the data folder (DATA/accepted) apart from ConfigAdmin's store,
 * which holds whatever a .cfg file said, refused or not: scenario.properties and feature.ID.properties
 * (tunables). Written to a temporary file and moved over the old one, so a crash leaves the old or the new
 * file, never half of one. A file that cannot be read is reported with what was wrong, never guessed at.
 */
final class LastAccepted {
    /** What was read: the value, or null when there is no file ({@code problem} null) or it is unreadable. */
    record Read<T>(T value, Path file, String problem) { }

    private final Path dir;

    LastAccepted(Path dir) { this.dir = dir; }

    Path scenarioFile() { return dir.resolve("scenario.properties"); }

    Path tunablesFile(String featureId) { return dir.resolve("feature." + featureId + ".properties"); }

    Read<ScenarioSpec> scenario() {
        Path f = scenarioFile();
        try {
            Properties p = load(f);
            if (p == null) return new Read<>(null, f, null);
            for (String k : new String[] {"board", "features", "workload", "pace", "seed"}) {
                if (p.getProperty(k) == null) throw new IllegalArgumentException("'" + k + "' is missing");
            }
            Map<String, Object> m = new TreeMap<>();
            p.stringPropertyNames().forEach(k -> m.put(k, p.getProperty(k)));
            return new Read<>(ScenarioProperties.merge(ScenarioProperties.DEFAULTS, m, false), f, null);
        } catch (IOException | IllegalArgumentException e) {
            return new Read<>(null, f, e.getMessage());
        }
    }

    void saveScenario(ScenarioSpec s) throws IOException {
        Properties p = new Properties();
        p.setProperty("board", s.board());
        p.setProperty("features", s.features());
        p.setProperty("workload", s.workload());
        p.setProperty("pace", s.pace());
        p.setProperty("seed", Long.toString(s.seed()));
        store(scenarioFile(), p);
    }

    Read<Map<String, Long>> tunables(String featureId) {
        Path f = tunablesFile(featureId);
        try {
            Properties p = load(f);
            if (p == null) return new Read<>(null, f, null);
            Map<String, Long> m = new TreeMap<>();
            for (String k : p.stringPropertyNames()) m.put(k, ScenarioProperties.whole(k, p.getProperty(k)));
            return new Read<>(m, f, null);
        } catch (IOException | IllegalArgumentException e) {
            return new Read<>(null, f, e.getMessage());
        }
    }

    void saveTunables(String featureId, Map<String, Long> values) throws IOException {
        Properties p = new Properties();
        values.forEach((k, v) -> p.setProperty(k, Long.toString(v)));
        store(tunablesFile(featureId), p);
    }

    private static Properties load(Path f) throws IOException {
        try (Reader r = Files.newBufferedReader(f, StandardCharsets.UTF_8)) {
            Properties p = new Properties();
            p.load(r);
            return p;
        } catch (NoSuchFileException e) {
            return null;
        } catch (java.nio.charset.CharacterCodingException e) {
            throw new IOException("not UTF-8 text");
        }
    }

    private void store(Path f, Properties p) throws IOException {
        Files.createDirectories(dir);
        Path tmp = Files.createTempFile(dir, f.getFileName().toString(), ".tmp");
        try {
            try (Writer w = Files.newBufferedWriter(tmp, StandardCharsets.UTF_8)) {
                p.store(w, "ringlab: the last accepted configuration (written by the node)");
            }
            try {
                Files.move(tmp, f, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(tmp, f, StandardCopyOption.REPLACE_EXISTING);
            }
        } finally {
            Files.deleteIfExists(tmp);
        }
    }
}
