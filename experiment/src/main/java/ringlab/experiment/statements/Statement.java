package ringlab.experiment.statements;

import java.util.Map;
import java.util.TreeMap;

/**
 * One qualitative statement of docs/mechanisms.md as an A/B experiment: the sentence quoted (verbatim, so a
 * reader can find it), the board it is checked on, the two sides, what both share (stack settings and
 * feature tunables, topology, a ping flow), the figure compared and the change the sentence predicts.
 *
 * @param id      a stable kebab-case name, e.g. "gro-hurts-routing"
 * @param section the mechanisms.md section, e.g. "3"
 * @param quote   the sentence, as mechanisms.md writes it (line breaks as spaces)
 * @param board   the board id
 * @param a       side A (before)
 * @param b       side B (after)
 * @param sets    --set KEY=VALUE for both sides
 * @param topology "direct" or "forward"
 * @param pingMs  an ICMP echo every pingMs ms beside the load on both sides, 0 for none
 * @param metric  the figure compared
 * @param expected the change from A to B the sentence predicts
 */
public record Statement(String id, String section, String quote, String board, Side a, Side b, Map<String, String> sets,
                        String topology, long pingMs, Metric metric, Expected expected) {
    public Statement {
        if (id == null || !id.matches("[a-z0-9]+(-[a-z0-9]+)*")) throw new IllegalArgumentException("statement id must be kebab-case, not '" + id + "'");
        if (quote == null || quote.isBlank()) throw new IllegalArgumentException(id + ": no quote");
        if (section == null || section.isBlank()) throw new IllegalArgumentException(id + ": no mechanisms.md section");
        if (board == null || a == null || b == null || metric == null || expected == null) throw new IllegalArgumentException(id + ": incomplete");
        if (a.equals(b)) throw new IllegalArgumentException(id + ": sides A and B are the same run");
        sets = sets == null ? Map.of() : java.util.Collections.unmodifiableMap(new TreeMap<>(sets));
        topology = topology == null ? "direct" : topology;
    }

    /** A statement on the direct topology, no settings, no ping. */
    public static Statement of(String id, String section, String quote, String board, Side a, Side b, Metric metric, Expected expected) {
        return new Statement(id, section, quote, board, a, b, Map.of(), "direct", 0, metric, expected);
    }

    public Statement withTopology(String t) { return new Statement(id, section, quote, board, a, b, sets, t, pingMs, metric, expected); }

    public Statement withSets(Map<String, String> s) { return new Statement(id, section, quote, board, a, b, s, topology, pingMs, metric, expected); }

    public Statement withPing(long ms) { return new Statement(id, section, quote, board, a, b, sets, topology, ms, metric, expected); }
}
