package ringlab.launch;

import static ringlab.launch.NodeApiIT.obj;

import java.io.BufferedReader;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/**
 * Benchmark, not a test (no timed assertion; not an *IT, so `mvn verify` leaves it out): how much 10
 * connected dashboards slow the node's simulation at pace max. A dashboard's load on the node is its live
 * stream (GET /api/v1/stream: four samples and one status per wall second, plus events); ten clients read
 * ten streams. Windows of WINDOW_S wall seconds alternate without and with the clients (A B A B ...), and
 * the simulation's speed (virtual seconds per wall second, from the node's timeline) of each is compared by
 * the median. Run:
 * mvn -B -o -q -pl launch -am verify -Dtest=none -Dsurefire.failIfNoSpecifiedTests=false -Dit.test=DashboardLoadBench
 */
class DashboardLoadBench {
    static final int DASHBOARDS = 10, PAIRS = 4;
    static final long WINDOW_S = 8;

    /** Virtual seconds per wall second over one window. */
    static double speed(NodeHarness node) throws InterruptedException {
        double v0 = obj(node.get("/status")).get("timeline_seconds").getAsDouble();
        long w0 = System.nanoTime();
        Thread.sleep(WINDOW_S * 1000);
        double v1 = obj(node.get("/status")).get("timeline_seconds").getAsDouble();
        return (v1 - v0) / ((System.nanoTime() - w0) / 1e9);
    }

    /** Ten live streams, read to the end of each message as a browser's EventSource does. */
    static List<InputStream> dashboards(NodeHarness node, AtomicLong messages) throws Exception {
        HttpClient http = HttpClient.newHttpClient();
        List<InputStream> streams = new ArrayList<>();
        for (int i = 0; i < DASHBOARDS; i++) {
            HttpRequest req = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + node.port + "/api/v1/stream"))
                    .header("Authorization", "Bearer " + node.token()).build();
            InputStream in = http.send(req, HttpResponse.BodyHandlers.ofInputStream()).body();
            streams.add(in);
            Thread reader = new Thread(() -> {
                try (BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
                    for (String line; (line = r.readLine()) != null; ) if (line.startsWith("data:")) messages.incrementAndGet();
                } catch (Exception closed) {
                    // the window ended
                }
            });
            reader.setDaemon(true);
            reader.start();
        }
        return streams;
    }

    static double median(List<Double> v) {
        List<Double> s = new ArrayList<>(v);
        Collections.sort(s);
        return s.size() % 2 == 1 ? s.get(s.size() / 2) : (s.get(s.size() / 2 - 1) + s.get(s.size() / 2)) / 2;
    }

    @Test
    void tenDashboardsAtPaceMax() throws Exception {
        try (NodeHarness node = new NodeHarness()) {
            node.start();
            obj(node.put("/scenario", "{\"pace\": \"max\"}"));
            Thread.sleep(3000); // JIT warm-up at max pace
            List<Double> alone = new ArrayList<>(), watched = new ArrayList<>();
            AtomicLong messages = new AtomicLong();
            for (int i = 0; i < PAIRS; i++) {
                alone.add(speed(node));
                List<InputStream> streams = dashboards(node, messages);
                watched.add(speed(node));
                for (InputStream s : streams) s.close();
                Thread.sleep(500);
            }
            double a = median(alone), b = median(watched);
            System.out.printf("dashboards: pace max, virtual s per wall s: alone %s -> median %.1f; with %d dashboards %s -> median %.1f;"
                    + " slowdown %.1f %% (%d messages read)%n", alone, a, DASHBOARDS, watched, b, 100 * (a - b) / a, messages.get());
        }
    }
}
