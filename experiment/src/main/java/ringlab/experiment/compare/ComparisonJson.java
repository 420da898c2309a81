package ringlab.experiment.compare;

import com.google.gson.stream.JsonWriter;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Map;
import ringlab.experiment.Figure;
import ringlab.experiment.JsonFigures;
import ringlab.experiment.RunResult;
import ringlab.experiment.Stats;
import ringlab.spi.board.Board;

/**
 * A comparison as one JSON document with stable keys, in this order: hardware, a, b, seeds, first_seed,
 * iperf, sets, topology, ping_ms, runs (per state: each seed's command line and figures), rows (per figure:
 * unit, a and b as mean/half_width/n, change_percent or null, significant), significance (the test's name),
 * published (per state the board's published measurement, or null; null when neither state has one).
 * Written with Gson's streaming writer: the key order is the code's, not a reflection's.
 */
public final class ComparisonJson {
    private ComparisonJson() { }

    /** The document, pretty-printed with two spaces, ending with a newline. */
    public static String format(BeforeAfter ba) {
        StringWriter sw = new StringWriter();
        try (JsonWriter w = new JsonWriter(sw)) {
            w.setIndent("  ");
            CompareSpec c = ba.spec();
            w.beginObject();
            w.name("hardware").value(c.hardware());
            w.name("a").value(c.a());
            w.name("b").value(c.b());
            w.name("seeds").value(c.seeds());
            w.name("first_seed").value(c.firstSeed());
            w.name("iperf");
            strings(w, c.iperf());
            w.name("sets").beginObject();
            for (Map.Entry<String, String> kv : c.sets().entrySet()) w.name(kv.getKey()).value(kv.getValue());
            w.endObject();
            w.name("topology").value(c.topology());
            w.name("ping_ms").value(c.pingMs());
            w.name("runs").beginObject();
            side(w, "a", ba.a());
            side(w, "b", ba.b());
            w.endObject();
            w.name("rows").beginArray();
            for (Comparison.Row r : ba.comparison().rows()) row(w, r);
            w.endArray();
            w.name("significance").value("Welch's t-test, two-sided, 5 % level; half_width: 95 % confidence interval of the mean, Student's t");
            w.name("published");
            if (ba.a().published() == null && ba.b().published() == null && ba.publishedChange() == null) {
                w.nullValue();
            } else {
                w.beginObject();
                w.name("a");
                published(w, ba.a().published());
                w.name("b");
                published(w, ba.b().published());
                w.name("change");
                publishedChange(w, ba.publishedChange());
                w.endObject();
            }
            w.endObject();
        } catch (IOException e) {
            throw new UncheckedIOException(e); // a StringWriter does not fail
        }
        return sw + "\n";
    }

    private static void side(JsonWriter w, String name, BeforeAfter.Side s) throws IOException {
        w.name(name).beginObject();
        w.name("features");
        strings(w, s.features());
        w.name("seeds").beginArray();
        for (RunResult r : s.runs()) {
            w.beginObject();
            w.name("seed").value(r.spec().seed());
            w.name("command");
            strings(w, r.spec().cliArgs());
            w.name("figures").beginObject();
            for (Figure f : r.figures()) JsonFigures.number(w.name(f.name()), f.value());
            w.endObject();
            w.endObject();
        }
        w.endArray();
        w.endObject();
    }

    private static void row(JsonWriter w, Comparison.Row r) throws IOException {
        w.beginObject();
        w.name("figure").value(r.figure());
        w.name("unit").value(r.unit());
        summary(w.name("a"), r.a());
        summary(w.name("b"), r.b());
        JsonFigures.number(w.name("change_percent"), r.changePercent());
        w.name("significant").value(r.significant());
        w.endObject();
    }

    private static void summary(JsonWriter w, Stats.Summary s) throws IOException {
        w.beginObject();
        JsonFigures.number(w.name("mean"), s.mean());
        JsonFigures.number(w.name("half_width"), s.halfWidth());
        w.name("n").value(s.n());
        w.endObject();
    }

    private static void published(JsonWriter w, Board.Published p) throws IOException {
        if (p == null) {
            w.nullValue();
            return;
        }
        w.beginObject();
        w.name("features").value(p.features());
        w.name("iperf").value(p.iperf());
        w.name("sender_mbps").value(p.senderMbps());
        w.name("receiver_mbps").value(p.receiverMbps());
        JsonFigures.count(w.name("retransmits"), p.retransmits());
        w.name("source").value(p.source());
        w.endObject();
    }

    /** A published change row: the receiver's change in percent from baseline (state A) to features (state B). */
    private static void publishedChange(JsonWriter w, Board.Published p) throws IOException {
        if (p == null) {
            w.nullValue();
            return;
        }
        w.beginObject();
        w.name("baseline").value(p.baseline());
        w.name("features").value(p.features());
        w.name("iperf").value(p.iperf());
        w.name("receiver_change_percent").value(p.receiverChangePercent());
        w.name("source").value(p.source());
        w.endObject();
    }

    private static void strings(JsonWriter w, List<String> values) throws IOException {
        w.beginArray();
        for (String v : values) w.value(v);
        w.endArray();
    }
}
