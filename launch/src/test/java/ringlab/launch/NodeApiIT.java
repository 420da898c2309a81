package ringlab.launch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static ringlab.launch.NodeHarness.await;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import ringlab.launch.NodeClient.Answer;

/**
 * The node's REST API, configuration and fault isolation, end to end on the exported bundle set in an
 * in-process Felix (loopback, free port): token, 400s that change nothing, scenario and tunable
 * changes taking effect, bundle install refusals, quarantine of throwing features, pace.
 */
@Timeout(120)
class NodeApiIT {
    private NodeHarness node;

    @BeforeEach
    void start() throws Exception {
        node = new NodeHarness().start();
    }

    @AfterEach
    void stop() throws Exception {
        if (node != null) node.close();
    }

    static JsonObject obj(Answer a) {
        assertEquals(200, a.status(), a.body());
        return a.json().getAsJsonObject();
    }

    JsonObject status() { return obj(node.get("/status")); }

    static List<String> active(JsonObject status) {
        JsonArray a = status.getAsJsonObject("simulation").getAsJsonObject("device").getAsJsonObject("features").getAsJsonObject("eth0").getAsJsonArray("active");
        return a.asList().stream().map(JsonElement::getAsString).toList();
    }

    static void assertAccounting(JsonObject status) {
        JsonObject acc = status.getAsJsonObject("simulation").getAsJsonObject("device").getAsJsonObject("accounting");
        long sent = acc.get("sent").getAsLong();
        assertTrue(sent > 0, "traffic flows: " + acc);
        assertEquals(sent, acc.get("delivered").getAsLong() + acc.get("dropped").getAsLong() + acc.get("in_flight").getAsLong(),
                "sent = delivered + dropped + in flight: " + acc);
    }

    long installTestFeatures() throws Exception {
        Answer a = node.post("/bundles", TestBundles.featureBundle("test.features", false));
        long id = obj(a).get("id").getAsLong();
        await("test features registered", () -> node.get("/features").body().contains("\"test-knob\""));
        return id;
    }

    @Test
    void requestsWithoutTheRightTokenGet401AndTheTokenFileIsOwnerOnly() throws Exception {
        Answer none = node.send("GET", "/status", null, null, null);
        assertEquals(401, none.status());
        assertTrue(none.error().contains("Bearer"), none.body());
        assertEquals(401, node.send("GET", "/status", null, null, "wrong").status());
        assertEquals(401, node.send("PUT", "/scenario", "{}".getBytes(), "application/json", null).status());
        assertEquals(401, node.send("POST", "/bundles", TestBundles.plainJar(), "application/java-archive", "x").status());
        assertEquals(200, node.get("/status").status());
        assertEquals(64, node.token().length());
        assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(node.data.resolve("token"))));
    }

    @Test
    void malformedJsonAndBadValuesGet400NamingTheProblemAndChangeNothing() {
        JsonObject before = obj(node.get("/scenario"));
        String[][] cases = {
            {"{\"pace\": 10", "malformed JSON"},
            {"[1, 2]", "JSON object"},
            {"", "empty"},
            {"{\"board\": \"no-such-board\"}", "board 'no-such-board' is not installed"},
            {"{\"features\": \"stock,nope\"}", "feature 'nope' is not installed"},
            {"{\"features\": \"stock,-nope\"}", "feature 'nope' in '-nope' is not installed"},
            // the list grammar the CLI shares (FeatureResolver): an empty item, an id twice, a removal of what is not there
            {"{\"features\": \"stock,,bql\"}", "feature list 'stock,,bql' has an empty item"},
            {"{\"features\": \"bql,bql\"}", "feature list 'bql,bql': 'bql' is named twice"},
            {"{\"features\": \"bql,-batched-rx\"}", "'-batched-rx' removes 'batched-rx', which is not in the set before it (bql)"},
            {"{\"workload\": \"-M 512 --bogus\"}", "workload"},
            {"{\"pace\": \"fast\"}", "pace 'fast'"},
            {"{\"seed\": 1.5}", "seed"},
            {"{\"colour\": \"red\"}", "unknown field 'colour'"},
            {"{\"board\": 7}", "field 'board' must be a string"},
            {"{\"features\": null}", "field 'features' must be a string, not null"},
            {"{\"board\": {\"id\": \"rzg2ul\"}}", "field 'board' must be a string, not {\"id\":\"rzg2ul\"}"},
            {"{\"seed\": [1]}", "field 'seed' must be a whole number, not [1]"},
            // a valid field beside an invalid one: refused as a whole
            {"{\"pace\": \"pause\", \"features\": \"nope\"}", "nope"},
        };
        for (String[] c : cases) {
            Answer a = node.put("/scenario", c[0]);
            assertEquals(400, a.status(), c[0] + " -> " + a.body());
            assertNotNull(a.error(), a.body());
            assertTrue(a.error().contains(c[1]), c[0] + " -> " + a.error());
        }
        assertEquals(before, obj(node.get("/scenario")), "nothing applied");
        assertEquals("running", status().get("state").getAsString());
        assertEquals(404, node.put("/features/nope", "{\"x\": 1}").status());
        assertEquals(404, node.get("/nothing-here").status());
        // hardware coalescing on the default board, whose NIC has no moderation: refused, not quarantined
        Answer hw = node.put("/features/irq-coalescing", "{\"rx-usecs\": 50}");
        assertEquals(400, hw.status(), hw.body());
        assertTrue(hw.error().contains("no interrupt moderation"), hw.error());
        // each in its range, but limit_min above limit_max: bql's own cross-field check refuses them together
        Answer bql = node.put("/features/bql", "{\"limit_min\": 5000, \"limit_max\": 1000}");
        assertEquals(400, bql.status(), bql.body());
        assertTrue(bql.error().endsWith("limit_min 5000 is above limit_max 1000 bytes"), bql.error());
    }

    @Test
    void putScenarioChangesFeaturesAndTunablesAtTheNextSafePoint() throws Exception {
        installTestFeatures();
        long v0 = status().get("virtual_nanos").getAsLong();
        long t0 = System.nanoTime();
        obj(node.put("/scenario", "{\"features\": \"stock,test-knob\"}"));
        JsonObject s = await("test-knob active in the driver", () -> {
            JsonObject x = status();
            return active(x).contains("test-knob") ? x : null;
        });
        System.out.printf("change to effect (features, via REST + ConfigAdmin, polled every 20 ms): %.1f ms%n", (System.nanoTime() - t0) / 1e6);
        assertEquals(0, s.getAsJsonObject("restarts").get("count").getAsLong(), "a feature change keeps the run");
        assertTrue(s.get("virtual_nanos").getAsLong() > v0);
        assertEquals(8, s.getAsJsonObject("simulation").getAsJsonObject("device").getAsJsonObject("features").getAsJsonObject("eth0")
                .getAsJsonObject("counters").getAsJsonObject("test-knob").get("test_knob").getAsLong(), "default value");

        assertEquals(400, node.put("/features/test-knob", "{\"test_knob\": 65}").status(), "above max");
        assertTrue(node.put("/features/test-knob", "{\"nope\": 1}").error().contains("no tunable 'nope'"));
        assertTrue(node.put("/features/test-knob", "{\"test_knob\": \"many\"}").error().contains("whole number"));
        obj(node.put("/features/test-knob", "{\"test_knob\": 32}"));
        await("tunable applied", () -> status().getAsJsonObject("simulation").getAsJsonObject("device").getAsJsonObject("features").getAsJsonObject("eth0")
                .getAsJsonObject("counters").getAsJsonObject("test-knob").get("test_knob").getAsLong() == 32);
        JsonObject f = obj(node.get("/features/test-knob"));
        assertEquals(32, f.getAsJsonArray("tunables").get(0).getAsJsonObject().get("value").getAsLong());
        assertEquals("active", f.get("state").getAsString());

        // the workload changes: the device is torn down and brought up again, counted
        obj(node.put("/scenario", "{\"workload\": \"-u -b 20M -l 1470\"}"));
        JsonObject r = await("rebuilt for the new workload", () -> {
            JsonObject x = status();
            return x.getAsJsonObject("restarts").get("count").getAsLong() == 1 && x.has("simulation") ? x : null;
        });
        assertEquals(1, r.getAsJsonObject("restarts").getAsJsonObject("by_reason").get("workload-change").getAsLong());
        await("test-knob still active after the rebuild, with its tunable", () -> {
            JsonObject x = status();
            return active(x).contains("test-knob") && x.getAsJsonObject("simulation").getAsJsonObject("device").getAsJsonObject("features")
                    .getAsJsonObject("eth0").getAsJsonObject("counters").getAsJsonObject("test-knob").get("test_knob").getAsLong() == 32;
        });
        JsonArray samples = await("live samples", () -> {
            JsonArray a = obj(node.get("/metrics")).getAsJsonArray("samples");
            return a.size() >= 2 ? a : null;
        });
        JsonObject last = samples.get(samples.size() - 1).getAsJsonObject();
        assertTrue(last.get("receiver_bits_per_second").getAsDouble() > 0, "traffic in the last sample: " + last);
        assertTrue(last.get("seq").getAsLong() > samples.get(0).getAsJsonObject().get("seq").getAsLong(), "oldest first");
        for (JsonElement e : obj(node.get("/metrics?since=" + last.get("seq").getAsLong())).getAsJsonArray("samples")) {
            assertTrue(e.getAsJsonObject().get("seq").getAsLong() > last.get("seq").getAsLong(), "since= answers only newer samples");
        }
        assertEquals(400, node.get("/metrics?since=x").status());
    }

    @Test
    void aJarThatIsNotABundleOrDoesNotResolveIsRefusedAndNothingChanges() throws Exception {
        String before = obj(node.get("/status")).get("features").toString();
        int bundles = node.get("/bundles").json().getAsJsonArray().size();
        Answer text = node.post("/bundles", "this is not a jar".getBytes(StandardCharsets.UTF_8));
        assertEquals(400, text.status());
        assertTrue(text.error().startsWith("not a bundle"), text.error());
        Answer plain = node.post("/bundles", TestBundles.plainJar());
        assertEquals(400, plain.status());
        assertTrue(plain.error().contains("no Bundle-SymbolicName"), plain.error());
        Answer unresolved = node.post("/bundles", TestBundles.unresolvableBundle());
        assertEquals(400, unresolved.status());
        assertTrue(unresolved.error().contains("no.such.pkg"), unresolved.error());
        assertEquals(bundles, node.get("/bundles").json().getAsJsonArray().size(), "no bundle left behind");
        assertEquals(before, obj(node.get("/status")).get("features").toString());
        assertEquals("running", status().get("state").getAsString());
    }

    @Test
    void aFeatureThatThrowsIsQuarantinedAndTheRunGoesOn() throws Exception {
        installTestFeatures();
        // install() throws: the driver leaves it out at the poll boundary, the same run goes on
        obj(node.put("/scenario", "{\"features\": \"test-knob,test-install-throws\"}"));
        JsonObject s = await("test-install-throws quarantined", () -> {
            JsonObject x = status();
            return x.getAsJsonArray("quarantined").toString().contains("test-install-throws") ? x : null;
        });
        assertTrue(s.getAsJsonArray("quarantined").toString().contains("test: install fails"), s.toString());
        assertEquals(0, s.getAsJsonObject("restarts").get("count").getAsLong());
        JsonObject after = await("the run goes on with test-knob", () -> {
            JsonObject x = status();
            return active(x).equals(List.of("test-knob")) && x.get("virtual_nanos").getAsLong() > s.get("virtual_nanos").getAsLong() ? x : null;
        });
        assertAccounting(after);
        Answer again = node.put("/scenario", "{\"features\": \"test-install-throws\"}");
        assertEquals(400, again.status());
        assertTrue(again.error().contains("quarantined"), again.error());

        // the hot path throws (the fault-injection test bundle's rx switch): caught around the advance,
        // culprit from the stack, rebuilt without it
        obj(node.post("/bundles", FaultIT.faultInjectionJar()));
        await("fault-injection registered", () -> node.get("/features").body().contains("\"fault-injection\""));
        obj(node.put("/features/fault-injection", "{\"fail_rx_after\": 200}"));
        obj(node.put("/scenario", "{\"features\": \"test-knob,fault-injection\"}"));
        JsonObject hot = await("fault-injection quarantined", () -> {
            JsonObject x = status();
            return x.getAsJsonArray("quarantined").toString().contains("fault-injection") ? x : null;
        });
        assertTrue(hot.getAsJsonArray("quarantined").toString().contains("FailingRxDelivery.deliver"), hot.toString());
        JsonObject rebuilt = await("running again without it", () -> {
            JsonObject x = status();
            return "running".equals(x.get("state").getAsString()) && active(x).equals(List.of("test-knob"))
                    && x.getAsJsonObject("simulation").getAsJsonObject("device").getAsJsonObject("accounting").get("sent").getAsLong() > 100 ? x : null;
        });
        assertEquals(1, rebuilt.getAsJsonObject("restarts").getAsJsonObject("by_reason").get("fault").getAsLong());
        assertAccounting(rebuilt);
        assertTrue(rebuilt.getAsJsonObject("scenario").getAsJsonObject("unavailable_features").get("fault-injection")
                .getAsString().startsWith("quarantined"));
    }

    @Test
    void paceCanPauseRunFasterAndAsFastAsPossible() {
        obj(node.put("/scenario", "{\"pace\": \"pause\"}"));
        await("paused", () -> "paused".equals(status().get("state").getAsString()));
        long v = status().get("virtual_nanos").getAsLong();
        sleep(300);
        assertEquals(v, status().get("virtual_nanos").getAsLong(), "virtual time stands still");

        obj(node.put("/scenario", "{\"pace\": 10}"));
        await("running", () -> "running".equals(status().get("state").getAsString()));
        long v1 = status().get("virtual_nanos").getAsLong(), w1 = System.nanoTime();
        sleep(500);
        double factor = (status().get("virtual_nanos").getAsLong() - v1) / (double) (System.nanoTime() - w1);
        // the pacer's cap holds however loaded the machine is; how close it gets to 10x is a matter of load
        // (a benchmark's question, not this test's), so only "it runs" is asserted from below
        System.out.printf("pace 10: %.1fx real time%n", factor);
        assertTrue(factor > 0 && factor < 13, "runs, and never ahead of 10x (+ the sampling slack): " + factor);

        obj(node.put("/scenario", "{\"pace\": \"max\"}"));
        await("max", () -> "max".equals(obj(node.get("/scenario")).get("pace").getAsString()));
        long v2 = status().get("virtual_nanos").getAsLong(), w2 = System.nanoTime();
        sleep(500);
        double max = (status().get("virtual_nanos").getAsLong() - v2) / (double) (System.nanoTime() - w2);
        System.out.printf("pace max: %.1fx real time%n", max);
        assertTrue(max > 0, "as fast as possible runs: " + max);
        assertAccounting(status());
    }

    static void sleep(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }

    @Test
    void theEventLogRecordsRequestedAppliedAndRefusedChangesAndBundleEvents() throws Exception {
        long id = installTestFeatures();
        obj(node.put("/scenario", "{\"features\": \"stock,test-knob\"}"));
        assertEquals(400, node.put("/scenario", "{\"features\": \"stock,nosuch\"}").status());
        JsonArray events = await("the change applied", () -> {
            JsonArray a = obj(node.get("/events")).getAsJsonArray("events");
            return a.toString().contains("\"change_applied\"") && a.toString().contains("+test-knob") ? a : null;
        });
        List<String> kinds = events.asList().stream().map(e -> e.getAsJsonObject().get("kind").getAsString()).toList();
        assertTrue(kinds.contains("bundle_installed") && kinds.contains("bundle_started"), "bundle events: " + kinds);
        assertTrue(kinds.contains("change_requested"), kinds.toString());
        JsonObject refused = events.asList().stream().map(JsonElement::getAsJsonObject)
                .filter(e -> e.get("kind").getAsString().equals("change_refused")).findFirst().orElseThrow();
        assertTrue(refused.get("message").getAsString().contains("nosuch"), refused.toString());
        JsonObject applied = events.asList().stream().map(JsonElement::getAsJsonObject)
                .filter(e -> e.get("kind").getAsString().equals("change_applied")).reduce((a, b) -> b).orElseThrow();
        assertTrue(applied.get("virtual_seconds").getAsDouble() > 0 && applied.get("wall_millis").getAsLong() > 0, applied.toString());
        long seq = events.get(events.size() - 1).getAsJsonObject().get("seq").getAsLong();
        for (int i = 1; i < events.size(); i++) {
            assertEquals(events.get(i - 1).getAsJsonObject().get("seq").getAsLong() + 1, events.get(i).getAsJsonObject().get("seq").getAsLong(), "in order, none missing");
        }
        obj(node.post("/bundles/" + id + "/stop", new byte[0]));
        JsonArray after = await("the stop logged", () -> {
            JsonArray a = obj(node.get("/events?since=" + seq)).getAsJsonArray("events");
            return a.toString().contains("\"bundle_stopped\"") ? a : null;
        });
        for (JsonElement e : after) assertTrue(e.getAsJsonObject().get("seq").getAsLong() > seq, "since= answers only newer events");
    }
}
