package ringlab.experiment.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import ringlab.experiment.Figure;
import ringlab.experiment.Refusal;
import ringlab.experiment.RunResult;
import ringlab.experiment.RunSpec;

class SweepReportTest {
    static final String EVIL = "a</script><script>alert(1)</script><!--";

    static RunResult result(String board, String features, long seed, String txqueuelen, double mbps, double cpb) {
        RunSpec s = new RunSpec("tcp-rx", board, features, seed, Map.of("txqueuelen", txqueuelen), null, 0, List.of("-t", "1"));
        return new RunResult(board + features + seed + txqueuelen, s, List.of(new Figure("receiver_mbps", "Mbit/s", mbps),
                new Figure("cpu.idle", "%", 40), new Figure("cycles_per_bit", "cycles", cpb)));
    }

    static List<RunResult> results() {
        List<RunResult> rs = new ArrayList<>();
        for (String q : List.of("100", "1000")) {
            for (long seed = 1; seed <= 3; seed++) {
                rs.add(result("bcm6328", "stock", seed, q, 90 + seed, 3.5));
                rs.add(result("bcm6328", EVIL, seed, q, 120 + seed, 2.5));
            }
        }
        return rs;
    }

    static String island(String html) {
        Matcher m = Pattern.compile("<script type=\"application/json\" id=\"sweep-data\">(.*?)</script>", Pattern.DOTALL).matcher(html);
        assertTrue(m.find(), "the data island");
        return m.group(1);
    }

    @Test
    void thePageIsSelfContainedNothingIsFetched() {
        String html = SweepReport.html("boards-by-features", results(), List.of());
        assertFalse(Pattern.compile("<(script|img|iframe)[^>]*\\ssrc=", Pattern.CASE_INSENSITIVE).matcher(html).find(), "no script or image loaded from elsewhere");
        assertFalse(Pattern.compile("<link\\b", Pattern.CASE_INSENSITIVE).matcher(html).find(), "no stylesheet link");
        assertFalse(Pattern.compile("@import|url\\(\\s*['\"]?(https?:)?//", Pattern.CASE_INSENSITIVE).matcher(html).find(), "no CSS import or remote url()");
        assertTrue(html.contains("uPlot"), "uPlot inlined");
        assertTrue(html.contains(".u-legend"), "uPlot's CSS inlined");
        assertTrue(html.contains("afterLayout"), "the page's own script inlined");
        assertEquals(3, count(html, "</script>"), "three script elements: data, uPlot, the page's");
    }

    @Test
    void theDataIslandParsesAndCarriesMeansWithIntervalsFromStats() {
        String html = SweepReport.html("boards-by-features", results(), List.of());
        JsonObject d = JsonParser.parseString(island(html)).getAsJsonObject();
        assertEquals("boards-by-features", d.get("title").getAsString());
        assertEquals(12, d.getAsJsonArray("runs").size());
        assertTrue(d.get("seeds").getAsBoolean());
        JsonObject w = d.getAsJsonArray("workloads").get(0).getAsJsonObject();
        assertEquals("tcp-rx", w.get("name").getAsString());
        assertEquals(2, w.getAsJsonArray("grids").size(), "one grid per txqueuelen");
        JsonObject cell = w.getAsJsonArray("grids").get(0).getAsJsonObject().getAsJsonArray("cells").get(0).getAsJsonObject();
        JsonObject mbps = cell.getAsJsonObject("mbps");
        assertEquals(3, mbps.get("n").getAsInt());
        assertEquals(92, mbps.get("mean").getAsDouble(), 1e-9);
        // 91, 92, 93: s = 1, t(0.975, 2) = 4.3027, half width 4.3027 / sqrt(3)
        assertEquals(92 + 4.302652729911275 / Math.sqrt(3), mbps.get("high").getAsDouble(), 1e-6);
        JsonObject sweep = w.getAsJsonArray("sweeps").get(0).getAsJsonObject();
        assertEquals("txqueuelen", sweep.get("key").getAsString());
        assertTrue(sweep.get("numeric").getAsBoolean());
        assertEquals(2, sweep.getAsJsonArray("lines").size(), "one line per board and feature set");
    }

    @Test
    void markupInNamesCannotEndTheIslandOrInjectElements() {
        Refusal r = new Refusal(new RunSpec("tcp-rx", "rzg2ul", EVIL, 1, Map.of("txqueuelen", "100"), null, 0, List.of("-t", "1")), "reason " + EVIL);
        String html = SweepReport.html(EVIL, results(), List.of(r));
        assertEquals(3, count(html, "</script>"), "the names' </script> is escaped everywhere");
        assertFalse(html.contains("<script>alert"), html.substring(0, 300));
        assertTrue(html.contains("<title>a&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;&lt;!--"), "the title escaped as text");
        JsonObject d = JsonParser.parseString(island(html)).getAsJsonObject();
        assertEquals(EVIL, d.get("title").getAsString(), "and read back intact");
        assertEquals("reason " + EVIL, d.getAsJsonArray("refused").get(0).getAsJsonObject().get("reason").getAsString());
    }

    @Test
    void aRefusedCellIsMarkedWithItsReasonAndAbsentFiguresAreNotNaN() {
        Refusal r = new Refusal(new RunSpec("tcp-rx", "rzg2ul", "stock", 1, Map.of("txqueuelen", "100"), null, 0, List.of("-t", "1")), "no such feature");
        RunSpec s = new RunSpec("tcp-rx", "bcm6328", "stock", 1, Map.of("txqueuelen", "100"), null, 0, List.of("-t", "1"));
        RunResult nothing = new RunResult("k", s, List.of(new Figure("receiver_mbps", "Mbit/s", 0)));
        String html = SweepReport.html("x", List.of(nothing), List.of(r));
        assertFalse(island(html).contains("NaN"), "absent figures are no NaN in JSON");
        JsonObject d = JsonParser.parseString(island(html)).getAsJsonObject();
        var cells = d.getAsJsonArray("workloads").get(0).getAsJsonObject().getAsJsonArray("grids").get(0).getAsJsonObject().getAsJsonArray("cells");
        assertEquals(2, cells.size());
        JsonObject refused = cells.get(1).getAsJsonObject();
        assertEquals("rzg2ul", refused.get("board").getAsString());
        assertEquals("no such feature", refused.get("refused").getAsString());
        assertFalse(cells.get(0).getAsJsonObject().has("cyclesPerBit"), "no runs with the figure: no estimate");
    }

    @Test
    void onlyKeysWhoseValueVariesAreSwept() {
        RunSpec a = new RunSpec("w", "b", "stock", 1, Map.of("txqueuelen", "100", "qdisc", "fq"), null, 0, List.of());
        RunSpec b = new RunSpec("w", "b", "stock", 1, Map.of("txqueuelen", "200", "qdisc", "fq"), null, 0, List.of());
        RunSpec c = new RunSpec("w", "b", "stock", 1, Map.of("qdisc", "fq"), null, 0, List.of());
        assertEquals(java.util.Set.of("txqueuelen"), ReportModel.sweptKeys(List.of(new RunResult("a", a, List.of()), new RunResult("b", b, List.of()))));
        assertEquals(java.util.Set.of("txqueuelen"), ReportModel.sweptKeys(List.of(new RunResult("a", a, List.of()), new RunResult("c", c, List.of()))),
                "set in one run, not in another: varies");
    }

    static int count(String s, String what) {
        int n = 0;
        for (int i = s.indexOf(what); i >= 0; i = s.indexOf(what, i + 1)) n++;
        return n;
    }
}
