package ringlab.launch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static ringlab.launch.NodeClient.await;

import com.google.gson.JsonArray;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.Timeout;

/**
 * Sweeps started by the node (POST /api/v1/sweeps) as separate processes, with a fake `ringlab sweep`
 * (src/test/resources/fake-sweep.sh, given by -Dringlab.sweep.command) that writes progress.json and
 * report.html like the real one: the command line the node runs, progress, the report (404 before it
 * exists), one sweep at a time (409), cancellation of the process tree, a sweep that died is failed with its
 * log's last line, bad specs refused with 400 and one line, and the records surviving a node restart.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
@Timeout(180)
class SweepApiIT {
    static ProcessNode node;
    static String done, cancelled, failed;

    @BeforeAll
    static void start() throws Exception {
        node = new ProcessNode();
        node.jvmOptions.add("-Dringlab.sweep.command=" + FakeSweep.install(node.root));
        node.start();
    }

    @AfterAll
    static void stop() throws Exception {
        if (node != null) node.close();
    }

    static NodeClient.Answer post(String json) {
        return node.send("POST", "/sweeps", json.getBytes(StandardCharsets.UTF_8), "application/json", node.token());
    }

    static JsonObject sweep(String id) {
        NodeClient.Answer a = node.get("/sweeps/" + id);
        assertEquals(200, a.status(), a.body());
        return a.json().getAsJsonObject();
    }

    /** Starts a sweep of the fake's behaviour by name (202), its id. */
    static String started(String name) {
        NodeClient.Answer a = post(spec(name));
        assertEquals(202, a.status(), a.body());
        return a.json().getAsJsonObject().get("id").getAsString();
    }

    static String state(String id) { return sweep(id).get("state").getAsString(); }

    static String spec(String name) {
        return "{\"name\": \"" + name + "\", \"boards\": \"all\", \"features\": [\"stock\", \"stock,batched-rx\"],"
                + " \"workloads\": [{\"name\": \"tcp-rx\", \"iperf\": \"-M 512 -t 1\"}], \"seeds\": {\"count\": 2}}";
    }

    @Test
    @Order(1)
    void badSpecsAreRefusedWithOneLineAndStartNothing() {
        String ok = "\"features\": [\"stock\"], \"workloads\": [{\"name\": \"w\", \"iperf\": \"-t 1\"}]";
        List<List<String>> cases = List.of(
                List.of("{\"boards\": \"all\", " + ok, "malformed JSON"),
                List.of("{\"boards\": \"all\", " + ok + ", \"colour\": 1}", "unknown field 'colour'"),
                List.of("{\"boards\": [\"nosuch\"], " + ok + "}", "no installed board 'nosuch'"),
                List.of("{\"boards\": \"all\", \"features\": [\"stock\"]}", "field 'workloads' is required"),
                List.of("{\"boards\": \"all\", " + ok + ", \"seeds\": {\"count\": 0}}", "'seeds.count' must be 1 to 1000"),
                List.of("{\"boards\": \"all\", " + ok + ", \"tunables\": {\"txqueuelen\": {\"from\": 0, \"to\": 10, \"step\": 0}}}", "step' must be above 0"),
                List.of("{\"name\": \"../etc\", \"boards\": \"all\", " + ok + "}", "field 'name' must be"),
                List.of("{\"boards\": \"all\", " + ok + ", \"tunables\": {\"txqueuelen\": {\"from\": 0, \"to\": 100000000, \"step\": 1}}}", "more than 20000 runs"));
        for (List<String> c : cases) {
            NodeClient.Answer a = post(c.get(0));
            assertEquals(400, a.status(), c.get(0) + " -> " + a.body());
            assertTrue(a.error().contains(c.get(1)), a.error());
            assertFalse(a.error().contains("\n"), "one line: " + a.error());
        }
        assertEquals(0, node.get("/sweeps").json().getAsJsonArray().size(), "nothing started");
    }

    @Test
    @Order(2)
    void aSweepRunsAsAProcessShowsProgressAndItsReport() throws Exception {
        done = started("quick");
        Path folder = node.data.resolve("sweeps").resolve(done);
        assertEquals(404, node.get("/sweeps/" + done + "/report").status(), "no report before the sweep wrote one");

        JsonObject spec = JsonParser.parseString(Files.readString(folder.resolve("spec.json"))).getAsJsonObject();
        JsonArray boards = spec.getAsJsonArray("boards");
        assertTrue(boards.size() >= 11 && boards.toString().contains("\"bcm6328\""), "\"all\" is the installed boards: " + boards);
        await("running with progress", () -> "running".equals(state(done)) && sweep(done).get("total").getAsLong() == 4);
        assertTrue(sweep(done).has("eta_seconds"), "an ETA while running");
        await("done", () -> "done".equals(state(done)));
        JsonObject s = sweep(done);
        assertEquals("quick", s.get("name").getAsString());
        assertEquals(4, s.get("done").getAsLong());
        assertEquals(1, s.get("refused").getAsLong());
        assertTrue(s.get("report").getAsBoolean());

        NodeClient.Answer r = node.get("/sweeps/" + done + "/report");
        assertEquals(200, r.status());
        assertTrue(r.body().contains("<h1 id=\"fake-report\">quick</h1>"), r.body());
        String log = Files.readString(folder.resolve("sweep.log"));
        assertTrue(log.contains("spec=" + folder.resolve("spec.json") + " out=" + folder + " bundles=" + node.data.resolve("deploy")),
                "the command line of the contract: " + log);
    }

    @Test
    @Order(3)
    void oneSweepAtATimeAndARunningOneIsCancelledWithItsProcesses() throws Exception {
        cancelled = started("slow");
        await("running", () -> "running".equals(state(cancelled)));
        NodeClient.Answer second = post(spec("another"));
        assertEquals(409, second.status(), second.body());
        assertTrue(second.error().contains(cancelled + " is running"), second.error());

        NodeClient.Answer d = node.delete("/sweeps/" + cancelled);
        assertEquals(200, d.status(), d.body());
        assertEquals("cancelled", d.json().getAsJsonObject().get("state").getAsString());
        Path progress = node.data.resolve("sweeps").resolve(cancelled).resolve("progress.json");
        String at = Files.readString(progress);
        Thread.sleep(1500); // the fake writes every 0.5 s while it lives
        assertEquals(at, Files.readString(progress), "the process is gone: no more progress");
        assertEquals("cancelled", state(cancelled));
        assertEquals(409, node.delete("/sweeps/" + cancelled).status(), "not running any more");
        assertEquals(404, node.get("/sweeps/" + cancelled + "/report").status());
    }

    @Test
    @Order(4)
    void aSweepThatDiesIsFailedWithItsLogsLastLine() {
        failed = started("fail-fast");
        await("failed", () -> "failed".equals(state(failed)));
        assertEquals("error: simulated failure in run 2", sweep(failed).get("error").getAsString());
        assertFalse(sweep(failed).has("eta_seconds"), "no ETA once it ended");
    }

    @Test
    @Order(5)
    void theRecordsSurviveARestartNewestFirst() throws Exception {
        assertEquals(404, node.get("/sweeps/20990101-000000-1").status());
        node.kill();
        node.start();
        JsonArray all = node.get("/sweeps").json().getAsJsonArray();
        assertEquals(3, all.size(), all.toString());
        assertEquals(List.of(failed, cancelled, done), all.asList().stream().map(e -> e.getAsJsonObject().get("id").getAsString()).toList());
        assertEquals(List.of("failed", "cancelled", "done"), all.asList().stream().map(e -> e.getAsJsonObject().get("state").getAsString()).toList());
        assertEquals(200, node.get("/sweeps/" + done + "/report").status());
    }
}
