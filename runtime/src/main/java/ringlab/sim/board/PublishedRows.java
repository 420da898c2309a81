package ringlab.sim.board;

import com.google.gson.JsonArray;
import com.google.gson.JsonObject;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import ringlab.spi.board.Board;

/**
 * A descriptor's "published" list. Each row is one of two kinds, told apart by {@code baseline}:
 * <ul>
 * <li>absolute: {@code receiverMbps}, with {@code senderMbps} and {@code retransmits} where published (format 2:
 *     each may be absent, read as -1; format 1: all three required, -1 where not published);</li>
 * <li>change (format 2): {@code baseline} and {@code receiverChangePercent}, the receiver's change in percent from
 *     the baseline feature set to {@code features}, and no absolute figure.</li>
 * </ul>
 * Every row names {@code features}, {@code iperf} and {@code source}. Whether the feature sets exist is checked
 * where the features are known (ringlab reproduce), not here.
 */
final class PublishedRows {
    static final Set<String> KEYS = BoardLoader.ordered("features", "iperf", "senderMbps", "receiverMbps", "retransmits", "source",
            "baseline", "receiverChangePercent");
    private static final List<String> FIGURES = List.of("senderMbps", "receiverMbps", "retransmits");

    private PublishedRows() { }

    static List<Board.Published> parse(Fields f, JsonArray a, long version) {
        List<Board.Published> published = new ArrayList<>();
        if (a == null) return published;
        for (int i = 0; i < a.size(); i++) {
            String path = "published[" + i + "]";
            if (!a.get(i).isJsonObject()) {
                f.problem(path + " must be an object, not " + Fields.shown(a.get(i)));
                continue;
            }
            Board.Published row = row(f, a.get(i).getAsJsonObject(), path, version);
            if (row != null) published.add(row);
        }
        return published;
    }

    private static Board.Published row(Fields f, JsonObject p, String path, long version) {
        f.onlyKnown(p, path, KEYS);
        String features = f.str(p, path, "features"), iperf = f.str(p, path, "iperf"), source = f.str(p, path, "source");
        if (p.has("baseline") || p.has("receiverChangePercent")) {
            if (version < 2) f.problem(path + ": a change row (baseline, receiverChangePercent) needs \"schemaVersion\": 2");
            for (String k : FIGURES) {
                if (p.has(k)) f.problem(path + " is a change row (baseline, receiverChangePercent): it carries no " + k);
            }
            return Board.Published.change(f.str(p, path, "baseline"), features, iperf, f.dbl(p, path, "receiverChangePercent", -100), source);
        }
        if (version < 2) {
            for (String k : FIGURES) f.get(p, path, k, true); // format 1: every figure, -1 where not published
        } else if (!p.has("receiverMbps")) {
            f.problem(path + " has no figure: an absolute row needs receiverMbps, a change row baseline and receiverChangePercent");
            return null;
        }
        return new Board.Published(features, iperf, figure(f, p, path, "senderMbps"), figure(f, p, path, "receiverMbps"),
                p.has("retransmits") ? f.whole(p, path, "retransmits", -1, Long.MAX_VALUE) : -1, source);
    }

    private static double figure(Fields f, JsonObject p, String path, String k) {
        return p.has(k) ? f.dbl(p, path, k, -1) : -1;
    }
}
