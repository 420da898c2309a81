package ringlab.sweep;

import com.google.gson.JsonParseException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import ringlab.experiment.Refusal;
import ringlab.experiment.RunResult;

/**
 * A sweep's output folder, written by the driver only (a task on a dying executor may run twice; the driver
 * sees each run's outcome once):
 * <ul>
 *   <li>runs/KEY.json: the run's full `ringlab run --json` document, written first;</li>
 *   <li>results.jsonl: one RunResult per line, appended once its document is there, so an interrupted sweep
 *       keeps every run that finished; rewritten sorted by key (no duplicates) when opened and at the end;</li>
 *   <li>refused.jsonl: one Refusal per line.</li>
 * </ul>
 * A run counts as done when its line parses and its document exists: a line cut by a crash is dropped and
 * the run done again.
 */
final class SweepFolder {
    private final Path dir;
    private final Map<String, RunResult> results = new TreeMap<>();

    private SweepFolder(Path dir) { this.dir = dir; }

    /** Opens (or creates) the folder and reads the runs already done there. */
    static SweepFolder open(Path dir) {
        SweepFolder f = new SweepFolder(dir);
        try {
            Files.createDirectories(dir.resolve("runs"));
            Path jsonl = f.resultsFile();
            if (Files.exists(jsonl)) {
                for (String line : Files.readAllLines(jsonl, StandardCharsets.UTF_8)) {
                    RunResult r = parse(line);
                    if (r != null && Files.isRegularFile(f.document(r.key()))) f.results.putIfAbsent(r.key(), r);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot use the output folder " + dir + ": " + e.getMessage(), e);
        }
        f.rewriteResults(); // a clean file to append to: no cut last line, sorted, no duplicates
        return f;
    }

    private static RunResult parse(String line) {
        if (line.isBlank()) return null;
        try {
            RunResult r = Json.GSON.fromJson(line, RunResult.class);
            return r == null || r.key() == null || r.spec() == null ? null : r;
        } catch (JsonParseException | IllegalStateException e) {
            return null;
        }
    }

    boolean has(String key) { return results.containsKey(key); }

    /** Every result, sorted by key. */
    List<RunResult> results() { return new ArrayList<>(results.values()); }

    Path dir() { return dir; }

    /** A finished run: its document first, then its line. The same key twice is written once. */
    void add(TaskOutput o) {
        RunResult r = Json.GSON.fromJson(o.result(), RunResult.class);
        if (results.containsKey(r.key())) return;
        AtomicFiles.write(document(r.key()), o.document());
        try {
            Files.writeString(resultsFile(), Json.GSON.toJson(r) + "\n", StandardCharsets.UTF_8, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot append to " + resultsFile() + ": " + e.getMessage(), e);
        }
        results.put(r.key(), r);
    }

    /** results.jsonl sorted by key: two sweeps of the same spec write the same bytes. */
    void rewriteResults() {
        StringBuilder sb = new StringBuilder();
        for (RunResult r : results.values()) sb.append(Json.GSON.toJson(r)).append('\n');
        AtomicFiles.write(resultsFile(), sb.toString());
    }

    void writeRefused(List<Refusal> refused) {
        StringBuilder sb = new StringBuilder();
        for (Refusal r : refused) sb.append(Json.GSON.toJson(r)).append('\n');
        AtomicFiles.write(dir.resolve("refused.jsonl"), sb.toString());
    }

    Path resultsFile() { return dir.resolve("results.jsonl"); }

    Path document(String key) { return dir.resolve("runs").resolve(key + ".json"); }

    static final Comparator<Refusal> BY_SPEC = Comparator.comparing(r -> Json.GSON.toJson(r.spec()));
}
