package ringlab.experiment.reproduce;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;
import ringlab.experiment.PlainNumbers;
import ringlab.experiment.TextTable;
import ringlab.spi.board.Board;

/**
 * `ringlab reproduce` output: per board, published and simulated side by side with the error and the verdict
 * by {@link Tolerance}, as plain-text tables (absolute rows, then change rows) or as one Markdown table (the
 * README's "Fidelity" section).
 */
public final class ReproductionText {
    private ReproductionText() { }

    public static String text(List<Reproduction.Row> rows, long seed) { return text(rows, seed, "published"); }

    /** The same, the rows' figures called {@code what} in the heading ("published", or "measured" for measurement files). */
    public static String text(List<Reproduction.Row> rows, long seed, String what) {
        StringBuilder sb = new StringBuilder();
        for (Map.Entry<Board, List<Reproduction.Row>> e : byBoard(rows).entrySet()) {
            Board b = e.getKey();
            if (sb.length() > 0) sb.append('\n');
            sb.append(b.id()).append(" (").append(b.calibration().descriptorName).append("): ").append(what).append(" vs simulated, seed ").append(seed).append('\n');
            List<String[]> abs = new ArrayList<>(), chg = new ArrayList<>();
            String abbrev = what.equals("published") ? "pub" : what.substring(0, Math.min(4, what.length()));
            abs.add(new String[] {"#", "features", "iperf3", abbrev + " snd", abbrev + " rcv", "retr", "sim snd", "sim rcv", "retr", "error", "verdict"});
            chg.add(new String[] {"#", "baseline -> features", "iperf3", what, "simulated", "sim rcv Mbit/s", "error", "verdict"});
            for (Reproduction.Row r : e.getValue()) {
                Board.Published p = r.published();
                if (p.isChange()) {
                    chg.add(new String[] {String.valueOf(r.index()), p.baseline() + " -> " + p.features(), p.iperf(),
                        percent(p.receiverChangePercent()), r.failure() == null ? percent(r.simulated()) : "-",
                        r.failure() == null ? mbps(r.baseline().receiverMbps()) + " -> " + mbps(r.run().receiverMbps()) : "-", error(r), verdict(r)});
                } else {
                    boolean ran = r.failure() == null;
                    abs.add(new String[] {String.valueOf(r.index()), p.features(), p.iperf(), figure(p.senderMbps(), what), figure(p.receiverMbps(), what),
                        retr(p.retransmits()), ran ? mbps(r.run().senderMbps()) : "-", ran ? mbps(r.run().receiverMbps()) : "-",
                        ran ? retr(r.run().retransmits()) : "-", error(r), verdict(r)});
                }
            }
            if (abs.size() > 1) {
                sb.append("absolute rows: Mbit/s, sender retransmits; error = simulated receiver vs ").append(what).append(", %\n");
                TextTable.append(sb, abs, i -> i >= 3 && i <= 9); // numbers to the right
            }
            if (chg.size() > 1) {
                sb.append("change rows: receiver Mbit/s from baseline to features, %; error in points (x: a factor, at +100 % and more)\n");
                TextTable.append(sb, chg, i -> i >= 3 && i <= 6);
            }
            long holding = e.getValue().stream().filter(Reproduction.Row::holds).count();
            sb.append(String.format(Locale.ROOT, "%s: %d of %d rows hold (rule: README \"Fidelity\", ringlab.experiment.reproduce.Tolerance)\n",
                    b.id(), holding, e.getValue().size()));
        }
        return sb.toString();
    }

    /** One Markdown table of every row, board by board, then how many rows hold per board (each row's source is in its descriptor). */
    public static String markdown(List<Reproduction.Row> rows) { return markdown(rows, "published"); }

    /** The same, the rows' figures called {@code what} in the heading ("published", or "measured" for measurement files). */
    public static String markdown(List<Reproduction.Row> rows, String what) {
        StringBuilder sb = new StringBuilder();
        sb.append("| board | # | features (baseline -> features) | iperf3 | ").append(what).append(" | simulated | error | verdict |\n");
        sb.append("|---|---|---|---|---|---|---|---|\n");
        for (Reproduction.Row r : rows) {
            Board.Published p = r.published();
            String features = p.isChange() ? p.baseline() + " -> " + p.features() : p.features();
            String pub = p.isChange() ? percent(p.receiverChangePercent()) : figure(p.receiverMbps(), what) + " Mbit/s";
            String sim = r.failure() != null ? "-" : p.isChange() ? percent(r.simulated()) : mbps(r.simulated()) + " Mbit/s";
            sb.append("| ").append(String.join(" | ", r.board().id() + " (" + r.board().calibration().descriptorName + ")",
                    String.valueOf(r.index()), "`" + features + "`", "`" + p.iperf() + "`", pub, sim, error(r),
                    verdict(r).replace("|", "\\|"))).append(" |\n");
        }
        List<String> counts = new ArrayList<>();
        byBoard(rows).forEach((b, rs) -> counts.add(b.id() + " " + rs.stream().filter(Reproduction.Row::holds).count() + " of " + rs.size()));
        sb.append("\nRows holding: ").append(String.join(", ", counts)).append(".\n");
        return sb.toString();
    }

    private static Map<Board, List<Reproduction.Row>> byBoard(List<Reproduction.Row> rows) { return byBoard(rows, Reproduction.Row::board); }

    /** Rows grouped by board, boards and rows in the order given (the text, Markdown and JSON forms all print them so). */
    static <T> Map<Board, List<T>> byBoard(List<T> rows, Function<T, Board> board) {
        Map<Board, List<T>> out = new LinkedHashMap<>();
        for (T r : rows) out.computeIfAbsent(board.apply(r), k -> new ArrayList<>()).add(r);
        return out;
    }

    private static String verdict(Reproduction.Row r) {
        if (r.failure() != null) return "cannot run: " + r.failure();
        return (r.verdict().holds() ? "holds" : "MISSES") + " (" + r.verdict().rule() + ")";
    }

    private static String error(Reproduction.Row r) { return error(r.verdict()); }

    /** A verdict's error as the tables print it: "+4.2 %", "-6.4 pt", "x0.90"; "-" without a verdict. */
    static String error(Tolerance.Verdict v) {
        if (v == null) return "-";
        return switch (v.errorUnit()) {
            case "x" -> String.format(Locale.ROOT, "x%.2f", v.error());
            case "pt" -> String.format(Locale.ROOT, "%+.1f pt", v.error());
            default -> String.format(Locale.ROOT, "%+.1f %%", v.error());
        };
    }

    static String percent(double v) { return String.format(Locale.ROOT, "%+.1f %%", v); }

    static String mbps(double v) { return String.format(Locale.ROOT, "%.1f", v); }

    /**
     * A row's own Mbit/s: a published figure as the descriptor gives it (33.7, not 33.70); a measured one, which is
     * iperf3's full-precision bits_per_second, to one decimal as the simulated figures beside it; "-" where none.
     */
    static String figure(double v, String what) {
        if (v < 0) return "-";
        return what.equals("published") ? PlainNumbers.published(v) : mbps(v);
    }

    private static String retr(long r) { return r < 0 ? "-" : Long.toString(r); }
}
