package ringlab.launch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static ringlab.launch.NodeApiIT.obj;
import static ringlab.launch.NodeHarness.await;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import ringlab.launch.NodeClient.Answer;

/**
 * The chaos soak: a node in a child JVM under concurrent API clients (scenario changes valid and
 * refused, tunable changes in and out of range, parallel uploads of one bundle, updates, stops and
 * uninstalls, bad files dropped into deploy/, a feature whose hot path throws), then SIGKILL right after
 * the last change and a restart on the same data folder, a few times. After every chaos phase and every
 * restart: no answer was a 5xx, the accounting holds, the last accepted configuration is the one that
 * runs, and no bundle is left half installed. Each client owns what it changes, so "the last accepted"
 * is well defined: the last 200 its own thread got.
 */
@Timeout(420)
class NodeChaosIT {
    static final int ROUNDS = 3;
    static final long CHAOS_MS = 6_000;
    static final String[] FEATURES = {"batched-rx", "bql", "build-skb", "gro", "ip-align", "mtu-rx-buffers", "page-pool", "xmit-more"};
    /** The tunables the tunable client changes (and no one else); their ranges are read from the node. */
    static final Map<String, List<String>> TUNABLES = Map.of("bql", List.of("limit_min", "hold_time"), "gro", List.of("gro_normal_batch"));

    static final String FAULTS = "ringlab.feature.fault.injection";

    /** What the clients were last told was accepted. */
    static final class Expected {
        volatile String features = "stock";
        volatile String pace = "4";
        final Map<String, Map<String, Long>> tunables = new TreeMap<>();
        volatile boolean chaosBundle; // test.chaos installed
        volatile boolean chaosActive;
    }

    private final ConcurrentLinkedQueue<String> failures = new ConcurrentLinkedQueue<>();
    /** feature -> tunable -> {min, max}, as GET /features/{id} declares them. */
    private final Map<String, Map<String, long[]>> ranges = new TreeMap<>();
    private volatile boolean hotInstalled;

    @Test
    void concurrentClientsBadFilesFaultsAndKillMinusNine() throws Exception {
        byte[] chaos = TestBundles.featureBundle("test.chaos", false);
        byte[] hot = FaultIT.faultInjectionJar();
        byte[] dropped = TestBundles.activatorBundle("test.dropped", "1.0.0", "", Map.of());
        byte[] badUpdate = TestBundles.activatorBundle("test.chaos", "2.0.0", "throw new IllegalStateException(\"test: start fails\");", Map.of());
        try (ProcessNode node = new ProcessNode()) {
            try {
                soak(node, chaos, badUpdate, hot, dropped);
            } catch (AssertionError | RuntimeException e) {
                String log = node.log();
                System.out.println("node output (last 20000 chars):\n" + log.substring(Math.max(0, log.length() - 20_000)));
                node.copyLogs(Path.of("target", "chaos-node-logs"));
                throw e;
            }
        }
    }

    private void soak(ProcessNode node, byte[] chaos, byte[] badUpdate, byte[] hot, byte[] dropped) throws Exception {
        {
            node.start();
            Map<String, String> baseline = bundleStates(node);
            TUNABLES.forEach((feature, names) -> {
                for (JsonElement t : obj(node.get("/features/" + feature)).getAsJsonArray("tunables")) {
                    JsonObject d = t.getAsJsonObject();
                    if (names.contains(d.get("name").getAsString())) ranges.computeIfAbsent(feature, k -> new TreeMap<>())
                            .put(d.get("name").getAsString(), new long[] {d.get("min").getAsLong(), d.get("max").getAsLong()});
                }
            });
            Expected want = new Expected();
            obj(node.put("/scenario", "{\"board\": \"bcm6328\", \"workload\": \"-M 512\", \"features\": \"stock\", \"pace\": \"4\"}"));
            for (int round = 0; round < ROUNDS; round++) {
                int r = round;
                ExecutorService pool = Executors.newFixedThreadPool(6);
                long until = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(CHAOS_MS);
                BooleanSupplier going = () -> System.nanoTime() < until;
                List<Future<?>> clients = new ArrayList<>();
                clients.add(pool.submit(() -> scenarioClient(node, want, new SplittableRandom(100 + r), going)));
                clients.add(pool.submit(() -> tunableClient(node, want, new SplittableRandom(200 + r), going)));
                clients.add(pool.submit(() -> bundleClient(node, want, chaos, badUpdate, new SplittableRandom(300 + r), going)));
                clients.add(pool.submit(() -> deployFolderClient(node, dropped, new SplittableRandom(400 + r), going)));
                clients.add(pool.submit(() -> faultClient(node, want, hot, new SplittableRandom(500 + r), going)));
                clients.add(pool.submit(() -> readerClient(node, going)));
                for (Future<?> f : clients) f.get(CHAOS_MS + 120_000, TimeUnit.MILLISECONDS);
                pool.shutdown();
                assertTrue(failures.isEmpty(), "round " + round + " during the chaos: " + String.join("\n", failures));

                assertHolds(node, baseline, want, "round " + round + " after the chaos");
                node.kill(); // right after the last accepted change
                node.start();
                assertHolds(node, baseline, want, "round " + round + " after kill -9 and restart");
                System.out.printf("chaos round %d: features '%s' pace %s tunables %s chaos bundle %s/%s; restart ok%n",
                        round, want.features, want.pace, want.tunables, want.chaosBundle, want.chaosActive);
            }
        }
    }

    /** The last accepted configuration runs, the accounting holds, nothing is half installed. */
    static void assertHolds(ProcessNode node, Map<String, String> baseline, Expected want, String when) {
        JsonObject scenario = obj(node.get("/scenario"));
        assertEquals(want.features, scenario.get("features").getAsString(), when + ": features " + scenario);
        assertEquals(want.pace, scenario.get("pace").getAsString(), when + ": pace " + scenario);
        // running, with every accepted tunable (after a restart the API-installed bundles register a moment later)
        String[] last = {""};
        JsonObject status;
        try {
            status = await(when + ": running with the accepted scenario and tunables", () -> {
                JsonObject s = obj(node.get("/status"));
                last[0] = tunableMismatch(want, s.getAsJsonObject("scenario").getAsJsonObject("tunables"));
                return "running".equals(s.get("state").getAsString()) && s.has("simulation") && last[0].isEmpty() ? s : null;
            });
        } catch (AssertionError e) {
            throw new AssertionError(e.getMessage() + ": " + last[0], e);
        }
        JsonObject acc = status.getAsJsonObject("simulation").getAsJsonObject("device").getAsJsonObject("accounting");
        assertEquals(acc.get("sent").getAsLong(), acc.get("delivered").getAsLong() + acc.get("dropped").getAsLong()
                + acc.get("in_flight").getAsLong(), when + ": accounting " + acc);

        // the node's own bundles as they were; of the test's, each in the state its client was last told
        Map<String, String> now = bundleStates(node);
        baseline.forEach((name, state) -> assertEquals(state, now.get(name), when + ": bundle " + name));
        String chaos = now.get("test.chaos");
        if (!want.chaosBundle || want.chaosActive) {
            assertEquals(!want.chaosBundle ? null : "ACTIVE", chaos, when + ": test.chaos");
        } else { // stopped: RESOLVED, or INSTALLED when it was updated while stopped (resolved again when started)
            assertTrue("RESOLVED".equals(chaos) || "INSTALLED".equals(chaos), when + ": test.chaos stopped, but " + chaos);
        }
        assertEquals("ACTIVE", now.get(FAULTS), when + ": the fault-injection bundle (its feature quarantined at most, not stopped)");
        Map<String, String> extra = new TreeMap<>(now);
        extra.keySet().removeAll(baseline.keySet());
        extra.keySet().removeAll(List.of("test.chaos", FAULTS, "test.dropped")); // test.dropped: FileInstall may not have seen the delete yet
        assertTrue(extra.isEmpty(), when + ": bundles nobody installed on purpose: " + extra);
        // test.dropped: FileInstall may still be installing or uninstalling it from the last round of files (RESOLVED on
        // its way to ACTIVE): it settles as gone or started
        String[] dropped = {null};
        try {
            await(when + ": test.dropped gone or ACTIVE", () -> {
                dropped[0] = bundleStates(node).get("test.dropped");
                return dropped[0] == null || dropped[0].equals("ACTIVE") ? "settled" : null;
            });
        } catch (AssertionError e) {
            throw new AssertionError(e.getMessage() + ": still " + dropped[0] + ", deploy/ holds " + deployFiles(node), e);
        }
    }

    static List<String> deployFiles(ProcessNode node) {
        try (var files = Files.list(node.data.resolve("deploy"))) {
            return files.map(f -> f.getFileName().toString()).sorted().toList();
        } catch (java.io.IOException e) {
            return List.of(e.toString());
        }
    }

    /** The accepted tunables the status does not show (with what it shows instead), or "". */
    static String tunableMismatch(Expected want, JsonObject shown) {
        StringBuilder out = new StringBuilder();
        synchronized (want.tunables) {
            want.tunables.forEach((feature, values) -> values.forEach((name, v) -> {
                JsonObject set = shown.getAsJsonObject(feature);
                Long now = set == null || !set.has(name) ? null : set.get(name).getAsLong();
                if (!v.equals(now)) out.append(feature).append(' ').append(name).append(": want ").append(v).append(", shown ").append(now).append("; ");
            }));
        }
        return out.length() == 0 ? "" : out + "in " + shown;
    }

    static Map<String, String> bundleStates(ProcessNode node) {
        Map<String, String> states = new TreeMap<>();
        Answer a = node.get("/bundles");
        assertEquals(200, a.status(), a.body());
        for (JsonElement e : a.json().getAsJsonArray()) {
            JsonObject b = e.getAsJsonObject();
            states.put(b.get("symbolic_name").getAsString(), b.get("state").getAsString());
        }
        return states;
    }

    // --- the clients: each records what it saw accepted; a 5xx or an unexpected status is a failure

    private void scenarioClient(ProcessNode node, Expected want, SplittableRandom rng, BooleanSupplier going) {
        while (going.getAsBoolean()) {
            List<String> set = new ArrayList<>();
            if (rng.nextBoolean()) set.add("stock");
            for (String id : FEATURES) if (rng.nextInt(4) == 0) set.add(rng.nextBoolean() || set.isEmpty() ? id : "-" + id);
            int bad = rng.nextInt(6);
            if (bad == 0) set.add("nosuch");
            if (hotInstalled && rng.nextInt(5) == 0) set.add("fault-injection");
            String features = set.isEmpty() ? "stock" : String.join(",", set);
            String pace = bad == 1 ? "fast" : List.of("2", "4", "8").get(rng.nextInt(3));
            Answer a = node.put("/scenario", "{\"features\": \"" + features + "\", \"pace\": \"" + pace + "\"}");
            if (a.status() == 200 && bad <= 1) {
                failures.add("PUT /scenario accepted a bad scenario: features " + features + " pace " + pace);
            } else if (a.status() == 200) {
                want.features = features;
                want.pace = pace;
            } else if (a.status() != 400) { // a good-looking set may still be refused by requires/conflicts
                failures.add("PUT /scenario " + features + " pace " + pace + ": " + a.status() + " " + a.body());
            }
            pause(rng, 30);
        }
    }

    private void tunableClient(ProcessNode node, Expected want, SplittableRandom rng, BooleanSupplier going) {
        List<String> features = new ArrayList<>(ranges.keySet());
        while (going.getAsBoolean()) {
            String feature = features.get(rng.nextInt(features.size()));
            List<String> names = new ArrayList<>(ranges.get(feature).keySet());
            String name = names.get(rng.nextInt(names.size()));
            long[] range = ranges.get(feature).get(name);
            boolean outOfRange = rng.nextInt(5) == 0;
            long v = outOfRange ? range[1] + 1 + rng.nextInt(1000) : range[0] + rng.nextLong(Math.min(range[1] - range[0], 100_000) + 1);
            Answer a = node.put("/features/" + feature, "{\"" + name + "\": " + v + "}");
            if (a.status() == 200 && !outOfRange) {
                synchronized (want.tunables) {
                    want.tunables.computeIfAbsent(feature, k -> new TreeMap<>()).put(name, v);
                }
            } else if (a.status() != 400 || !outOfRange) {
                failures.add("PUT /features/" + feature + " " + name + "=" + v + ": " + a.status() + " " + a.body());
            }
            pause(rng, 30);
        }
    }

    /**
     * test.chaos: parallel uploads (exactly one wins, the others 409), updates, updates whose start fails (400,
     * rolled back: the state stays), stop, start, uninstall.
     */
    private void bundleClient(ProcessNode node, Expected want, byte[] jar, byte[] badJar, SplittableRandom rng, BooleanSupplier going) {
        ExecutorService racers = Executors.newFixedThreadPool(4);
        try {
            while (going.getAsBoolean()) {
                long id = chaosId(node);
                if (id < 0) {
                    List<Future<Answer>> uploads = new ArrayList<>();
                    for (int i = 0; i < 4; i++) uploads.add(racers.submit(() -> node.post("/bundles", jar)));
                    int ok = 0;
                    for (Future<Answer> f : uploads) {
                        Answer a = f.get();
                        if (a.status() == 200) ok++;
                        else if (a.status() != 409) failures.add("parallel upload: " + a.status() + " " + a.body());
                    }
                    if (ok != 1) failures.add("4 parallel uploads of one bundle: " + ok + " answered 200 (want exactly 1)");
                    want.chaosBundle = true;
                    want.chaosActive = true;
                } else {
                    int op = rng.nextInt(5);
                    if (op == 4 && want.chaosActive) {
                        Answer a = node.send("PUT", "/bundles/" + id, badJar, "application/java-archive", node.token());
                        if (a.status() != 400) failures.add("update of test.chaos to a jar whose start fails: " + a.status() + " " + a.body());
                        pause(rng, 100);
                        continue; // rolled back: still the first jar, still ACTIVE (checked after the chaos)
                    }
                    Answer a = switch (op) {
                        case 0, 4 -> node.send("PUT", "/bundles/" + id, jar, "application/java-archive", node.token());
                        case 1 -> node.send("POST", "/bundles/" + id + "/stop", null, null, node.token());
                        case 2 -> node.send("POST", "/bundles/" + id + "/start", null, null, node.token());
                        default -> node.delete("/bundles/" + id);
                    };
                    if (a.status() != 200) {
                        failures.add("bundle op " + op + " on test.chaos: " + a.status() + " " + a.body());
                    } else if (op == 1) {
                        want.chaosActive = false;
                    } else if (op == 2) {
                        want.chaosActive = true;
                    } else if (op == 3) {
                        want.chaosBundle = false;
                    }
                    // an update keeps the state it found (started again if it was active)
                }
                pause(rng, 100);
            }
        } catch (Exception e) {
            failures.add("bundle client: " + e);
        } finally {
            racers.shutdownNow();
        }
    }

    private static long chaosId(ProcessNode node) {
        for (JsonElement e : node.get("/bundles").json().getAsJsonArray()) {
            JsonObject b = e.getAsJsonObject();
            if (b.get("symbolic_name").getAsString().equals("test.chaos")) return b.get("id").getAsLong();
        }
        return -1;
    }

    /** Files a careless user drops into deploy/: refused .cfg files, a jar that is not one, a feature jar; all removed again. */
    private void deployFolderClient(ProcessNode node, byte[] featureJar, SplittableRandom rng, BooleanSupplier going) {
        Path deploy = node.data.resolve("deploy");
        List<Path> files = List.of(deploy.resolve("ringlab.scenario.cfg"), deploy.resolve("ringlab.feature.bql.cfg"),
                deploy.resolve("broken.jar"), deploy.resolve("dropped.jar"));
        try {
            while (going.getAsBoolean()) {
                switch (rng.nextInt(4)) {
                    case 0 -> Files.writeString(files.get(0), rng.nextBoolean() ? "seed=abc\n" : "features=stock,nosuch\n");
                    case 1 -> Files.writeString(files.get(1), "limit_min=-5\n");
                    case 2 -> Files.write(files.get(2), new byte[] {'P', 'K', 3, 4, 0, 0, 0});
                    default -> Files.write(files.get(3), featureJar);
                }
                pause(rng, 400);
                for (Path f : files) if (rng.nextBoolean()) Files.deleteIfExists(f);
            }
            for (Path f : files) Files.deleteIfExists(f);
        } catch (Exception e) {
            failures.add("deploy folder client: " + e);
        }
    }

    /**
     * The fault-injection feature: installed once, used by some of the scenario client's sets; this client
     * arms its hot-path switches (rx, poll) and its install failure now and then, so the node quarantines
     * it and rebuilds while the rest goes on.
     */
    private void faultClient(ProcessNode node, Expected want, byte[] jar, SplittableRandom rng, BooleanSupplier going) {
        if (node.get("/features/fault-injection").status() == 404) {
            Answer a = node.post("/bundles", jar);
            if (a.status() != 200) failures.add("upload of the fault-injection bundle: " + a.status() + " " + a.body());
        }
        hotInstalled = true;
        List<String> switches = List.of("fail_rx_after", "fail_poll_after", "fail_install");
        while (going.getAsBoolean()) {
            String name = switches.get(rng.nextInt(switches.size()));
            long v = name.equals("fail_install") ? rng.nextInt(2) : rng.nextInt(3) == 0 ? 0 : 100 + rng.nextInt(5000);
            Answer a = node.put("/features/fault-injection", "{\"" + name + "\": " + v + "}");
            if (a.status() == 200) {
                synchronized (want.tunables) {
                    want.tunables.computeIfAbsent("fault-injection", k -> new TreeMap<>()).put(name, v);
                }
            } else {
                failures.add("PUT /features/fault-injection " + name + "=" + v + ": " + a.status() + " " + a.body());
            }
            pause(rng, 500);
        }
    }

    /** Reads everything while the rest changes it; none may answer 5xx or anything but 200. */
    private void readerClient(ProcessNode node, BooleanSupplier going) {
        List<String> paths = List.of("/status", "/events?since=0", "/bundles", "/features", "/hardware", "/scenario", "/metrics");
        int i = 0;
        while (going.getAsBoolean()) {
            String p = paths.get(i++ % paths.size());
            Answer a = node.get(p);
            if (a.status() != 200) failures.add("GET " + p + ": " + a.status() + " " + a.body());
        }
    }

    private static void pause(SplittableRandom rng, int maxMs) {
        try {
            Thread.sleep(1 + rng.nextInt(maxMs));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
