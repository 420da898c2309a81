package ringlab.launch;

import static ringlab.launch.NodeApiIT.obj;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Benchmark, not a test (not an *IT, so `mvn verify` leaves it out; it asserts nothing): the live
 * simulation's pace (virtual seconds per wall second, from the /metrics samples) without and with an A/B
 * experiment running beside it, at pace 1 and at pace max, and the experiment's own wall time. Run:
 * mvn -B -o -q -pl launch -am verify -Dtest=none -Dsurefire.failIfNoSpecifiedTests=false -Dit.test=ExperimentPaceBench
 */
class ExperimentPaceBench {
    static final long WINDOW_MS = 4000;
    /** Keeps the experiment thread busy for longer than a window: x86-lan7430 UDP at 1 Gbit/s runs at about 26 virtual s per wall s. */
    static final String EXPERIMENT = "{\"board\": \"x86-lan7430\", \"features_b\": \"bql\", \"workload\": \"-u -b 1G -l 1470\", \"seconds\": 120}";

    @Test
    void livePaceBesideAnExperiment() throws Exception {
        try (NodeHarness node = new NodeHarness()) {
            node.start();
            for (String pace : List.of("1", "max")) {
                obj(node.put("/scenario", "{\"pace\": \"" + pace + "\"}"));
                Thread.sleep(1500);
                double alone = speed(node, WINDOW_MS);
                long id = obj(node.send("POST", "/experiments", EXPERIMENT.getBytes(StandardCharsets.UTF_8), "application/json", node.token()))
                        .get("id").getAsLong();
                Thread.sleep(300);
                double beside = speed(node, WINDOW_MS);
                JsonObject x;
                while (List.of("queued", "running").contains((x = obj(node.get("/experiments/" + id))).get("state").getAsString())) Thread.sleep(100);
                System.out.printf("pace %s: live %.2f virtual s/wall s alone, %.2f beside the experiment (%+.1f %%); experiment %.2f wall s for 2 x 120 virtual s%n",
                        pace, alone, beside, 100 * (beside - alone) / alone, x.get("wall_seconds").getAsDouble());
            }
        }
    }

    /** The mean speed of the samples taken in the next {@code ms} of wall time. */
    static double speed(NodeHarness node, long ms) throws InterruptedException {
        long from = System.currentTimeMillis();
        Thread.sleep(ms);
        List<Double> speeds = new ArrayList<>();
        for (JsonElement e : obj(node.get("/metrics")).getAsJsonArray("samples")) {
            if (e.getAsJsonObject().get("wall_millis").getAsLong() > from) speeds.add(e.getAsJsonObject().get("speed").getAsDouble());
        }
        return speeds.stream().mapToDouble(Double::doubleValue).average().orElse(Double.NaN);
    }
}
