package ringlab.experiment.reproduce;

import com.google.gson.stream.JsonWriter;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Map;
import ringlab.experiment.JsonFigures;
import ringlab.spi.board.Board;

/**
 * `ringlab reproduce --json`: every row with what was published (or measured), what each seed simulated and the
 * verdicts, as one document with stable keys, in this order: kind ("published" or "measured"), first_seed, seeds,
 * rule, boards (per board: board, calibration, rows, rows_holding, rows_total), rows_holding, rows_total. A row:
 * index, baseline (null for an absolute row), features, iperf3, source, published (receiver_mbps, sender_mbps,
 * retransmits, receiver_change_percent; null where not given), runs (per seed: seed, value, receiver_mbps,
 * sender_mbps, retransmits, baseline_receiver_mbps, holds, failure), median, min, max, error, error_unit, rule
 * (the verdict at the median), holds_at_median, seeds_holding, holds (at every seed). value, median, min and max
 * are the receiver's Mbit/s for an absolute row and its change in percent for a change row; a figure that could
 * not be computed is null.
 */
public final class ReproductionJson {
    private ReproductionJson() { }

    /** The document for the rows of {@link SeedSpread#of} (one seed or more), pretty-printed, ending with a newline. */
    public static String format(List<SeedSpread> spread, long firstSeed, String kind) {
        StringWriter sw = new StringWriter();
        try (JsonWriter w = new JsonWriter(sw)) {
            w.setIndent("  ");
            w.beginObject();
            w.name("kind").value(kind);
            w.name("first_seed").value(firstSeed);
            w.name("seeds").value(spread.isEmpty() ? 0 : spread.get(0).runs().size());
            w.name("rule").value("README \"Fidelity\", ringlab.experiment.reproduce.Tolerance");
            int holding = 0;
            w.name("boards").beginArray();
            for (Map.Entry<Board, List<SeedSpread>> e : ReproductionText.byBoard(spread, SeedSpread::board).entrySet()) {
                w.beginObject();
                w.name("board").value(e.getKey().id());
                w.name("calibration").value(e.getKey().calibration().descriptorName);
                int boardHolding = 0;
                w.name("rows").beginArray();
                for (SeedSpread s : e.getValue()) {
                    row(w, s, firstSeed);
                    if (s.holdsAtEverySeed()) boardHolding++;
                }
                w.endArray();
                w.name("rows_holding").value(boardHolding);
                w.name("rows_total").value(e.getValue().size());
                w.endObject();
                holding += boardHolding;
            }
            w.endArray();
            w.name("rows_holding").value(holding);
            w.name("rows_total").value(spread.size());
            w.endObject();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return sw + "\n";
    }

    private static void row(JsonWriter w, SeedSpread s, long firstSeed) throws IOException {
        Board.Published p = s.published();
        w.beginObject();
        w.name("index").value(s.index());
        w.name("baseline").value(p.baseline());
        w.name("features").value(p.features());
        w.name("iperf3").value(p.iperf());
        w.name("source").value(p.source());
        w.name("published").beginObject();
        JsonFigures.number(w.name("receiver_mbps"), p.isChange() ? Double.NaN : p.receiverMbps());
        JsonFigures.number(w.name("sender_mbps"), p.isChange() || p.senderMbps() < 0 ? Double.NaN : p.senderMbps());
        JsonFigures.count(w.name("retransmits"), p.isChange() ? -1 : p.retransmits());
        JsonFigures.number(w.name("receiver_change_percent"), p.isChange() ? p.receiverChangePercent() : Double.NaN);
        w.endObject();
        w.name("runs").beginArray();
        for (int k = 0; k < s.runs().size(); k++) {
            Reproduction.Row r = s.runs().get(k);
            w.beginObject();
            w.name("seed").value(firstSeed + k);
            JsonFigures.number(w.name("value"), r.simulated());
            JsonFigures.number(w.name("receiver_mbps"), r.run().receiverMbps());
            JsonFigures.number(w.name("sender_mbps"), r.run().senderMbps());
            JsonFigures.count(w.name("retransmits"), r.run().retransmits());
            JsonFigures.number(w.name("baseline_receiver_mbps"), r.baseline() == null ? Double.NaN : r.baseline().receiverMbps());
            w.name("holds").value(r.holds());
            w.name("failure").value(r.failure());
            w.endObject();
        }
        w.endArray();
        JsonFigures.number(w.name("median"), s.median());
        JsonFigures.number(w.name("min"), s.min());
        JsonFigures.number(w.name("max"), s.max());
        Tolerance.Verdict v = s.atMedian();
        JsonFigures.number(w.name("error"), v == null ? Double.NaN : v.error());
        w.name("error_unit").value(v == null ? null : v.errorUnit());
        w.name("rule").value(v == null ? null : v.rule());
        w.name("holds_at_median").value(v != null && v.holds());
        w.name("seeds_holding").value(s.held());
        w.name("holds").value(s.holdsAtEverySeed());
        w.endObject();
    }
}
