package ringlab.launch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static ringlab.launch.NodeApiIT.active;
import static ringlab.launch.NodeApiIT.obj;
import static ringlab.launch.NodeHarness.await;

import com.google.gson.JsonObject;
import java.lang.ref.WeakReference;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.osgi.framework.Bundle;

/**
 * Leak test: a feature bundle installed, started, used (active in the running simulation with a tunable
 * set), stopped and uninstalled 200 times through the REST API; every old bundle's class loader is
 * collected (a weak reference to one of its classes clears) and the used heap after GC ends within a
 * small margin of where it was after the first rounds.
 */
@Timeout(170)
class NodeLeakIT {
    static final int ROUNDS = 200;

    static long usedAfterGc() throws InterruptedException {
        Runtime rt = Runtime.getRuntime();
        long best = Long.MAX_VALUE;
        for (int i = 0; i < 4; i++) {
            System.gc();
            Thread.sleep(50);
            best = Math.min(best, rt.totalMemory() - rt.freeMemory());
        }
        return best;
    }

    @Test
    void installUseStopUninstall200TimesLeavesNoClassLoaderAndNoHeapGrowth() throws Exception {
        byte[] jar = TestBundles.featureBundle("test.leak", false);
        try (NodeHarness node = new NodeHarness()) {
            node.start();
            List<WeakReference<Class<?>>> classes = new ArrayList<>();
            long startHeap = 0, t0 = System.nanoTime();
            for (int i = 0; i < ROUNDS; i++) {
                if (i == 10) startHeap = usedAfterGc(); // after the first rounds: JIT, Jetty and ConfigAdmin warmed up
                long id = obj(node.post("/bundles", jar)).get("id").getAsLong();
                if (i == 0) { // configured once (a configuration naming it is valid only while it is installed), kept
                    await("registered", () -> node.get("/features").body().contains("\"test-knob\""));
                    obj(node.put("/scenario", "{\"features\": \"stock,test-knob\", \"pace\": \"4\"}"));
                }
                Bundle b = node.framework.getBundleContext().getBundle(id);
                classes.add(new WeakReference<>(b.loadClass("testleak.Knob")));
                b = null;
                int knob = 1 + i % 64;
                obj(node.put("/features/test-knob", "{\"test_knob\": " + knob + "}"));
                // used: active in the driver with this round's tunable (its counter shows it)
                await("round " + i + ": active with test_knob " + knob, () -> {
                    JsonObject s = obj(node.get("/status"));
                    return active(s).contains("test-knob") && s.toString().contains("\"test_knob\":" + knob) ? s : null;
                });
                obj(node.send("POST", "/bundles/" + id + "/stop", null, null, node.token()));
                await("round " + i + ": fallen back", () -> !active(obj(node.get("/status"))).contains("test-knob"));
                obj(node.delete("/bundles/" + id));
            }
            long rounds = System.nanoTime() - t0;
            long deadline = System.nanoTime() + 20_000_000_000L;
            int alive = ROUNDS;
            while (alive > 0 && System.nanoTime() < deadline) {
                System.gc();
                Thread.sleep(100);
                alive = 0;
                for (WeakReference<Class<?>> r : classes) if (r.get() != null) alive++;
            }
            long endHeap = usedAfterGc();
            JsonObject s = obj(node.get("/status"));
            NodeApiIT.assertAccounting(s);
            System.out.printf("leak test: %d rounds in %.1f s; class loaders still reachable %d; used heap after GC %.1f MB"
                    + " after round 10, %.1f MB at the end%n", ROUNDS, rounds / 1e9, alive, startHeap / 1e6, endHeap / 1e6);
            assertEquals(0, alive, "every uninstalled bundle's class loader is collected");
            assertTrue(endHeap < startHeap + 8_000_000L, "heap does not grow: " + startHeap + " -> " + endHeap);
        }
    }
}
