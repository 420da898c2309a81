package ringlab.launch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static ringlab.launch.NodeApiIT.obj;
import static ringlab.launch.NodeHarness.await;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Issue 11 item 4 on a running node: a feature's event counters go on across a change of its tunables (as
 * ethtool -S across a reconfiguration), a cleared configuration reaches the running driver, and two features
 * with a tunable of the same name each get their own value.
 */
@Timeout(300)
class FeatureCountersIT {
    static final List<String> EVENTS = List.of("irq_deferred", "irq_unmask_allowed", "hrtimer_starts", "watchdog_polls");

    static JsonObject counters(NodeHarness n, String feature) {
        return obj(n.get("/status")).getAsJsonObject("simulation").getAsJsonObject("device").getAsJsonObject("features")
                .getAsJsonObject("eth0").getAsJsonObject("counters").getAsJsonObject(feature);
    }

    static Map<String, Long> events(JsonObject c) {
        Map<String, Long> m = new TreeMap<>();
        for (String k : EVENTS) m.put(k, c.get(k).getAsLong());
        return m;
    }

    /**
     * {@link NodeHarness#await}, and when it times out, what the node showed then: its run state, the feature's
     * counters and its last events (a change requested but never applied, a rebuild, a refusal).
     */
    static <T> T awaitExplained(NodeHarness n, String what, java.util.function.Supplier<T> probe) {
        try {
            return await(what, probe);
        } catch (AssertionError e) {
            JsonObject status = obj(n.get("/status"));
            com.google.gson.JsonArray events = obj(n.get("/events")).getAsJsonArray("events");
            StringBuilder last = new StringBuilder();
            for (int i = Math.max(0, events.size() - 15); i < events.size(); i++) last.append("\n  ").append(events.get(i));
            AssertionError explained = new AssertionError(e.getMessage() + "\nstate " + status.get("state") + ", virtual ns "
                    + status.get("virtual_nanos") + ", error " + status.get("error") + ", scenario " + status.get("scenario") + ", counters " + counters(n, "irq-coalescing") + "\nlast events:" + last);
            explained.initCause(e);
            throw explained;
        }
    }

    @Test
    void countersGoOnAcrossATunableChangeAndAClearedConfigurationReachesTheDriver() throws Exception {
        try (NodeHarness node = new NodeHarness()) {
            node.start();
            // a light UDP load: NAPI completes after almost every poll, so the deferral counters move all the time
            // (bcm6328's stock TCP receive keeps NAPI polling under load: a few completions a second)
            obj(node.put("/scenario", "{\"features\": \"stock,irq-coalescing\", \"workload\": \"-u -b 20M -l 512\", \"pace\": \"5\"}"));
            await("irq-coalescing counts", () -> counters(node, "irq-coalescing").get("irq_deferred").getAsLong() > 100);
            Map<String, Long> before = events(counters(node, "irq-coalescing"));

            obj(node.put("/features/irq-coalescing", "{\"gro_flush_timeout\": 50000}"));
            JsonObject applied = awaitExplained(node, "the new gro_flush_timeout is installed",
                    () -> { JsonObject c = counters(node, "irq-coalescing"); return c.get("gro_flush_timeout").getAsLong() == 50000 ? c : null; });
            Map<String, Long> after = events(applied);
            for (String k : EVENTS) {
                assertTrue(after.get(k) >= before.get(k), k + " went back across the tunable change: " + before + " then " + after);
            }
            await("and it keeps counting", () -> counters(node, "irq-coalescing").get("irq_deferred").getAsLong() > after.get("irq_deferred"));

            // cleared: the default again in the running driver, not only after a restart
            assertEquals(200, node.delete("/features/irq-coalescing/tunables").status());
            awaitExplained(node, "gro_flush_timeout back to its default", () -> counters(node, "irq-coalescing").get("gro_flush_timeout").getAsLong() == 20000);

            // declared next to the tunables
            JsonObject declared = null;
            for (JsonElement e : obj(node.get("/features/irq-coalescing")).getAsJsonArray("counters")) {
                if (e.getAsJsonObject().get("name").getAsString().equals("irq_deferred")) declared = e.getAsJsonObject();
            }
            assertEquals("counter", declared.get("kind").getAsString(), String.valueOf(declared));
            assertEquals("completions", declared.get("unit").getAsString());
            assertTrue(declared.get("doc").getAsString().contains("masked"), declared.toString());
        }
    }

    @Test
    void twoFeaturesWithATunableOfTheSameNameEachGetTheirOwnValue() throws Exception {
        try (NodeHarness node = new NodeHarness()) {
            node.start();
            obj(node.post("/bundles", TestBundles.featureBundle("test.twins", "testtwins",
                    "c.registerService(DriverFeature.class, new Twin(\"test-twin-a\"), null);"
                    + " c.registerService(DriverFeature.class, new Twin(\"test-twin-b\"), null);")));
            await("twins registered", () -> node.get("/features").body().contains("\"test-twin-b\""));
            obj(node.put("/scenario", "{\"features\": \"stock,test-twin-a,test-twin-b\"}"));
            obj(node.put("/features/test-twin-a", "{\"test_knob\": 5}"));
            obj(node.put("/features/test-twin-b", "{\"test_knob\": 7}"));
            await("each twin runs with its own test_knob", () -> counters(node, "test-twin-a").get("test_knob").getAsLong() == 5
                    && counters(node, "test-twin-b").get("test_knob").getAsLong() == 7);
        }
    }
}
