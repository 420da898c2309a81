package ringlab.launch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static ringlab.launch.NodeApiIT.obj;
import static ringlab.launch.NodeHarness.await;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import ringlab.cli.Main;
import ringlab.launch.NodeClient.Answer;

/**
 * A/B experiments end to end on the exported bundle set: bcm6328 stock against batched-rx (the published
 * series has batched-rx about 11 % ahead), both reports downloaded and equal, byte for byte, to what
 * `ringlab run --json` prints for the same arguments; the live simulation keeps running meanwhile; bad
 * requests refused with a message and nothing created; a throwing feature fails its experiment only; a
 * full queue refused; a running experiment cancelled when the node stops.
 */
@Timeout(180)
class ExperimentIT {
    static final Duration LONG = Duration.ofSeconds(90);
    private NodeHarness node;

    @BeforeEach
    void start() throws Exception {
        node = new NodeHarness().start();
    }

    @AfterEach
    void stop() throws Exception {
        if (node != null) node.close();
    }

    Answer post(String json) {
        return node.send("POST", "/experiments", json.getBytes(StandardCharsets.UTF_8), "application/json", node.token());
    }

    JsonObject status() { return obj(node.get("/status")); }

    JsonArray list() {
        Answer a = node.get("/experiments");
        assertEquals(200, a.status(), a.body());
        return a.json().getAsJsonArray();
    }

    /** Polls the experiment until it is done or failed. */
    JsonObject finished(long id) throws InterruptedException {
        long deadline = System.nanoTime() + LONG.toNanos();
        while (System.nanoTime() < deadline) {
            JsonObject x = obj(node.get("/experiments/" + id));
            String state = x.get("state").getAsString();
            if (state.equals("done") || state.equals("failed")) return x;
            double p = x.get("progress").getAsDouble();
            assertTrue(p >= 0 && p <= 1, "progress " + p);
            Thread.sleep(50);
        }
        throw new AssertionError("experiment " + id + " not finished within " + LONG);
    }

    HttpResponse<String> download(long id, String side) throws Exception {
        HttpRequest r = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + node.port + "/api/v1/experiments/" + id + "/report/" + side))
                .header("Authorization", "Bearer " + node.token()).timeout(Duration.ofSeconds(10)).build();
        return HttpClient.newHttpClient().send(r, HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
    }

    /** What `ringlab run` prints for a side's command line (the CLI in this JVM, features from the class path). */
    static String cli(String command) {
        List<String> args = new ArrayList<>(Arrays.asList(command.split(" ")));
        assertEquals("ringlab", args.remove(0), command);
        ByteArrayOutputStream out = new ByteArrayOutputStream(), err = new ByteArrayOutputStream();
        int rc = Main.run(args.toArray(String[]::new), new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
        assertEquals(0, rc, err.toString(StandardCharsets.UTF_8));
        return out.toString(StandardCharsets.UTF_8);
    }

    @Test
    void batchedRxBeatsStockOnBcm6328WhileTheLiveRunGoesOn() throws Exception {
        JsonObject before = status();
        long seq0 = obj(node.get("/metrics")).getAsJsonArray("samples").asList().stream()
                .mapToLong(e -> e.getAsJsonObject().get("seq").getAsLong()).max().orElse(0);
        long wall0 = System.currentTimeMillis();

        JsonObject x = obj(post("{\"board\": \"bcm6328\", \"features_a\": \"stock\", \"features_b\": \"batched-rx\", "
                + "\"workload\": \"-M 512\", \"seconds\": 5, \"seed\": 1}"));
        long id = x.get("id").getAsLong();
        assertTrue(List.of("queued", "running").contains(x.get("state").getAsString()), x.toString());
        assertEquals("defaults", x.get("settings").getAsString());
        assertEquals("batched-rx", x.get("features_b").getAsString());
        List<String> liveStates = new ArrayList<>();
        JsonObject done;
        do {
            liveStates.add(status().get("state").getAsString());
            done = obj(node.get("/experiments/" + id));
            Thread.sleep(20);
        } while (!List.of("done", "failed").contains(done.get("state").getAsString()) && System.currentTimeMillis() - wall0 < LONG.toMillis());
        long wall1 = System.currentTimeMillis();
        assertEquals("done", done.get("state").getAsString(), done.toString());
        assertEquals(1.0, done.get("progress").getAsDouble());

        JsonObject a = done.getAsJsonObject("a"), b = done.getAsJsonObject("b");
        double ra = a.get("receiver_bits_per_second").getAsDouble(), rb = b.get("receiver_bits_per_second").getAsDouble();
        System.out.printf("A/B bcm6328 -M 512 -t 5: receiver A %.1f Mbit/s, B %.1f Mbit/s (%+.1f %%), %.2f wall s%n",
                ra / 1e6, rb / 1e6, 100 * (rb - ra) / ra, done.get("wall_seconds").getAsDouble());
        assertTrue(rb > ra * 1.05, "batched-rx ahead of stock (published: about +11 %): A " + ra + ", B " + rb);
        assertEquals(List.of(), a.getAsJsonArray("features").asList());
        assertEquals("[\"batched-rx\"]", b.getAsJsonArray("features").toString());
        for (JsonObject side : List.of(a, b)) {
            assertTrue(side.get("iperf_text").getAsString().contains("receiver"), side.toString());
            assertTrue(side.getAsJsonObject("cpu_percent").has("soft_ksoftirqd"), side.toString());
            assertTrue(side.get("interrupts").getAsLong() > 0 && side.get("packets_per_poll").getAsDouble() > 0, side.toString());
            assertTrue(side.get("cycles_per_packet").getAsDouble() > 0, side.toString());
        }
        assertTrue(b.get("cycles_per_packet").getAsDouble() < a.get("cycles_per_packet").getAsDouble(), "batched-rx costs fewer cycles per packet");

        // both reports: iperf3 -J with the ringlab key, byte-identical to the CLI's for the same arguments
        for (String s : List.of("a", "b")) {
            HttpResponse<String> r = download(id, s);
            assertEquals(200, r.statusCode(), r.body());
            assertTrue(r.headers().firstValue("Content-Type").orElse("").startsWith("application/json"), r.headers().toString());
            assertEquals("attachment; filename=\"ringlab-bcm6328-" + id + "-" + s + ".json\"", r.headers().firstValue("Content-Disposition").orElse(null));
            JsonObject doc = JsonParser.parseString(r.body()).getAsJsonObject();
            for (String key : List.of("start", "intervals", "end", "ringlab")) assertTrue(doc.has(key), key + " in " + s);
            JsonObject side = s.equals("a") ? a : b;
            assertEquals(side.get("receiver_bits_per_second").getAsDouble(),
                    doc.getAsJsonObject("end").getAsJsonObject("sum_received").get("bits_per_second").getAsDouble());
            assertEquals(cli(side.get("command").getAsString()), r.body(), "side " + s + " = " + side.get("command").getAsString());
        }
        assertEquals(404, download(id, "c").statusCode());
        assertEquals(404, node.get("/experiments/999").status());

        // the live simulation went on, undisturbed: running throughout, time advanced, no restart
        JsonObject after = status();
        assertEquals(List.of("running"), liveStates.stream().distinct().toList(), "live states while the experiment ran");
        assertTrue(after.get("virtual_nanos").getAsLong() > before.get("virtual_nanos").getAsLong());
        assertEquals(before.getAsJsonObject("restarts").toString(), after.getAsJsonObject("restarts").toString());
        List<Double> speeds = new ArrayList<>();
        for (JsonElement e : obj(node.get("/metrics?since=" + seq0)).getAsJsonArray("samples")) {
            long w = e.getAsJsonObject().get("wall_millis").getAsLong();
            if (w > wall0 && w <= wall1) speeds.add(e.getAsJsonObject().get("speed").getAsDouble());
        }
        System.out.println("live speed (virtual s per wall s, pace 1) in the samples taken while the experiment ran: " + speeds);

        assertEquals(id, list().get(0).getAsJsonObject().get("id").getAsLong());
        String log = node.get("/events").body();
        assertTrue(log.contains("experiment " + id + " started") && log.contains("experiment " + id + " done"), log);
    }

    @Test
    void badRequestsGet400NamingTheProblemAndCreateNothing() {
        String ok = "\"board\": \"bcm6328\", \"workload\": \"-M 512\", \"seconds\": 2";
        String[][] cases = {
            {"{\"board\": \"nope\", \"seconds\": 2}", "board 'nope' is not installed"},
            {"{" + ok + ", \"features_a\": \"stock,nope\"}", "features A: feature 'nope' is not installed"},
            {"{" + ok + ", \"features_b\": \"gro,batched-rx\"}", "features B: feature 'gro' conflicts with 'batched-rx'"},
            {"{" + ok + ", \"features_b\": \"page-pool\"}", "features B: feature 'page-pool' requires 'build-skb'"},
            {"{\"board\": \"bcm6328\", \"workload\": \"-M 512 --bogus\"}", "workload: unknown iperf3 option '--bogus'"},
            {"{\"board\": \"bcm6328\", \"seconds\": 0}", "seconds must be between 1 and 120"},
            {"{\"board\": \"bcm6328\", \"seconds\": 121}", "seconds must be between 1 and 120"},
            {"{\"board\": \"bcm6328\", \"seconds\": 99999999999}", "seconds must be between 1 and 120"},
            {"{\"board\": \"bcm6328\", \"seconds\": 2.5}", "field 'seconds' must be a whole number"},
            {"{" + ok + ", \"colour\": 1}", "unknown field 'colour'"},
            {"{\"seconds\": 2}", "field 'board' is required"},
            {"{\"board\": 7}", "field 'board' must be a string"},
            {"{\"board\": \"bcm6328\"", "malformed JSON"},
        };
        for (String[] c : cases) {
            Answer r = post(c[0]);
            assertEquals(400, r.status(), c[0] + " -> " + r.body());
            assertNotNull(r.error(), r.body());
            assertTrue(r.error().contains(c[1]), c[0] + " -> " + r.error());
        }
        assertEquals(0, list().size(), "nothing created");
        assertFalse(node.get("/events").body().contains("\"experiment\""), "nothing ran");
    }

    @Test
    void aFeatureThatThrowsFailsItsExperimentAndNothingElse() throws Exception {
        obj(node.post("/bundles", TestBundles.featureBundle("test.hot", true)));
        await("test-hot-throws registered", () -> node.get("/features").body().contains("\"test-hot-throws\""));
        JsonObject before = status();
        long id = obj(post("{\"board\": \"bcm6328\", \"features_b\": \"test-hot-throws\", \"workload\": \"-M 512\", \"seconds\": 2}"))
                .get("id").getAsLong();
        JsonObject x = finished(id);
        assertEquals("failed", x.get("state").getAsString(), x.toString());
        String error = x.get("error").getAsString();
        assertTrue(error.startsWith("B: feature 'test-hot-throws' threw") && error.contains("test: hot path fails") && error.contains("Bomb"), error);
        assertFalse(x.has("a") || x.has("b"), x.toString());
        assertEquals(409, download(id, "a").statusCode());
        JsonObject after = status();
        assertEquals("running", after.get("state").getAsString());
        assertEquals(0, after.getAsJsonArray("quarantined").size(), "the live run does not use it: nothing to quarantine");
        assertEquals(before.getAsJsonObject("restarts").toString(), after.getAsJsonObject("restarts").toString());
        // the next experiment runs
        assertEquals("done", finished(obj(post("{\"board\": \"bcm6328\", \"seconds\": 1}")).get("id").getAsLong()).get("state").getAsString());
    }

    @Test
    void aFullQueueIsRefusedAndStoppingTheNodeCancelsTheRunningExperiment() throws Exception {
        // minimum frames at line rate on x86-lan7430: about 4 virtual s per wall s, so 120 s keep the worker busy
        String slow = "{\"board\": \"x86-lan7430\", \"workload\": \"-u -b 1G -l 18\", \"seconds\": 120}";
        long first = obj(post(slow)).get("id").getAsLong();
        for (int i = 0; i < 4; i++) assertEquals("queued", obj(post(slow)).get("state").getAsString());
        Answer refused = post(slow);
        assertEquals(503, refused.status(), refused.body()); // no room now, not bad input: the same request may succeed later
        assertTrue(refused.error().contains("too many experiments waiting"), refused.error());
        assertEquals(5, list().size());
        await("the first running", () -> {
            JsonObject x = obj(node.get("/experiments/" + first));
            return x.get("state").getAsString().equals("running") && x.get("progress").getAsDouble() > 0;
        });
        long t0 = System.nanoTime();
        node.stop();
        double stopSeconds = (System.nanoTime() - t0) / 1e9;
        assertTrue(stopSeconds < 10, "the node stopped in " + stopSeconds + " s");
        assertTrue(Thread.getAllStackTraces().keySet().stream().noneMatch(t -> t.getName().equals("ringlab-experiment") && t.isAlive()),
                "the experiment thread ended");
    }
}
