package ringlab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import ringlab.cli.PluginJars.Run;
import ringlab.experiment.statements.Statement;
import ringlab.experiment.statements.StatementCatalogue;

/**
 * `ringlab reproduce` in-process: bcm6328's published table within its 5 % rule (exit 0); absolute and change rows
 * side by side with the verdict of the one rule, exit 1 when one misses; a row naming an unknown feature refused
 * before anything runs, naming board and row; the Markdown form. --statements: every statement of docs/mechanisms.md
 * quoted verbatim from its section, each holding but the {@link #KNOWN_MISSES}.
 */
class ReproduceCommandTest {
    static final Map<String, String> NO_DATA = Map.of("RINGLAB_DATA", "/nonexistent/ringlab-data");

    @TempDir
    Path dir;

    /** A board bundle: bcm6328's descriptor as "vendor-board", predicted, with these published rows. */
    private Path board(String calibration, String rows) throws Exception {
        return PluginJars.board(dir, "vendor.board", "vendor-board", json -> {
            JsonObject d = JsonParser.parseString(json).getAsJsonObject();
            d.addProperty("schemaVersion", 2);
            d.addProperty("calibration", calibration);
            d.add("published", JsonParser.parseString(rows));
            return d.toString();
        });
    }

    @Test
    void bcm6328HoldsEveryRowWithinItsFivePercentAndExitsZero() {
        Run r = PluginJars.cli(NO_DATA, "reproduce", "bcm6328");
        assertEquals(0, r.rc(), r.err() + r.out());
        List<String> lines = r.out().lines().toList();
        assertEquals("bcm6328 (calibrated): published vs simulated, seed 1", lines.get(0));
        assertEquals(List.of("#", "features", "iperf3", "pub", "snd", "pub", "rcv", "retr", "sim", "snd", "sim", "rcv", "retr", "error", "verdict"),
                List.of(lines.get(2).split(" +")));
        assertTrue(lines.get(3).matches("0 +stock +-M 512 -t 30 +33\\.7 +33\\.5 +277 +[0-9.]+ +[0-9.]+ +[0-9]+ +[-+][0-9.]+ % +holds \\(within 5 %\\)"),
                lines.get(3));
        assertEquals(4, lines.stream().filter(l -> l.endsWith("holds (within 5 %)")).count(), r.out());
        assertEquals("bcm6328: 4 of 4 rows hold (rule: README \"Fidelity\", ringlab.experiment.reproduce.Tolerance)", lines.get(lines.size() - 1));
    }

    @Test
    void absoluteAndChangeRowsAreJudgedByTheOneRuleAndAMissExitsOne() throws Exception {
        Path b = board("predicted", """
                [{"features": "stock", "iperf": "-M 512 -t 2", "receiverMbps": 32, "source": "near what it simulates"},
                 {"features": "stock", "iperf": "-M 512 -t 2", "receiverMbps": 60, "source": "far above"},
                 {"features": "stock", "iperf": "-M 512 -t 2", "receiverMbps": 1.2, "source": "a livelock it does not have"},
                 {"baseline": "stock", "features": "batched-rx", "iperf": "-M 512 -t 2", "receiverChangePercent": 12.5, "source": "list rx"},
                 {"baseline": "stock", "features": "batched-rx", "iperf": "-M 512 -t 2", "receiverChangePercent": 200, "source": "too much"}]""");
        Run r = PluginJars.cli(NO_DATA, "reproduce", "--bundles", b.toString(), "vendor-board");
        assertEquals(1, r.rc(), r.err() + r.out());
        String out = r.out();
        assertTrue(out.startsWith("vendor-board (predicted): published vs simulated, seed 1\n"), out);
        List<String> lines = out.lines().toList();
        assertTrue(line(lines, "0 ").endsWith("holds (within 10 %)"), out);
        assertTrue(line(lines, "1 ").endsWith("MISSES (within 10 %)"), out);
        assertTrue(line(lines, "2 ").endsWith("MISSES (below 5 Mbit/s)"), out);
        // a change row: published %, simulated %, the simulated Mbit/s before and after, the difference in points
        String change = line(lines, "3 ");
        assertTrue(change.matches("3 +stock -> batched-rx +-M 512 -t 2 +\\+12\\.5 % +\\+[0-9.]+ % +[0-9.]+ -> [0-9.]+ +[-+][0-9.]+ pt +holds \\(within 15 points\\)"),
                change);
        assertTrue(line(lines, "4 ").matches(".* x0\\.[0-9]+ +MISSES \\(within a factor 1\\.5\\)"), out);
        assertTrue(out.endsWith("vendor-board: 2 of 5 rows hold (rule: README \"Fidelity\", ringlab.experiment.reproduce.Tolerance)\n"), out);
        assertEquals(out, PluginJars.cli(NO_DATA, "reproduce", "--bundles", b.toString(), "vendor-board").out(), "byte-identical run to run");

        Run md = PluginJars.cli(NO_DATA, "reproduce", "--bundles", b.toString(), "vendor-board", "--markdown");
        assertEquals(1, md.rc(), md.err());
        List<String> table = md.out().lines().toList();
        assertEquals("| board | # | features (baseline -> features) | iperf3 | published | simulated | error | verdict |", table.get(0));
        assertEquals(2 + 5 + 2, table.size(), md.out());
        assertEquals("Rows holding: vendor-board 2 of 5.", table.get(table.size() - 1));
        assertTrue(table.get(5).startsWith("| vendor-board (predicted) | 3 | `stock -> batched-rx` | `-M 512 -t 2` | +12.5 % | +"), md.out());
    }

    @Test
    void aCalibratedBoardIsHeldToFivePercentAPredictedOneToTen() throws Exception {
        // stock simulates about 33.7 Mbit/s for 2 s (the slow-start overshoot overruns the 64-entry ring): 31.5 is
        // within 10 % of it, not within 5 %
        String rows = """
                [{"features": "stock", "iperf": "-M 512 -t 2", "receiverMbps": 31.5, "source": "s"}]""";
        Run calibrated = PluginJars.cli(NO_DATA, "reproduce", "--bundles", board("calibrated", rows).toString(), "vendor-board");
        assertEquals(1, calibrated.rc(), calibrated.out());
        assertTrue(line(calibrated.out().lines().toList(), "0 ").endsWith("MISSES (within 5 %)"), calibrated.out());
        Run predicted = PluginJars.cli(NO_DATA, "reproduce", "--bundles", board("predicted", rows).toString(), "vendor-board");
        assertEquals(0, predicted.rc(), predicted.out());
        assertTrue(line(predicted.out().lines().toList(), "0 ").endsWith("holds (within 10 %)"), predicted.out());
    }

    @Test
    void aRowNamingAnUnknownFeatureIsRefusedBeforeAnythingRunsNamingBoardAndRow() throws Exception {
        Path b = board("predicted", """
                [{"features": "stock", "iperf": "-M 512 -t 2", "receiverMbps": 34, "source": "s"},
                 {"baseline": "stock", "features": "stock,no-such-feature", "iperf": "-t 2", "receiverChangePercent": 5, "source": "s"}]""");
        Run r = PluginJars.cli(NO_DATA, "reproduce", "--bundles", b.toString(), "vendor-board");
        assertEquals(2, r.rc(), r.out());
        assertEquals("", r.out());
        assertEquals(1, r.err().lines().count(), r.err());
        assertTrue(r.err().startsWith("ringlab reproduce: board vendor-board published[1] (stock,no-such-feature, iperf3 -t 2): "
                + "feature 'no-such-feature' is not installed (installed: "), r.err());
    }

    @Test
    void compareShowsTheStatesPublishedFiguresAndAPublishedChangeBetweenThem() throws Exception {
        Path b = board("predicted", """
                [{"features": "stock", "iperf": "-M 512 -t 2", "receiverMbps": 34, "source": "receiver only"},
                 {"baseline": "stock", "features": "batched-rx", "iperf": "-M 512 -t 2", "receiverChangePercent": 12.5, "source": "list rx"}]""");
        String[] args = {"compare", "--bundles", b.toString(), "--hardware", "vendor-board", "--a", "stock", "--b", "stock,batched-rx",
            "--", "-M", "512", "-t", "2"};
        Run r = PluginJars.cli(NO_DATA, args);
        assertEquals(0, r.rc(), r.err());
        assertTrue(r.out().contains("\nPublished: - Mbits/sec sender, 34 Mbits/sec receiver, - Retr (receiver only)\n"), r.out());
        assertTrue(r.out().endsWith("\nPublished change: receiver +12.5 % (list rx)\n"), r.out());
        String[] json = java.util.Arrays.copyOf(args, args.length + 1);
        System.arraycopy(args, 9, json, 10, args.length - 9);
        json[9] = "--json";
        Run j = PluginJars.cli(NO_DATA, json);
        assertEquals(0, j.rc(), j.err());
        JsonObject published = JsonParser.parseString(j.out()).getAsJsonObject().getAsJsonObject("published");
        assertEquals(34, published.getAsJsonObject("a").get("receiver_mbps").getAsDouble());
        assertTrue(published.get("b").isJsonNull());
        assertEquals(12.5, published.getAsJsonObject("change").get("receiver_change_percent").getAsDouble());
        assertEquals("stock", published.getAsJsonObject("change").get("baseline").getAsString());
    }

    @Test
    void withSeedsEveryRowRunsAtEachAndShowsItsMedianRangeAndTheSeedsItHoldsAt() throws Exception {
        Path b = board("predicted", """
                [{"features": "stock", "iperf": "-M 512 -t 2", "receiverMbps": 32, "source": "near what it simulates"},
                 {"features": "stock", "iperf": "-M 512 -t 2", "receiverMbps": 60, "source": "far above"}]""");
        Run r = PluginJars.cli(NO_DATA, "reproduce", "--bundles", b.toString(), "vendor-board", "--seeds", "2", "--seed", "3");
        assertEquals(1, r.rc(), r.err() + r.out());
        List<String> lines = r.out().lines().toList();
        assertEquals("vendor-board (predicted): published vs simulated, seeds 3-4, every row run at each", lines.get(0));
        assertTrue(line(lines, "0 ").matches("0 +stock +-M 512 -t 2 +32 +[0-9.]+ +[0-9.]+ \\.\\. [0-9.]+ +[-+][0-9.]+ % +2 of 2 +holds \\(within 10 %\\)"),
                r.out());
        assertTrue(line(lines, "1 ").matches(".* 0 of 2 +MISSES \\(within 10 %\\)"), r.out());
        assertEquals("vendor-board: 1 of 2 rows hold at every seed, 1 at the median (rule: README \"Fidelity\", "
                + "ringlab.experiment.reproduce.Tolerance)", lines.get(lines.size() - 1));
        Run md = PluginJars.cli(NO_DATA, "reproduce", "--bundles", b.toString(), "vendor-board", "--seeds", "2", "--markdown");
        assertEquals(1, md.rc(), md.err());
        assertTrue(md.out().startsWith("| board | # | features (baseline -> features) | iperf3 | published | median (seeds 1-2) | range |"), md.out());
        assertTrue(md.out().endsWith("\nRows holding at every seed: vendor-board 1 of 2.\n"), md.out());

        for (String[] bad : List.of(new String[] {"reproduce", "bcm6328", "--seeds", "0"}, new String[] {"reproduce", "--statements", "--seeds", "2"})) {
            Run x = PluginJars.cli(NO_DATA, bad);
            assertEquals(2, x.rc(), x.out());
            assertEquals("", x.out());
            assertEquals(1, x.err().lines().count(), x.err());
            assertTrue(x.err().startsWith("ringlab reproduce: --seeds "), x.err());
        }
    }

    @Test
    void jsonHasEveryRowWithItsPublishedFiguresEachSeedsRunAndTheVerdicts() throws Exception {
        Path b = board("predicted", """
                [{"features": "stock", "iperf": "-M 512 -t 2", "receiverMbps": 32, "source": "near what it simulates"},
                 {"baseline": "stock", "features": "batched-rx", "iperf": "-M 512 -t 2", "receiverChangePercent": 200, "source": "too much"}]""");
        Run r = PluginJars.cli(NO_DATA, "reproduce", "--bundles", b.toString(), "vendor-board", "--json", "--seeds", "2");
        assertEquals(1, r.rc(), r.err() + r.out());
        JsonObject doc = JsonParser.parseString(r.out()).getAsJsonObject();
        assertEquals("published", doc.get("kind").getAsString());
        assertEquals(2, doc.get("seeds").getAsInt());
        assertEquals(1, doc.get("rows_holding").getAsInt());
        assertEquals(2, doc.get("rows_total").getAsInt());
        JsonObject board = doc.getAsJsonArray("boards").get(0).getAsJsonObject();
        assertEquals("vendor-board", board.get("board").getAsString());
        assertEquals("predicted", board.get("calibration").getAsString());
        JsonObject abs = board.getAsJsonArray("rows").get(0).getAsJsonObject(), chg = board.getAsJsonArray("rows").get(1).getAsJsonObject();
        assertTrue(abs.get("baseline").isJsonNull());
        assertEquals(32, abs.getAsJsonObject("published").get("receiver_mbps").getAsDouble());
        assertTrue(abs.getAsJsonObject("published").get("sender_mbps").isJsonNull(), "not published");
        assertEquals(2, abs.getAsJsonArray("runs").size());
        JsonObject run = abs.getAsJsonArray("runs").get(1).getAsJsonObject();
        assertEquals(2, run.get("seed").getAsInt());
        assertEquals(run.get("value").getAsDouble(), run.get("receiver_mbps").getAsDouble(), "an absolute row's value is its receiver figure");
        assertTrue(abs.get("holds").getAsBoolean());
        assertEquals("within 10 %", abs.get("rule").getAsString());
        assertEquals("stock", chg.get("baseline").getAsString());
        assertEquals(200, chg.getAsJsonObject("published").get("receiver_change_percent").getAsDouble());
        JsonObject c1 = chg.getAsJsonArray("runs").get(0).getAsJsonObject();
        double base = c1.get("baseline_receiver_mbps").getAsDouble(), after = c1.get("receiver_mbps").getAsDouble();
        assertEquals(100 * (after - base) / base, c1.get("value").getAsDouble(), 1e-9, "a change row's value is the change in percent");
        assertEquals("x", chg.get("error_unit").getAsString());
        assertFalse(chg.get("holds").getAsBoolean());
        assertEquals(0, chg.get("seeds_holding").getAsInt());
        assertEquals(r.out(), PluginJars.cli(NO_DATA, "reproduce", "--bundles", b.toString(), "vendor-board", "--json", "--seeds", "2").out(),
                "byte-identical run to run");

        Run both = PluginJars.cli(NO_DATA, "reproduce", "bcm6328", "--json", "--markdown");
        assertEquals(2, both.rc());
        assertEquals("ringlab reproduce: --json and --markdown are two forms of the same table; give one\n", both.err());
    }

    /** A measurement file as ringlab calibrate reads it: the header, then a minimal iperf3 -J document. */
    private Path measurement(String name, String board, String features, String iperf, double mbps) throws Exception {
        Path f = dir.resolve(name);
        java.nio.file.Files.writeString(f, "# board: " + board + "\n# features: " + features + "\n# iperf3: " + iperf
                + "\n# source: bench rig, 5.15\n{\"start\": {}, \"end\": {\"sum_received\": {\"bits_per_second\": " + (long) (mbps * 1e6) + "}}}\n");
        return f;
    }

    @Test
    void measurementFilesAreJudgedAgainstTheBoardsTheirHeadersName() throws Exception {
        Path near = measurement("near.json", "bcm6328", "stock", "-M 512 -t 2", 32.5);
        Path far = measurement("far.json", "bcm6328", "stock,batched-rx", "-M 512 -t 2", 60);
        Run r = PluginJars.cli(NO_DATA, "reproduce", "--measured", near.toString(), far.toString());
        assertEquals(1, r.rc(), r.err() + r.out());
        List<String> lines = r.out().lines().toList();
        assertEquals("bcm6328 (calibrated): measured vs simulated, seed 1", lines.get(0));
        assertTrue(line(lines, "0 ").matches("0 +stock +-M 512 -t 2 +- +32\\.5 +- +[0-9.]+ +[0-9.]+ +[0-9]+ +[-+][0-9.]+ % +holds \\(within 5 %\\)"), r.out());
        assertTrue(line(lines, "1 ").startsWith("1  stock,batched-rx"), r.out());
        assertTrue(line(lines, "1 ").endsWith("MISSES (within 5 %)"), r.out());
        assertEquals("bcm6328: 1 of 2 rows hold (rule: README \"Fidelity\", ringlab.experiment.reproduce.Tolerance)", lines.get(lines.size() - 1));
        assertEquals(0, PluginJars.cli(NO_DATA, "reproduce", "--measured", near.toString()).rc());

        Path unknown = measurement("unknown.json", "no-such-board", "stock", "-t 2", 100);
        Run u = PluginJars.cli(NO_DATA, "reproduce", "--measured", near.toString(), unknown.toString());
        assertEquals(2, u.rc(), u.out());
        assertEquals("", u.out());
        assertTrue(u.err().startsWith("ringlab reproduce: " + unknown + ": unknown hardware 'no-such-board' (known: "), u.err());
        Run both = PluginJars.cli(NO_DATA, "reproduce", "bcm6328", "--measured", near.toString());
        assertEquals(2, both.rc(), both.out());
        assertEquals("ringlab reproduce: --measured takes the boards from the files' headers; give no ID and no --all with it\n", both.err());
        Path broken = dir.resolve("broken.json");
        java.nio.file.Files.writeString(broken, "# board: bcm6328\n{\"end\": {}}\n");
        Run b = PluginJars.cli(NO_DATA, "reproduce", "--measured", broken.toString());
        assertEquals(2, b.rc(), b.out());
        assertEquals("ringlab reproduce: " + broken + ": the header has no '# features: ...' line\n", b.err());
    }

    /**
     * A whole iperf3 -J document (ringlab's own, key for key iperf3's) after the header: the sender's Mbit/s and
     * retransmits come from end.sum_sent, every figure is printed to one decimal (iperf3's bits_per_second has
     * full precision), --markdown calls the column "measured", and a header that cannot run names the file and line.
     */
    @Test
    void aWholeIperf3DocumentFillsTheMeasuredColumnsAndAHeaderRefusalNamesTheFileAndLine() throws Exception {
        Run json = PluginJars.cli(NO_DATA, "run", "--hardware", "bcm6328", "--timestamp", "0", "--json", "--", "-M", "512", "-t", "2");
        assertEquals(0, json.rc(), json.err());
        com.google.gson.JsonObject sent = com.google.gson.JsonParser.parseString(json.out()).getAsJsonObject()
                .getAsJsonObject("end").getAsJsonObject("sum_sent");
        String snd = String.format(java.util.Locale.ROOT, "%.1f", sent.get("bits_per_second").getAsDouble() / 1e6);
        long retr = sent.get("retransmits").getAsLong();
        Path f = dir.resolve("whole.json");
        java.nio.file.Files.writeString(f, "# board: bcm6328\n# features: stock\n# iperf3: -M 512 -t 2\n" + json.out());
        Run r = PluginJars.cli(NO_DATA, "reproduce", "--measured", f.toString());
        assertEquals(0, r.rc(), r.err() + r.out());
        String row = line(r.out().lines().toList(), "0 ");
        // the simulation of the same run gives the same figures: measured and simulated columns agree exactly
        String figures = snd + " +[0-9]+\\.[0-9] +" + retr;
        assertTrue(row.matches("0 +stock +-M 512 -t 2 +" + figures + " +" + figures + " +\\+0\\.0 % +holds \\(within 5 %\\)"), r.out());
        Run md = PluginJars.cli(NO_DATA, "reproduce", "--measured", f.toString(), "--markdown");
        assertEquals(0, md.rc(), md.err());
        assertEquals("| board | # | features (baseline -> features) | iperf3 | measured | simulated | error | verdict |", md.out().lines().findFirst().orElseThrow());
        assertTrue(md.out().lines().anyMatch(l -> l.matches("\\| bcm6328 \\(calibrated\\) \\| 0 \\| `stock` \\| `-M 512 -t 2` \\| [0-9]+\\.[0-9] Mbit/s \\| .*")), md.out());

        Path badFeature = dir.resolve("bad-feature.json");
        java.nio.file.Files.writeString(badFeature, "# board: bcm6328\n# features: nosuch\n# iperf3: -t 2\n" + json.out());
        Run bf = PluginJars.cli(NO_DATA, "reproduce", "--measured", badFeature.toString());
        assertEquals(2, bf.rc(), bf.out());
        assertEquals("", bf.out());
        assertTrue(bf.err().startsWith("ringlab reproduce: " + badFeature + ":2: # features: nosuch: feature 'nosuch' is not installed (installed: "), bf.err());
        assertEquals(1, bf.err().lines().count(), bf.err());
        Path badIperf = dir.resolve("bad-iperf.json");
        java.nio.file.Files.writeString(badIperf, "# source: bench\n# board: bcm6328\n# features: stock\n# iperf3: -t x\n" + json.out());
        Run bi = PluginJars.cli(NO_DATA, "reproduce", "--measured", badIperf.toString());
        assertEquals(2, bi.rc(), bi.out());
        assertTrue(bi.err().startsWith("ringlab reproduce: " + badIperf + ":4: # iperf3: -t x: iperf3 argument -t"), bi.err());
        assertEquals(1, bi.err().lines().count(), bi.err());
    }

    @Test
    void aSeedRangePastTheLargestSeedIsOneLineAndNothingRuns() {
        // the loop over the seeds once wrapped round: an IndexOutOfBoundsException's trace, status 1
        for (String[] bad : List.of(new String[] {"reproduce", "bcm6328", "--seed", "9223372036854775807", "--seeds", "2"},
                new String[] {"reproduce", "bcm6328", "--seeds", "3", "--seed", "9223372036854775806"})) {
            Run x = PluginJars.cli(NO_DATA, bad);
            assertEquals(2, x.rc(), x.out() + x.err());
            assertEquals("", x.out());
            assertEquals(1, x.err().lines().count(), x.err());
            assertTrue(x.err().startsWith("ringlab reproduce: --seed " + bad[bad[2].equals("--seed") ? 3 : 5] + " with --seeds "), x.err());
            assertTrue(x.err().contains("passes the largest seed, 9223372036854775807"), x.err());
        }
    }

    @Test
    void oneBoardOrAllOfThem() {
        Run none = PluginJars.cli(NO_DATA, "reproduce");
        assertEquals(2, none.rc(), none.out());
        assertEquals("ringlab reproduce: which board? ringlab reproduce ID, or --all (see ringlab list)\n", none.err());
        // both given was asked "which board?" too
        Run both = PluginJars.cli(NO_DATA, "reproduce", "--all", "bcm6328");
        assertEquals(2, both.rc(), both.out());
        assertEquals("ringlab reproduce: both a board (bcm6328) and --all were given; give one\n", both.err());
        // a measurement file that is not there: was "cannot read (/nonexistent/m.json)", the path twice and no reason
        Run missing = PluginJars.cli(NO_DATA, "reproduce", "--measured", "/nonexistent/m.json");
        assertEquals(2, missing.rc(), missing.out());
        assertEquals("ringlab reproduce: /nonexistent/m.json: no such file\n", missing.err());
        Run r = PluginJars.cli(NO_DATA, "reproduce", "x86-lan7430");
        assertEquals(2, r.rc());
        assertEquals("ringlab reproduce: board x86-lan7430 has no published measurements\n", r.err());
    }

    /**
     * Statements known to miss today, each with why. The test fails when one of these starts holding (take it
     * out: the table says so) as much as when a holding statement starts missing.
     */
    static final Map<String, String> KNOWN_MISSES = Map.of("page-pool-saves-allocation-and-mapping",
            "against build_skb on MTU-sized page fragments page_pool saves the dma_map/unmap calls and a cheap frag"
            + " allocation (-12 % cycles per packet on rzg2ul), but under the flood the cheaper NAPI thread drops more"
            + " at the full socket, so the CPU per delivered bit, the figure judged, rises 8 %",
            "gro-hurts-routing-without-offload",
            "forwarding full frames gro still costs bcm6328 throughput, with the mechanism in the cycle breakdown, but"
            + " 3.5 % (94.13 -> 90.85 Mbit/s) since its second refit of 2026-12-07 made the CPU 6 % cheaper; the"
            + " statement's rule asks 5 % (7.8 % before)");

    @Test
    void everyStatementQuotesItsSectionOfMechanismsVerbatim() throws Exception {
        String doc = java.nio.file.Files.readString(Path.of("..", "docs", "mechanisms.md"));
        List<Statement> all = StatementCatalogue.all();
        assertTrue(all.size() >= 10 && all.size() <= 14, "about 10-14 statements: " + all.size());
        assertEquals(all.size(), all.stream().map(Statement::id).distinct().count(), "ids are unique");
        for (Statement s : all) {
            int at = doc.indexOf("\n## " + s.section() + ". ");
            assertTrue(at >= 0, s.id() + ": no section " + s.section());
            int end = doc.indexOf("\n## ", at + 1);
            String section = doc.substring(at, end < 0 ? doc.length() : end).replaceAll("\\s+", " ");
            assertTrue(section.contains(s.quote()), s.id() + ": not in section " + s.section() + ": " + s.quote());
        }
        assertTrue(all.stream().map(Statement::id).collect(java.util.stream.Collectors.toSet()).containsAll(KNOWN_MISSES.keySet()));
    }

    @Test
    void statementsHoldButTheKnownMissesAndTheMarkdownSaysSo() {
        Run r = PluginJars.cli(NO_DATA, "reproduce", "--statements");
        assertEquals(KNOWN_MISSES.isEmpty() ? 0 : 1, r.rc(), r.err() + r.out());
        List<String> lines = r.out().lines().toList();
        assertEquals("statements of docs/mechanisms.md: side A vs side B, seed 1", lines.get(0));
        for (Statement s : StatementCatalogue.all()) {
            String row = line(lines, s.id() + " ");
            String expected = KNOWN_MISSES.containsKey(s.id()) ? "MISSES" : "holds";
            assertTrue(row.endsWith("  " + expected), s.id() + " should " + (expected.equals("holds") ? "hold" : "miss ("
                    + KNOWN_MISSES.get(s.id()) + ")") + ": " + row);
        }
        int n = StatementCatalogue.all().size();
        assertTrue(r.out().endsWith("Statements holding: " + (n - KNOWN_MISSES.size()) + " of " + n
                + " (rule: each statement's expected change, ringlab.experiment.statements.StatementCatalogue)\n"), r.out());

        Run md = PluginJars.cli(NO_DATA, "reproduce", "--statements", "--markdown");
        assertEquals(r.rc(), md.rc(), md.err());
        List<String> table = md.out().lines().toList();
        assertEquals("| statement (docs/mechanisms.md) | board | A -> B | figure | A | B | change | expected | verdict |", table.get(0));
        assertEquals(2 + n + 2, table.size(), md.out());
        assertTrue(table.get(2).startsWith("| `livelock-on-one-core` (s2): \"delivered throughput falls toward zero as load rises\" | rzg2ul | "), table.get(2));
        assertEquals("Statements holding: " + (n - KNOWN_MISSES.size()) + " of " + n + ".", table.get(table.size() - 1));
    }

    @Test
    void statementsTakeNoBoard() {
        Run r = PluginJars.cli(NO_DATA, "reproduce", "--statements", "bcm6328");
        assertEquals(2, r.rc(), r.out());
        assertEquals("ringlab reproduce: --statements names its own boards; give no ID, --all or --measured with it\n", r.err());
    }

    private static String line(List<String> lines, String prefix) {
        return lines.stream().filter(l -> l.startsWith(prefix)).findFirst().orElseThrow(() -> new AssertionError(prefix + " in " + lines));
    }
}
