package ringlab.launch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;
import static ringlab.launch.NodeHarness.await;

import java.io.File;
import java.io.IOException;
import java.io.OutputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.Timeout;

/**
 * GET /metrics on the exported node in an in-process Felix: authenticated like the API, the Prometheus text
 * format, the figures present and consistent with each other, and {@code promtool check metrics} passing on a
 * real scrape. promtool (Debian's prometheus package, which .ci/run installs) is required under CI=true;
 * elsewhere that one test is skipped without it.
 */
@Timeout(120)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class NodeMetricsIT {
    static final String CONTENT_TYPE = "text/plain; version=0.0.4; charset=utf-8";
    static final List<String> CONTEXTS = List.of("irq", "soft", "kthread", "usr", "sys", "idle");

    private NodeHarness node;
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();

    @BeforeAll
    void start() throws Exception {
        node = new NodeHarness().start();
    }

    @AfterAll
    void stop() throws Exception {
        if (node != null) node.close();
    }

    // ------------------------------------------------------------------ tests

    @Test
    void metricsNeedTheTokenOrASessionLikeTheApi() throws Exception {
        HttpResponse<String> none = get("/metrics", null, null);
        assertEquals(401, none.statusCode(), none.body());
        assertEquals("Bearer realm=\"ringlab\"", none.headers().firstValue("WWW-Authenticate").orElse(null));
        assertTrue(none.body().contains("Bearer"), none.body());
        assertEquals(401, get("/metrics", "wrong", null).statusCode());
        assertEquals(401, get("/metrics", null, "ringlab_session=forged").statusCode());

        HttpResponse<String> ok = get("/metrics", node.token(), null);
        assertEquals(200, ok.statusCode(), ok.body());
        assertEquals(CONTENT_TYPE, ok.headers().firstValue("Content-Type").orElse(null));
        assertEquals("no-store", ok.headers().firstValue("Cache-Control").orElse(null));

        // a browser's console session works too: log in with the token, then scrape with the cookie
        HttpResponse<String> login = http.send(HttpRequest.newBuilder(uri("/login"))
                .header("Content-Type", "application/x-www-form-urlencoded")
                .POST(HttpRequest.BodyPublishers.ofString("token=" + node.token())).build(), HttpResponse.BodyHandlers.ofString());
        String cookie = login.headers().allValues("Set-Cookie").stream().filter(c -> c.startsWith("ringlab_session="))
                .map(c -> c.substring(0, c.indexOf(';'))).findFirst().orElseThrow(() -> new AssertionError("no session cookie: " + login.headers()));
        HttpResponse<String> bySession = get("/metrics", null, cookie);
        assertEquals(200, bySession.statusCode(), bySession.body());
        assertTrue(bySession.body().contains("ringlab_node_info{"), bySession.body());

        HttpResponse<String> post = http.send(HttpRequest.newBuilder(uri("/metrics")).header("Authorization", "Bearer " + node.token())
                .POST(HttpRequest.BodyPublishers.noBody()).build(), HttpResponse.BodyHandlers.ofString());
        assertEquals(405, post.statusCode(), post.body());
    }

    @Test
    void aScrapeHasTheNodesFiguresConsistentWithEachOther() throws Exception {
        String board = node.get("/status").json().getAsJsonObject().getAsJsonObject("scenario").get("board").getAsString();
        // rates and occupancy come from the telemetry, four samples per wall second
        Exposition first = await("a scrape with the receiver's rate", () -> {
            Exposition e = scrape();
            return e.has("ringlab_receiver_bytes_per_second") ? e : null;
        });

        assertEquals("counter", first.types.get("ringlab_cpu_seconds_total"));
        assertEquals("gauge", first.types.get("ringlab_receiver_bytes_per_second"));
        for (Series s : first.series) {
            assertEquals(board, s.labels.get("board"), "every series has the board label: " + s);
            String family = s.name; // the Java client's 0.0.4 writer names families as their samples (with _total)
            assertNotNull(first.types.get(family), "TYPE for " + s.name);
            assertTrue(first.helps.containsKey(family) && !first.helps.get(family).isBlank(), "HELP for " + s.name);
            if ("counter".equals(first.types.get(family))) assertTrue(s.name.endsWith("_total") && s.value >= 0, s.toString());
        }

        // CPU: all seven contexts, adding up to the virtual time of all cores
        double virtual = first.value("ringlab_virtual_seconds_total", Map.of());
        assertTrue(virtual > 0, "virtual time advances: " + virtual);
        Map<String, Double> cpu = first.byLabel("ringlab_cpu_seconds_total", "context");
        assertEquals(CONTEXTS.stream().sorted().toList(), List.copyOf(cpu.keySet()));
        double cpuSum = cpu.values().stream().mapToDouble(Double::doubleValue).sum();
        double cores = cpuSum / virtual;
        assertTrue(Math.round(cores) >= 1 && Math.abs(cores - Math.round(cores)) < 1e-6,
                "CPU seconds of all contexts = virtual seconds x cores: " + cpuSum + " / " + virtual);
        assertTrue(cpu.get("soft") > 0 && cpu.get("irq") > 0, "the receive path costs CPU: " + cpu);

        // the ledger: sent = delivered + dropped + in flight, dropped = the sum of the drops by reason
        double sent = first.value("ringlab_packets_sent_total", Map.of());
        double delivered = first.value("ringlab_packets_delivered_total", Map.of());
        double dropped = first.value("ringlab_packets_dropped_total", Map.of());
        double inFlight = first.value("ringlab_packets_in_flight", Map.of());
        assertTrue(sent > 1000, "traffic flows: " + sent);
        assertEquals(sent, delivered + dropped + inFlight, "sent = delivered + dropped + in flight");
        assertEquals(dropped, first.byLabel("ringlab_drops_total", "reason").values().stream().mapToDouble(Double::doubleValue).sum());

        // per port, per stream, the node's own
        assertTrue(first.value("ringlab_interrupts_total", Map.of("port", "eth0")) > 0);
        assertTrue(first.value("ringlab_port_rx_packets_total", Map.of("port", "eth0")) > 0);
        assertTrue(first.value("ringlab_napi_packets_total", Map.of()) >= first.value("ringlab_napi_polls_total", Map.of()));
        assertTrue(first.value("ringlab_receiver_bytes_per_second", Map.of("stream", "0")) > 0);
        assertEquals(1.0, first.value("ringlab_node_state", Map.of("ringlab_node_state", "running")));
        assertEquals(1.0, first.value("ringlab_node_info", Map.of()));
        assertTrue(first.has("ringlab_feature_active"), "installed features are listed");

        // counters only grow while the same simulation runs
        double builds = first.value("ringlab_node_simulation_builds_total", Map.of());
        Exposition second = await("virtual time moves on", () -> {
            Exposition e = scrape();
            return e.value("ringlab_virtual_seconds_total", Map.of()) > virtual ? e : null;
        });
        assertEquals(builds, second.value("ringlab_node_simulation_builds_total", Map.of()), "no rebuild in between");
        Map<String, Double> cpu2 = second.byLabel("ringlab_cpu_seconds_total", "context");
        for (String c : CONTEXTS) assertTrue(cpu2.get(c) >= cpu.get(c), c + ": " + cpu.get(c) + " -> " + cpu2.get(c));
        assertTrue(second.value("ringlab_packets_sent_total", Map.of()) >= sent);
    }

    @Test
    void promtoolCheckMetricsPassesOnAScrape() throws Exception {
        Path promtool = onPath("promtool");
        if (promtool == null) {
            if ("true".equalsIgnoreCase(System.getenv("CI"))) {
                fail("promtool is not on PATH but CI=true requires it (.ci/run installs Debian's prometheus package)");
            }
            Assumptions.assumeTrue(false, "promtool not on PATH (Debian's prometheus package provides it): promtool check skipped");
        }
        // the check is live: promtool refuses a counter without _total
        Check bad = promtool(promtool, "# HELP x_bytes A counter named wrongly.\n# TYPE x_bytes counter\nx_bytes 1\n");
        assertNotEquals(0, bad.exit(), "promtool accepts what it must refuse: " + bad.output());

        String body = await("a scrape with the telemetry's gauges", () -> {
            HttpResponse<String> r = get("/metrics", node.token(), null);
            return r.statusCode() == 200 && r.body().contains("ringlab_receiver_bytes_per_second{") ? r.body() : null;
        });
        Check check = promtool(promtool, body);
        assertEquals(0, check.exit(), "promtool check metrics: " + check.output() + "\n--- scrape:\n" + body);
        assertEquals("", check.output().strip(), "no lint findings");
    }

    // ------------------------------------------------------------------ helpers

    private URI uri(String path) { return URI.create("http://127.0.0.1:" + node.port + path); }

    private HttpResponse<String> get(String path, String token, String cookie) {
        HttpRequest.Builder b = HttpRequest.newBuilder(uri(path)).timeout(Duration.ofSeconds(10)).GET();
        if (token != null) b.header("Authorization", "Bearer " + token);
        if (cookie != null) b.header("Cookie", cookie);
        try {
            return http.send(b.build(), HttpResponse.BodyHandlers.ofString());
        } catch (IOException e) {
            throw new AssertionError(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }

    private Exposition scrape() {
        HttpResponse<String> r = get("/metrics", node.token(), null);
        assertEquals(200, r.statusCode(), r.body());
        return Exposition.parse(r.body());
    }

    record Check(int exit, String output) { }

    /** Runs {@code promtool check metrics} with {@code text} on its standard input. */
    static Check promtool(Path promtool, String text) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(promtool.toString(), "check", "metrics").redirectErrorStream(true).start();
        try (OutputStream in = p.getOutputStream()) {
            in.write(text.getBytes(StandardCharsets.UTF_8));
        }
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(30, TimeUnit.SECONDS), "promtool did not finish");
        return new Check(p.exitValue(), out);
    }

    static Path onPath(String name) {
        for (String dir : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)) {
            if (dir.isEmpty()) continue;
            Path p = Path.of(dir, name);
            if (Files.isRegularFile(p) && Files.isExecutable(p)) return p;
        }
        return null;
    }

    /** One sample line: name, labels, value. */
    record Series(String name, Map<String, String> labels, double value) { }

    /**
     * A parsed text exposition (format 0.0.4): HELP and TYPE by family name, and the samples. Fails on a line
     * it cannot read, so a malformed exposition fails the test here too.
     */
    static final class Exposition {
        private static final Pattern META = Pattern.compile("# (HELP|TYPE) ([a-zA-Z_:][a-zA-Z0-9_:]*) ?(.*)");
        private static final Pattern SAMPLE = Pattern.compile("([a-zA-Z_:][a-zA-Z0-9_:]*)(\\{(.*)\\})? (\\S+)");
        private static final Pattern LABEL = Pattern.compile("([a-zA-Z_][a-zA-Z0-9_]*)=\"((?:[^\"\\\\]|\\\\.)*)\",?");

        final Map<String, String> helps = new LinkedHashMap<>();
        final Map<String, String> types = new LinkedHashMap<>();
        final List<Series> series = new ArrayList<>();

        static Exposition parse(String text) {
            Exposition e = new Exposition();
            assertTrue(text.endsWith("\n"), "ends with a newline");
            for (String line : text.split("\n")) {
                if (line.isEmpty()) continue;
                Matcher m;
                if (line.startsWith("#")) {
                    m = META.matcher(line);
                    assertTrue(m.matches(), "bad comment line: " + line);
                    (m.group(1).equals("HELP") ? e.helps : e.types).put(m.group(2), m.group(3));
                    continue;
                }
                m = SAMPLE.matcher(line);
                assertTrue(m.matches(), "bad sample line: " + line);
                Map<String, String> labels = new TreeMap<>();
                if (m.group(3) != null) {
                    Matcher l = LABEL.matcher(m.group(3));
                    int at = 0;
                    while (l.lookingAt()) {
                        labels.put(l.group(1), l.group(2).replace("\\\"", "\"").replace("\\n", "\n").replace("\\\\", "\\"));
                        at = l.end();
                        l.region(at, m.group(3).length());
                    }
                    assertEquals(m.group(3).length(), at, "bad labels: " + line);
                }
                e.series.add(new Series(m.group(1), labels, Double.parseDouble(m.group(4))));
            }
            return e;
        }

        boolean has(String name) { return series.stream().anyMatch(s -> s.name.equals(name)); }

        /** The value of the one series of {@code name} whose labels include {@code labels}. */
        double value(String name, Map<String, String> labels) {
            List<Series> found = series.stream().filter(s -> s.name.equals(name) && s.labels.entrySet().containsAll(labels.entrySet())).toList();
            assertEquals(1, found.size(), name + labels + " in " + found);
            return found.get(0).value;
        }

        /** The values of {@code name} by one label, sorted by it. */
        Map<String, Double> byLabel(String name, String label) {
            Map<String, Double> m = new TreeMap<>();
            series.stream().filter(s -> s.name.equals(name)).forEach(s -> assertEquals(null, m.put(s.labels.get(label), s.value), "unique " + label));
            return m;
        }
    }
}
