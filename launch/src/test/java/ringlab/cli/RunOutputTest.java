package ringlab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import ringlab.cli.PluginJars.Run;

/**
 * `ringlab run`'s output options as iperf3 has them: errors as iperf3's JSON in JSON modes (stdout only, status
 * unchanged), -J before --, the start timestamp (real clock, --timestamp, SOURCE_DATE_EPOCH), --logfile,
 * --json-stream and --forceflush.
 */
class RunOutputTest {
    static final Map<String, String> NO_ENV = Map.of();

    private static JsonObject json(String s) {
        return JsonParser.parseString(s).getAsJsonObject();
    }

    @Test
    void unknownHardwareWithJsonIsIperf3sJsonErrorOnStdoutAndStatusTwo() {
        Run r = PluginJars.cli(NO_ENV, "run", "--hardware", "nosuch", "--json", "--", "-t", "1");
        assertEquals(2, r.rc());
        assertEquals("", r.err(), "iperf3 -J prints only the JSON");
        assertEquals(1, r.out().lines().count(), r.out());
        JsonObject doc = json(r.out());
        assertTrue(doc.get("error").getAsString().startsWith("unknown hardware 'nosuch' (known: "), r.out());
        assertEquals("iperf 3.12", doc.getAsJsonObject("start").get("version").getAsString());
        assertEquals(List.of("start", "intervals", "end", "error"), List.copyOf(doc.keySet()), "iperf3 3.12's error document");
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "run --hardware bcm6328 -J -- -t x                  | -t",
        "run --hardware bcm6328 -- -t 1 -J -P 0             | -P",
        "run --hardware bcm6328 -- -t 1 -uJ -P 0            | -P",
        "run --hardware bcm6328 --seed x --json -- -t 1     | 'x'",
        "run --bogus --json -- -t 1                         | '--bogus'",
        "run --hardware bcm6328 --timestamp yesterday -J -- -t 1 | --timestamp",
    })
    void everyBadInputInJsonModeIsAnErrorDocument(String args, String named) {
        Run r = PluginJars.cli(NO_ENV, args.trim().split(" +"));
        assertEquals(2, r.rc(), r.out() + r.err());
        assertEquals("", r.err());
        assertTrue(json(r.out()).get("error").getAsString().contains(named), r.out());
    }

    @Test
    void jsonStreamErrorsAreAnErrorEvent() {
        Run r = PluginJars.cli(NO_ENV, "run", "--hardware", "nosuch", "--", "-t", "1", "--json-stream");
        assertEquals(2, r.rc());
        JsonObject e = json(r.out());
        assertEquals("error", e.get("event").getAsString());
        assertTrue(e.get("data").getAsString().startsWith("unknown hardware 'nosuch'"), r.out());
    }

    /** The feature-list grammar's refusals (FeatureResolver), one exact line each, status 2, nothing on stdout. */
    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "rzg2ul | ,                     | ringlab run: feature list ',' has an empty item (ids are separated by single commas)",
        "rzg2ul | gro,,bql              | ringlab run: feature list 'gro,,bql' has an empty item (ids are separated by single commas)",
        "rzg2ul | batched-rx,batched-rx | ringlab run: feature list 'batched-rx,batched-rx': 'batched-rx' is named twice",
        "rzg2ul | -gro                  | ringlab run: feature list '-gro': '-gro' removes 'gro', which is not in the set before it (empty); a removal applies to what precedes it, as in stock,-gro",
        "rzg2ul | stock,-batched-rx     | ringlab run: feature list 'stock,-batched-rx': '-batched-rx' removes 'batched-rx', which is not in the set before it (gro); a removal applies to what precedes it, as in stock,-batched-rx",
    })
    void featureListMistakesAreOneLine(String board, String list, String line) {
        Run r = PluginJars.cli(NO_ENV, "run", "--hardware", board, "--features", list, "--", "-t", "1");
        assertEquals(2, r.rc(), r.err());
        assertEquals("", r.out());
        assertEquals(line + "\n", r.err());
    }

    /**
     * A single-value option or a --set key given twice is refused, not "the last one wins" (the fast path, RunArgs,
     * leaves such a line to picocli); bql's limit_min above limit_max is refused naming both.
     */
    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "run --hardware bcm6328 --seed 1 --seed 2 -- -t 1 | ringlab run: option '--seed' (N) should be specified only once; see ringlab run --help",
        "run --hardware bcm6328 --seed=1 --seed=2 -- -t 1 | ringlab run: option '--seed' (N) should be specified only once; see ringlab run --help",
        "run --hardware bcm6328 --hardware rzg2ul -- -t 1 | ringlab run: option '--hardware' (ID) should be specified only once; see ringlab run --help",
        "run --hardware bcm6328 --json --json -- -t 1     | ",
        "run --hardware bcm6328 --set qdisc=fq_codel --set qdisc=pfifo_fast -- -t 1 | ringlab run: --set qdisc is given twice (qdisc=fq_codel, qdisc=pfifo_fast)",
        "run --hardware bcm6328 --features bql --set limit_min=5000 --set limit_max=1000 -- -t 1 | ringlab run: feature 'bql' cannot run on board bcm6328: limit_min 5000 is above limit_max 1000 bytes",
        "compare --hardware bcm6328 --a stock --b stock --seeds 1 --seeds 2 -- -t 1 | ringlab compare: option '--seeds' (N) should be specified only once; see ringlab compare --help",
        "compare --hardware bcm6328 --a stock --b bql --set limit_min=1 --set limit_min=2 -- -t 1 | ringlab compare: --set limit_min is given twice (limit_min=1, limit_min=2)",
    })
    void aRepeatedOptionOrSetKeyIsRefused(String args, String line) {
        Run r = PluginJars.cli(NO_ENV, args.trim().split(" +"));
        assertEquals(2, r.rc(), r.out() + r.err());
        if (line == null) { // --json twice: the error is iperf3's JSON document on stdout
            assertTrue(json(r.out()).get("error").getAsString().startsWith("option '--json' should be specified only once"), r.out());
            return;
        }
        assertEquals("", r.out());
        assertEquals(line + "\n", r.err());
    }

    @Test
    void textModeErrorsStayOneLineOnStderr() {
        Run r = PluginJars.cli(NO_ENV, "run", "--hardware", "nosuch", "--", "-t", "1");
        assertEquals(2, r.rc());
        assertEquals("", r.out());
        assertEquals(1, r.err().lines().count(), r.err());
    }

    @Test
    void dashJBeforeTheDashesIsJsonAndAPinnedTimestampGivesIdenticalBytes() {
        Run a = PluginJars.cli(NO_ENV, "run", "--hardware", "bcm6328", "--timestamp", "1796302620", "-J", "--", "-t", "1");
        assertEquals(0, a.rc(), a.err());
        JsonObject ts = json(a.out()).getAsJsonObject("start").getAsJsonObject("timestamp");
        assertEquals("Thu, 03 Dec 2026 12:57:00 GMT", ts.get("time").getAsString());
        assertEquals(1_796_302_620L, ts.get("timesecs").getAsLong());
        Run b = PluginJars.cli(Map.of(StartTime.ENV, "1796302620"), "run", "--hardware", "bcm6328", "--json", "--", "-t", "1");
        assertEquals(a.out(), b.out(), "SOURCE_DATE_EPOCH pins it too");
        Run c = PluginJars.cli(NO_ENV, "run", "--hardware", "bcm6328", "--timestamp", "2026-12-03T12:57:00Z", "--", "-t", "1", "-J");
        assertEquals(a.out(), c.out(), "ISO-8601, and -J after --");
    }

    @Test
    void withoutAPinTheTimestampIsTheRealClock() {
        long before = System.currentTimeMillis() / 1000;
        Run r = PluginJars.cli(NO_ENV, "run", "--hardware", "bcm6328", "--json", "--", "-t", "1");
        long t = json(r.out()).getAsJsonObject("start").getAsJsonObject("timestamp").get("timesecs").getAsLong();
        assertTrue(t >= before && t <= System.currentTimeMillis() / 1000, t + " vs " + before);
    }

    @Test
    void jsonStreamIsOneEventPerLineWithIperf3sObjects() {
        Run s = PluginJars.cli(NO_ENV, "run", "--hardware", "bcm6328", "--timestamp", "0", "--", "-t", "2", "--json-stream");
        assertEquals(0, s.rc(), s.err());
        List<JsonObject> events = s.out().lines().map(RunOutputTest::json).toList();
        assertEquals(List.of("start", "interval", "interval", "end", "ringlab"),
                events.stream().map(e -> e.get("event").getAsString()).toList());
        Run j = PluginJars.cli(NO_ENV, "run", "--hardware", "bcm6328", "--timestamp", "0", "--json", "--", "-t", "2");
        JsonObject doc = json(j.out());
        assertEquals(doc.get("start"), events.get(0).get("data"));
        // 3.17's framing around -J's 3.12 objects: the version names the objects' release (README, --json-stream)
        assertEquals("iperf 3.12", events.get(0).getAsJsonObject("data").get("version").getAsString());
        assertEquals(doc.getAsJsonArray("intervals").get(1), events.get(2).get("data"));
        assertEquals(doc.get("end"), events.get(3).get("data"));
        assertEquals(doc.get("ringlab"), events.get(4).get("data"));
    }

    @Test
    void logfileAppendsTheOutputInsteadOfStdout(@TempDir Path dir) throws IOException {
        Path log = dir.resolve("iperf.log");
        Files.writeString(log, "before\n");
        Run r = PluginJars.cli(NO_ENV, "run", "--hardware", "bcm6328", "--", "-t", "1", "--logfile", log.toString(), "--forceflush");
        assertEquals(0, r.rc(), r.err());
        assertEquals("", r.out());
        String text = Files.readString(log, StandardCharsets.UTF_8);
        assertTrue(text.startsWith("before\nConnecting to host"), text);
        assertTrue(text.contains("iperf Done.\n"), text);

        Run bad = PluginJars.cli(NO_ENV, "run", "--hardware", "bcm6328", "--", "-t", "1", "--logfile", dir.resolve("no/such/dir").toString());
        assertEquals(2, bad.rc());
        assertTrue(bad.err().contains("--logfile"), bad.err());
        assertFalse(Files.exists(dir.resolve("no")));
    }

    @Test
    void timestampsPrefixTextLines() {
        Run r = PluginJars.cli(NO_ENV, "run", "--hardware", "bcm6328", "--timestamp", "1796303640", "--", "-t", "1", "--timestamps=%T ");
        assertEquals(0, r.rc(), r.err());
        assertTrue(r.out().startsWith("13:14:00 Connecting to host"), r.out());
        assertTrue(r.out().contains("\n13:14:01 iperf Done.\n"), r.out());
    }
}
