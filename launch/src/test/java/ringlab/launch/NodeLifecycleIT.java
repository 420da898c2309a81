package ringlab.launch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static ringlab.launch.NodeApiIT.active;
import static ringlab.launch.NodeApiIT.obj;
import static ringlab.launch.NodeHarness.await;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import java.lang.reflect.Method;
import java.nio.file.Files;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;
import org.osgi.util.tracker.ServiceTracker;

/**
 * A node's life: a feature bundle stopped while active falls back and comes back when started (it is
 * still configured); configuration and bundles installed through the API survive a restart of the
 * framework on the same data folder; FileInstall picks up jars and .cfg files in DATA/deploy (an
 * invalid .cfg is refused and changes nothing); Metatype describes the scenario and feature PIDs.
 */
@Timeout(180)
class NodeLifecycleIT {

    static JsonObject status(NodeHarness n) { return obj(n.get("/status")); }

    @Test
    void stopStartFallbackRestartPersistenceDeployFolderAndMetatype() throws Exception {
        try (NodeHarness node = new NodeHarness()) {
            node.start();
            long id = obj(node.post("/bundles", TestBundles.featureBundle("test.features", false))).get("id").getAsLong();
            await("registered", () -> node.get("/features").body().contains("\"test-knob\""));
            obj(node.put("/scenario", "{\"features\": \"stock,test-knob\", \"pace\": \"2\"}"));
            obj(node.put("/features/test-knob", "{\"test_knob\": 16}"));
            await("active", () -> active(status(node)).contains("test-knob"));

            // stopped while active: the driver falls back at the next poll and status says why
            obj(node.send("POST", "/bundles/" + id + "/stop", null, null, node.token()));
            JsonObject s = await("fallen back", () -> {
                JsonObject x = status(node);
                return active(x).isEmpty() ? x : null;
            });
            assertTrue(s.getAsJsonObject("scenario").getAsJsonObject("unavailable_features").get("test-knob").getAsString()
                    .contains("not installed"), s.toString());
            assertEquals(0, s.getAsJsonObject("restarts").get("count").getAsLong(), "the run goes on");
            obj(node.send("POST", "/bundles/" + id + "/start", null, null, node.token()));
            await("active again (still configured)", () -> active(status(node)).contains("test-knob"));

            assertMetatype(node.framework.getBundleContext());
            assertEquals(400, node.send("POST", "/bundles/0/stop", null, null, node.token()).status(), "system bundle");

            node.stop();
            node.start(); // same data folder, storage kept
            JsonObject scenario = obj(node.get("/scenario"));
            assertEquals("stock,test-knob", scenario.get("features").getAsString());
            assertEquals("2", scenario.get("pace").getAsString());
            assertTrue(node.get("/bundles").body().contains("\"test.features\""), "the uploaded bundle survived");
            JsonObject[] last = new JsonObject[1];
            try {
                await("active after the restart, with its tunable", () -> {
                    JsonObject x = last[0] = status(node);
                    return active(x).contains("test-knob") && x.getAsJsonObject("simulation").getAsJsonObject("device").getAsJsonObject("features")
                            .getAsJsonObject("eth0").getAsJsonObject("counters").getAsJsonObject("test-knob").get("test_knob").getAsLong() == 16;
                });
            } catch (AssertionError e) {
                last[0].remove("simulation");
                throw new AssertionError(e.getMessage() + " " + last[0], e);
            }

            // the deploy folder: a jar dropped there is installed and started; a .cfg configures
            Files.write(node.data.resolve("deploy/hot.jar"), TestBundles.featureBundle("test.hot", true));
            await("deployed from the folder", () -> node.get("/features").body().contains("\"test-hot-throws\""));
            Files.writeString(node.data.resolve("deploy/ringlab.feature.test.knob.cfg"), "test_knob=99\n");
            await("invalid .cfg refused", () -> status(node).toString().contains("out of range"));
            assertEquals(16, status(node).getAsJsonObject("scenario").getAsJsonObject("tunables")
                    .getAsJsonObject("test-knob").get("test_knob").getAsLong(), "nothing applied");

            // DELETE: gone, and the feature falls back
            JsonElement del = obj(node.delete("/bundles/" + id));
            assertEquals("UNINSTALLED", del.getAsJsonObject().get("state").getAsString());
            await("fallen back after uninstall", () -> active(status(node)).isEmpty());
            assertFalse(node.get("/bundles").body().contains("\"test.features\""));
            assertEquals(404, node.delete("/bundles/" + id).status());
        }
    }

    /** MetaTypeService (looked up by name: the API's classes are the bundles', not the test's). */
    static void assertMetatype(BundleContext ctx) throws Exception {
        ServiceTracker<Object, Object> t = new ServiceTracker<>(ctx, "org.osgi.service.metatype.MetaTypeService", null);
        t.open(true);
        try {
            Object mts = t.waitForService(NodeHarness.WAIT.toMillis());
            ClassLoader api = mts.getClass().getClassLoader(); // the interfaces as that bundle sees them
            Method info = api.loadClass("org.osgi.service.metatype.MetaTypeService").getMethod("getMetaTypeInformation", Bundle.class);
            Bundle nodeBundle = Arrays.stream(ctx.getBundles()).filter(b -> "ringlab.node".equals(b.getSymbolicName())).findFirst().orElseThrow();
            Object mti = info.invoke(mts, nodeBundle);
            Method pids = api.loadClass("org.osgi.service.metatype.MetaTypeInformation").getMethod("getPids");
            List<String> all = Arrays.asList((String[]) pids.invoke(mti));
            assertTrue(all.contains("ringlab.scenario"), "scenario PID described: " + all);
            assertTrue(all.contains("ringlab.feature.test.knob"), "feature PID described from its tunables: " + all);
        } finally {
            t.close();
        }
    }
}
