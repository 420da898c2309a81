package ringlab.webconsole.api;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Sweeps the node starts as separate processes: `$ringlab.home/ringlab sweep DATA/sweeps/ID/spec.json --out
 * DATA/sweeps/ID --bundles DATA/deploy`, output to sweep.log in that folder. The folder is the record: the
 * sweep's progress.json (written by the sweep), and a "cancelled" file when it was stopped. A sweep whose
 * process is gone without progress state "done" is failed, its log's last line the error; so after a node
 * restart every sweep is a finished record. One sweep at a time: a sweep takes all cores, the node must stay
 * responsive. The command can be replaced (system property ringlab.sweep.command) for tests.
 */
final class Sweeps implements AutoCloseable {
    /** Sweeps running at once. */
    static final int MAX_RUNNING = 1;
    static final String COMMAND_PROPERTY = "ringlab.sweep.command";
    private static final Pattern ID = Pattern.compile("[0-9]{8}-[0-9]{6}-[0-9]{1,9}");
    private static final DateTimeFormatter STAMP = DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss").withZone(ZoneOffset.UTC);

    private final java.util.function.Supplier<Path> data;
    private final List<String> command;
    private final Map<String, Process> running = new HashMap<>();
    /** Ids in start order: the time stamp, then the number within its second (2 before 10). */
    private static final Comparator<String> START_ORDER = Comparator.<String, String>comparing(id -> id.substring(0, id.lastIndexOf('-')))
            .thenComparingLong(id -> Long.parseLong(id.substring(id.lastIndexOf('-') + 1)));

    /**
     * @param data    the node's data folder (sweeps go to DATA/sweeps, plug-ins come from DATA/deploy)
     * @param command the program to start with the sweep's arguments, or null when the node cannot start sweeps
     *                (neither ringlab.home nor ringlab.sweep.command set)
     */
    Sweeps(java.util.function.Supplier<Path> data, List<String> command) {
        this.data = data;
        this.command = command;
    }

    /** DATA/sweeps: asked of the node's data service when used (it answers once the node is up). */
    private Path dir() { return data.get().resolve("sweeps"); }

    /** The command from the system properties: ringlab.sweep.command, else $ringlab.home/ringlab; null if neither. */
    static List<String> commandFromProperties() {
        String c = System.getProperty(COMMAND_PROPERTY);
        if (c != null && !c.isBlank()) return List.of(c);
        String home = System.getProperty("ringlab.home");
        return home == null || home.isBlank() ? null : List.of(Path.of(home, "ringlab").toString());
    }

    /** Writes the checked spec and starts its process; 409 when a sweep is running, 503 without a command. */
    synchronized SweepInfo start(JsonObject spec) throws ApiError, IOException {
        Path dir = dir();
        if (command == null) {
            throw new ApiError(503, "this node cannot start sweeps: it was not started by ./ringlab (no ringlab.home) and " + COMMAND_PROPERTY + " is not set");
        }
        reap();
        if (running.size() >= MAX_RUNNING) {
            throw new ApiError(409, "sweep " + running.keySet().iterator().next() + " is running; at most " + MAX_RUNNING
                    + " at once, so the node stays responsive (DELETE it or wait)");
        }
        Instant now = Instant.now();
        String id;
        Path folder;
        int n = 0;
        do {
            id = STAMP.format(now) + "-" + (++n);
            folder = dir.resolve(id);
        } while (Files.exists(folder));
        Files.createDirectories(folder);
        Path specFile = folder.resolve("spec.json");
        Files.writeString(specFile, Json.write(spec) + "\n", StandardCharsets.UTF_8);
        Files.writeString(folder.resolve("started"), now.toString() + "\n", StandardCharsets.UTF_8);
        List<String> cmd = new ArrayList<>(command);
        cmd.addAll(List.of("sweep", specFile.toString(), "--out", folder.toString(), "--bundles", data.get().resolve("deploy").toString()));
        ProcessBuilder pb = new ProcessBuilder(cmd).directory(folder.toFile()).redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(folder.resolve("sweep.log").toFile()))
                .redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")));
        pb.environment().put("RINGLAB_DATA", data.get().toString());
        try {
            running.put(id, pb.start());
        } catch (IOException e) {
            Files.writeString(folder.resolve("sweep.log"), "cannot start " + cmd.get(0) + ": " + e.getMessage() + "\n", StandardCharsets.UTF_8,
                    java.nio.file.StandardOpenOption.CREATE, java.nio.file.StandardOpenOption.APPEND);
        }
        return info(id);
    }

    /** Every sweep in DATA/sweeps, newest first. */
    synchronized List<SweepInfo> list() throws IOException {
        reap();
        Path dir = dir();
        if (!Files.isDirectory(dir)) return List.of();
        try (Stream<Path> s = Files.list(dir)) {
            return s.filter(Files::isDirectory).map(p -> p.getFileName().toString()).filter(n -> ID.matcher(n).matches())
                    .sorted(START_ORDER.reversed()).map(this::info).toList();
        }
    }

    synchronized Optional<SweepInfo> find(String id) {
        reap();
        if (!ID.matcher(id).matches() || !Files.isDirectory(dir().resolve(id))) return Optional.empty();
        return Optional.of(info(id));
    }

    /** The report.html a sweep wrote, if it exists yet. */
    Optional<Path> report(String id) {
        if (!ID.matcher(id).matches()) return Optional.empty();
        Path p = dir().resolve(id).resolve("report.html");
        return Files.isRegularFile(p) ? Optional.of(p) : Optional.empty();
    }

    /** Stops a running sweep (its whole process tree); 409 when it is not running. The folder stays. */
    synchronized SweepInfo cancel(String id, String why) throws ApiError, IOException {
        reap();
        Process p = running.get(id);
        if (p == null) {
            SweepInfo x = find(id).orElseThrow(() -> new ApiError(404, "no sweep '" + Echo.cut(id) + "'"));
            throw new ApiError(409, "sweep " + id + " is " + x.state() + ", not running");
        }
        Files.writeString(dir().resolve(id).resolve("cancelled"), why + "\n", StandardCharsets.UTF_8);
        stop(p);
        running.remove(id);
        return info(id);
    }

    /** The node stops: its sweeps stop with it (a sweep outliving the node would have nobody to report to). */
    @Override
    public synchronized void close() {
        for (Map.Entry<String, Process> e : running.entrySet()) {
            try {
                Files.writeString(dir().resolve(e.getKey()).resolve("cancelled"), "stopped with the node\n", StandardCharsets.UTF_8);
            } catch (IOException ignored) {
                // the process is stopped below all the same; the record then says failed
            }
            stop(e.getValue());
        }
        running.clear();
    }

    /** Children first (the launcher script's java, Spark's workers), then the process; forcibly after 5 s. */
    private static void stop(Process p) {
        List<ProcessHandle> tree = new ArrayList<>(p.descendants().toList());
        tree.forEach(ProcessHandle::destroy);
        p.destroy();
        try {
            if (!p.waitFor(5, TimeUnit.SECONDS)) p.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        tree.stream().filter(ProcessHandle::isAlive).forEach(ProcessHandle::destroyForcibly);
    }

    /** Forgets processes that ended (their state is in their folder). */
    private void reap() {
        running.values().removeIf(p -> !p.isAlive());
    }

    private SweepInfo info(String id) {
        Path f = dir().resolve(id);
        JsonObject progress = readProgress(f.resolve("progress.json"));
        String name = str(progress, "name");
        if (name == null) name = str(readProgress(f.resolve("spec.json")), "name");
        String state = str(progress, "state");
        String error = str(progress, "error");
        boolean alive = running.containsKey(id) && running.get(id).isAlive();
        if (!alive && !"done".equals(state) && !"failed".equals(state)) {
            String cancelled = firstLine(f.resolve("cancelled"));
            if (cancelled != null) {
                state = "cancelled";
                error = cancelled;
            } else {
                state = "failed";
                String last = lastLine(f.resolve("sweep.log"));
                error = last == null ? "the sweep process ended without a word (no log)" : last;
            }
        } else if (alive && state == null) {
            state = "starting";
        } else if (!alive && "failed".equals(state) && error == null) {
            error = lastLine(f.resolve("sweep.log"));
        }
        JsonElement eta = progress == null ? null : progress.get("eta_seconds");
        Double etaSeconds = eta == null || eta.isJsonNull() || !"running".equals(state) ? null : eta.getAsDouble();
        return new SweepInfo(id, name, state, num(progress, "total"), num(progress, "done"), num(progress, "refused"), num(progress, "failed"),
                etaSeconds, error, firstLine(f.resolve("started")), Files.isRegularFile(f.resolve("report.html")));
    }

    /** progress.json is rewritten atomically by the sweep; absent or (should it ever be) unreadable: null. */
    private static JsonObject readProgress(Path p) {
        try {
            if (!Files.isRegularFile(p)) return null;
            JsonElement e = JsonParser.parseString(Files.readString(p, StandardCharsets.UTF_8));
            return e.isJsonObject() ? e.getAsJsonObject() : null;
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    private static String str(JsonObject o, String k) {
        JsonElement e = o == null ? null : o.get(k);
        return e == null || e.isJsonNull() ? null : e.getAsString();
    }

    private static long num(JsonObject o, String k) {
        JsonElement e = o == null ? null : o.get(k);
        return e == null || e.isJsonNull() ? 0 : e.getAsLong();
    }

    private static String firstLine(Path p) {
        try {
            if (!Files.isRegularFile(p)) return null;
            String s = Files.readString(p, StandardCharsets.UTF_8).strip();
            return s.isEmpty() ? null : s.lines().findFirst().orElse(null);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The log's last non-blank line, cut: the error of a sweep that died. Reads only the tail of a long log. */
    private static String lastLine(Path p) {
        try {
            if (!Files.isRegularFile(p)) return null;
            byte[] all;
            try (var ch = java.nio.channels.FileChannel.open(p)) {
                long size = ch.size(), from = Math.max(0, size - 8192);
                java.nio.ByteBuffer buf = java.nio.ByteBuffer.allocate((int) (size - from));
                ch.read(buf, from);
                all = buf.array();
            }
            List<String> lines = new String(all, StandardCharsets.UTF_8).lines().filter(l -> !l.isBlank()).toList();
            return lines.isEmpty() ? null : Echo.cut(lines.get(lines.size() - 1).strip(), Echo.MESSAGE);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
