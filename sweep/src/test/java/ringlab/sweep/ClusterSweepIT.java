package ringlab.sweep;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonParser;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The cluster test on one machine: a standalone master and two workers on 127.0.0.1 (separate JVMs,
 * authentication and encryption on), a sweep of 100 short runs, one worker (and its executor) killed in the
 * middle; the results are complete, without duplicates, and byte-identical to a local-mode sweep of the same
 * spec. Every JVM started here is killed at the end, whatever happened.
 */
class ClusterSweepIT {
    /** 2 boards x 2 workloads x 25 seeds = 100 runs of one simulated second. */
    static final String SPEC = """
            {"name": "cluster-100", "boards": ["bcm6328", "rzg2ul"], "features": ["stock"],
             "workloads": [{"name": "tcp-rx", "iperf": "-M 512 -t 1"}, {"name": "udp-rx", "iperf": "-u -b 200M -t 1"}],
             "seeds": {"count": 25}}
            """;

    @TempDir
    Path tmp;

    @Test
    void aSweepSurvivesALostWorkerAndMatchesLocalModeByteForByte() throws Exception {
        Path spec = Files.writeString(tmp.resolve("cluster-100.json"), SPEC);
        String secret = HexFormat.of().formatHex(SecureRandom.getInstanceStrong().generateSeed(16));
        Path clusterOut = tmp.resolve("cluster"), localOut = tmp.resolve("local");
        try (SparkStandalone cluster = new SparkStandalone(tmp, secret)) {
            Process doomed = cluster.worker();
            cluster.worker();
            Process sweep = driver(spec, clusterOut, cluster, "--master", cluster.url);
            try {
                // kill a worker once a fifth of the runs are written, well before the end
                int doneAtKill = awaitDone(clusterOut, 20, sweep);
                assertTrue(doneAtKill < 80, "the worker must die in the middle of the sweep, not after it (done " + doneAtKill + ")");
                SparkStandalone.kill(doomed);
                assertTrue(sweep.waitFor(4, TimeUnit.MINUTES), "the sweep finished after losing a worker");
                assertEquals(0, sweep.exitValue(), log(clusterOut));
            } finally {
                SparkStandalone.kill(sweep);
            }
            Process local = driver(spec, localOut, cluster, "--master", "local[2]");
            try {
                assertTrue(local.waitFor(4, TimeUnit.MINUTES));
                assertEquals(0, local.exitValue(), log(localOut));
            } finally {
                SparkStandalone.kill(local);
            }
        }
        List<String> lines = Files.readAllLines(clusterOut.resolve("results.jsonl"));
        assertEquals(100, lines.size(), "every run, once");
        List<String> keys = new ArrayList<>();
        for (String l : lines) keys.add(JsonParser.parseString(l).getAsJsonObject().get("key").getAsString());
        assertEquals(100, new HashSet<>(keys).size(), "no run twice");
        assertEquals(Files.readString(localOut.resolve("results.jsonl")), Files.readString(clusterOut.resolve("results.jsonl")),
                "results independent of where the runs ran");
        for (String k : keys) {
            assertEquals(Files.readString(localOut.resolve("runs/" + k + ".json")), Files.readString(clusterOut.resolve("runs/" + k + ".json")), k);
        }
        assertTrue(Files.isDirectory(clusterOut.resolve("results.parquet")));
        assertTrue(Files.readString(clusterOut.resolve("progress.json")).contains("\"state\":\"done\""));
    }

    @Test
    void aDriverWithTheWrongSecretFailsFastWithOneLine() throws Exception {
        Path spec = Files.writeString(tmp.resolve("cluster-100.json"), SPEC);
        Path out = tmp.resolve("refused");
        try (SparkStandalone cluster = new SparkStandalone(tmp, "the-cluster-secret")) {
            cluster.worker();
            ProcessBuilder pb = command(spec, out, cluster, "--master", cluster.url, "--executor-timeout", "15");
            pb.environment().put(SparkSetup.SECRET_ENV, "not-the-cluster-secret");
            Process p = pb.start();
            try {
                assertTrue(p.waitFor(40, TimeUnit.SECONDS), "fails after the 15 s timeout, not after Spark's own 60 s of retries");
                assertEquals(1, p.exitValue());
            } finally {
                SparkStandalone.kill(p);
            }
        }
        String log = Files.readString(out.resolve("driver.log"));
        assertTrue(log.contains("ringlab sweep: no Spark executor registered with spark://127.0.0.1:"), log);
        assertTrue(JsonParser.parseString(Files.readString(out.resolve("progress.json"))).getAsJsonObject().get("state").getAsString().equals("failed"));
    }

    /** The sweep's driver in its own JVM, as ./ringlab sweep starts it; the secret in its environment. */
    private static Process driver(Path spec, Path out, SparkStandalone cluster, String... args) throws IOException {
        ProcessBuilder pb = command(spec, out, cluster, args);
        pb.environment().put(SparkSetup.SECRET_ENV, cluster.secret);
        return pb.start();
    }

    private static ProcessBuilder command(Path spec, Path out, SparkStandalone cluster, String... args) throws IOException {
        Files.createDirectories(out);
        List<String> cmd = new ArrayList<>(List.of(SparkStandalone.JAVA));
        cmd.addAll(SparkStandalone.opens());
        cmd.addAll(List.of("-cp", SparkStandalone.JAR.toAbsolutePath() + ":" + SparkStandalone.LIB.toAbsolutePath() + "/*",
                "ringlab.sweep.SweepMain", spec.toString(), "--out", out.toString()));
        cmd.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(out.resolve("driver.log").toFile());
        SparkStandalone.env(pb.environment(), cluster.home);
        pb.environment().remove(SparkSetup.SECRET_ENV);
        return pb;
    }

    /** Waits until progress.json counts at least n runs done; returns the count seen. */
    private static int awaitDone(Path out, int n, Process sweep) throws Exception {
        long deadline = System.currentTimeMillis() + 180_000;
        while (System.currentTimeMillis() < deadline) {
            Path f = out.resolve("progress.json");
            if (Files.exists(f)) {
                int done = JsonParser.parseString(Files.readString(f)).getAsJsonObject().get("done").getAsInt();
                if (done >= n) return done;
            }
            if (!sweep.isAlive()) throw new AssertionError("the sweep ended early: " + log(out));
            Thread.sleep(50);
        }
        throw new AssertionError("no progress within 180 s: " + log(out));
    }

    private static String log(Path out) {
        try {
            return Files.readString(out.resolve("driver.log"));
        } catch (IOException e) {
            return "(no driver log)";
        }
    }
}
