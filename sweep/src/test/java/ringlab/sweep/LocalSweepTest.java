package ringlab.sweep;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import ringlab.experiment.RunResult;

/** A small sweep end to end in local mode: outputs, refusals, resumption and determinism. */
class LocalSweepTest {
    static final String SPEC = """
            {"name": "small",
             "boards": ["bcm6328", "rzg2ul"], "features": ["stock", "stock,batched-rx"],
             "workloads": [{"name": "tcp-rx", "iperf": "-M 512 -t 1"}], "seeds": {"count": 2}}
            """;

    @TempDir
    Path tmp;

    private record Outcome(int status, String err) { }

    private Outcome sweep(Path spec, Path out, String... more) {
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        List<String> args = new ArrayList<>(List.of(spec.toString(), "--out", out.toString()));
        // local[2] unless the test names a master: a single-value option given twice is refused
        if (!List.of(more).contains("--master")) args.addAll(List.of("--master", "local[2]"));
        args.addAll(List.of(more));
        int rc = SweepMain.run(args.toArray(String[]::new), new PrintStream(err, true, StandardCharsets.UTF_8), Map.of());
        return new Outcome(rc, err.toString(StandardCharsets.UTF_8));
    }

    @Test
    void aSweepWritesEveryOutputListsRefusalsResumesAndIsDeterministic() throws Exception {
        Path spec = Files.writeString(tmp.resolve("small.json"), SPEC);
        Path a = tmp.resolve("a");
        Outcome first = sweep(spec, a);
        assertEquals(0, first.status(), first.err());
        // rzg2ul's stock set has gro, which conflicts with batched-rx: 2 seeds refused, printed with the reason
        assertTrue(first.err().contains("sweep: refused rzg2ul [stock,batched-rx] tcp-rx seed 1: feature 'gro' conflicts with 'batched-rx' on board rzg2ul"),
                first.err());
        List<String> lines = Files.readAllLines(a.resolve("results.jsonl"));
        assertEquals(6, lines.size());
        List<RunResult> results = new ArrayList<>();
        for (String l : lines) results.add(Json.GSON.fromJson(l, RunResult.class));
        List<String> keys = results.stream().map(RunResult::key).toList();
        assertEquals(keys.stream().sorted().toList(), keys, "sorted by key");
        assertEquals(6, new HashSet<>(keys).size(), "no duplicates");
        for (RunResult r : results) {
            assertTrue(r.figure("receiver_mbps") > 0, "every run moved data: " + r);
            JsonObject doc = JsonParser.parseString(Files.readString(a.resolve("runs").resolve(r.key() + ".json"))).getAsJsonObject();
            assertTrue(doc.has("end") && doc.has("ringlab"), "the full ringlab run --json document");
            assertEquals(0, doc.getAsJsonObject("start").getAsJsonObject("timestamp").get("timesecs").getAsLong(), "start pinned to the epoch");
        }
        List<String> refused = Files.readAllLines(a.resolve("refused.jsonl"));
        assertEquals(2, refused.size());
        assertTrue(refused.get(0).contains("\"reason\":\"feature 'gro' conflicts with 'batched-rx' on board rzg2ul\""), refused.get(0));

        // the CSV has the runs of the JSON Lines, with the same figures
        List<String> csv = Files.readAllLines(a.resolve("results.csv"));
        assertEquals(7, csv.size());
        List<String> header = List.of(csv.get(0).split(","));
        assertEquals(List.of("key", "workload", "hardware", "features", "seed", "topology", "ping_ms", "iperf"), header.subList(0, 8));
        int rx = header.indexOf("receiver_mbps");
        for (int i = 0; i < results.size(); i++) {
            String[] cells = csv.get(i + 1).split(",(?=(?:[^\"]*\"[^\"]*\")*[^\"]*$)");
            assertEquals(results.get(i).key(), cells[0]);
            assertEquals(results.get(i).figure("receiver_mbps"), Double.parseDouble(cells[rx]), 1e-9);
        }
        JsonObject progress = JsonParser.parseString(Files.readString(a.resolve("progress.json"))).getAsJsonObject();
        assertEquals("done", progress.get("state").getAsString());
        assertEquals(8, progress.get("total").getAsInt());
        assertEquals(6, progress.get("done").getAsInt());
        assertEquals(2, progress.get("refused").getAsInt());
        assertTrue(progress.get("error").isJsonNull());
        assertTrue(Files.readString(a.resolve("report.html")).contains("small"));

        // Spark SQL reads the Parquet table back
        try (SparkSession spark = SparkSession.builder().master("local[1]").config("spark.ui.enabled", "false").getOrCreate()) {
            var rows = spark.read().parquet(a.resolve("results.parquet").toString()).filter("hardware = 'bcm6328'").select("key", "receiver_mbps").collectAsList();
            assertEquals(4, rows.size());
            for (var row : rows) {
                RunResult r = results.stream().filter(x -> x.key().equals(row.getString(0))).findFirst().orElseThrow();
                assertEquals(r.figure("receiver_mbps"), row.getDouble(1), 0);
            }
        }

        // an interrupted sweep: two lines lost, one line cut in half, one run's document lost
        byte[] complete = Files.readAllBytes(a.resolve("results.jsonl"));
        Files.writeString(a.resolve("results.jsonl"), lines.get(0) + "\n" + lines.get(1) + "\n" + lines.get(2) + "\n" + lines.get(3).substring(0, 40));
        Files.delete(a.resolve("runs").resolve(keys.get(2) + ".json"));
        Outcome again = sweep(spec, a);
        assertEquals(0, again.status(), again.err());
        assertTrue(again.err().contains("sweep: 2 runs already in "), again.err());
        assertTrue(again.err().contains("sweep: 4 runs on "), "only the missing runs ran: " + again.err());
        assertEquals(new String(complete, StandardCharsets.UTF_8), Files.readString(a.resolve("results.jsonl")), "resumed: the same lines, none twice");
        Outcome nothingLeft = sweep(spec, a);
        assertEquals(0, nothingLeft.status(), nothingLeft.err());
        assertTrue(nothingLeft.err().contains("sweep: 6 runs already in "), nothingLeft.err());
        assertFalse(nothingLeft.err().contains(" runs on "), "nothing ran");

        // determinism: a fresh sweep on one core writes the same bytes
        Path b = tmp.resolve("b");
        Outcome other = sweep(spec, b, "--master", "local[1]");
        assertEquals(0, other.status(), other.err());
        assertEquals(new String(complete, StandardCharsets.UTF_8), Files.readString(b.resolve("results.jsonl")));
        for (String k : keys) assertEquals(Files.readString(a.resolve("runs/" + k + ".json")), Files.readString(b.resolve("runs/" + k + ".json")));
    }

    @Test
    void badInputIsOneLineAndStatusTwoWithNothingWritten() throws Exception {
        Path spec = Files.writeString(tmp.resolve("bad.json"), "{\"boards\": \"all\", \"features\": [\"stock\"]}");
        Path out = tmp.resolve("never");
        Outcome o = sweep(spec, out);
        assertEquals(2, o.status());
        assertEquals("ringlab sweep: sweep spec: 'workloads' is required\n", o.err());
        assertFalse(Files.exists(out));
        // a mistake in the spec that only the installed boards and features tell: no sweep of refusals exiting 0
        Path nosuch = Files.writeString(tmp.resolve("nosuch.json"), SPEC.replace("\"rzg2ul\"", "\"nosuch\""));
        Outcome unknown = sweep(nosuch, out);
        assertEquals(2, unknown.status(), unknown.err());
        assertTrue(unknown.err().startsWith("ringlab sweep: sweep spec: 'boards' names unknown board 'nosuch' (known: "), unknown.err());
        assertEquals(1, unknown.err().lines().count(), unknown.err());
        assertFalse(Files.exists(out));
        Path ok = Files.writeString(tmp.resolve("ok.json"), SPEC);
        Outcome noSecret = sweep(ok, out, "--master", "spark://127.0.0.1:7077");
        assertEquals(2, noSecret.status());
        assertTrue(noSecret.err().startsWith("ringlab sweep: --master spark://127.0.0.1:7077 needs the cluster's shared secret"), noSecret.err());
        assertEquals(1, noSecret.err().lines().count());
        assertFalse(Files.exists(out));
        // a master Spark would not take: refused before Spark starts (it once got Spark's warnings, its trace
        // and "A secret key must be specified via the spark.authenticate.secret config", and a failed folder)
        for (String master : List.of("bogus", "local[0]", "spark://host", "local[x]")) {
            Outcome o2 = sweep(ok, out, "--master", master);
            assertEquals(2, o2.status(), o2.err());
            assertEquals("ringlab sweep: --master '" + master + "' is not a Spark master URL (local, local[N], local[*], spark://HOST:PORT, "
                    + "k8s://https://HOST:PORT or yarn)\n", o2.err());
            assertFalse(Files.exists(out));
        }
        for (String master : List.of("local", "local[*]", "local[4]", "local[*,3]", "spark://a:7077", "spark://a:7077,b:7077", "k8s://https://k:443", "yarn")) {
            SparkSetup.checkMaster(master);
        }
    }

    /**
     * Spark failing to start for a reason of its own (here the heap it says it needs, as spark.testing.memory
     * pretends it is 1 byte): the reason in one line, status 1. SparkContext's own ERROR line with the
     * exception's trace is filtered out of the log (log4j2.properties).
     */
    @Test
    void sparkFailingToStartIsOneLineNamingTheReason() throws Exception {
        Path spec = Files.writeString(tmp.resolve("small.json"), SPEC);
        System.setProperty("spark.testing.memory", "1"); // SparkConf takes the spark.* system properties
        Outcome o;
        try {
            o = sweep(spec, tmp.resolve("out"), "--master", "local[1]");
        } finally {
            System.clearProperty("spark.testing.memory");
        }
        assertEquals(1, o.status(), o.err());
        List<String> reasons = o.err().lines().filter(l -> l.startsWith("ringlab sweep: ")).toList();
        assertEquals(1, reasons.size(), o.err());
        assertTrue(reasons.get(0).matches("ringlab sweep: (\\[INVALID_DRIVER_MEMORY] )?System memory 1 must be at least .*"), o.err());
        assertFalse(o.err().contains("\tat "), o.err());
        var sparkContext = (org.apache.logging.log4j.spi.ExtendedLogger) org.apache.logging.log4j.LogManager.getLogger("org.apache.spark.SparkContext");
        assertFalse(sparkContext.isEnabled(org.apache.logging.log4j.Level.ERROR, null, "Error initializing SparkContext."));
        assertTrue(sparkContext.isEnabled(org.apache.logging.log4j.Level.ERROR, null, "any other error"));
    }
}
