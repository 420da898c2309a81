package ringlab.launch;

import static ringlab.launch.NodeApiIT.active;
import static ringlab.launch.NodeApiIT.obj;
import static ringlab.launch.NodeHarness.await;

import com.google.gson.JsonObject;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;

/**
 * Benchmark, not a test (no timed assertion; it is not an *IT, so `mvn verify` leaves it out): the wall time
 * from a change request to its effect in the simulation, on a node in this JVM at pace 1. A feature-set
 * change (PUT /scenario) counts until GET /status shows the driver running the new set; a tunable change
 * (PUT /features/test-knob) until the driver's counters show the new value. Status is polled every
 * millisecond. Prints p50, p99 and max of 50 changes each. Run:
 * mvn -B -o -q -pl launch -am verify -Dtest=none -Dsurefire.failIfNoSpecifiedTests=false -Dit.test=NodeChangeBench
 */
class NodeChangeBench {
    static final int CHANGES = 50;

    static long until(NodeHarness node, Predicate<JsonObject> effect) {
        long deadline = System.nanoTime() + NodeHarness.WAIT.toNanos();
        while (System.nanoTime() < deadline) {
            JsonObject s = obj(node.get("/status"));
            if (effect.test(s)) return System.nanoTime();
            try {
                Thread.sleep(1);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new AssertionError(e);
            }
        }
        throw new AssertionError("no effect within " + NodeHarness.WAIT);
    }

    static String summary(String what, List<Long> nanos) {
        List<Long> s = new ArrayList<>(nanos);
        Collections.sort(s);
        return String.format("%s: n=%d p50 %.1f ms, p99 %.1f ms, max %.1f ms", what, s.size(), s.get(s.size() / 2) / 1e6,
                s.get((int) Math.ceil(s.size() * 0.99) - 1) / 1e6, s.get(s.size() - 1) / 1e6);
    }

    @Test
    void changeToEffect() throws Exception {
        try (NodeHarness node = new NodeHarness()) {
            node.start();
            obj(node.post("/bundles", TestBundles.featureBundle("test.bench", false)));
            await("registered", () -> node.get("/features").body().contains("\"test-knob\""));
            obj(node.put("/scenario", "{\"features\": \"stock,test-knob\", \"pace\": \"1\"}"));
            await("running with test-knob", () -> active(obj(node.get("/status"))).contains("test-knob"));
            Thread.sleep(500);
            List<Long> features = new ArrayList<>(), tunables = new ArrayList<>(), puts = new ArrayList<>();
            for (int i = 0; i < CHANGES; i++) {
                String extra = i % 2 == 0 ? "batched-rx" : "gro";
                long t0 = System.nanoTime();
                obj(node.put("/scenario", "{\"features\": \"stock,test-knob," + extra + "\"}"));
                puts.add(System.nanoTime() - t0);
                features.add(until(node, s -> active(s).contains(extra)) - t0);
                int knob = 2 + i % 60;
                long t1 = System.nanoTime();
                obj(node.put("/features/test-knob", "{\"test_knob\": " + knob + "}"));
                tunables.add(until(node, s -> s.toString().contains("\"test_knob\":" + knob)) - t1);
                Thread.sleep(20); // not back to back
            }
            System.out.println(summary("change to effect, PUT /scenario (features)", features));
            System.out.println(summary("change to effect, PUT /features/{id} (tunable)", tunables));
            System.out.println(summary("of which the PUT /scenario request itself", puts));
        }
    }
}
