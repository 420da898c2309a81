package ringlab.experiment.reproduce;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import ringlab.experiment.SeedRange;
import ringlab.experiment.TextTable;
import ringlab.spi.board.Board;

/**
 * `ringlab reproduce --seeds N` output: per board and row, the published figure, the simulated median over the
 * seeds with its range, the error at the median and at how many seeds the row holds (text, or one Markdown table).
 */
public final class SeedSpreadText {
    private SeedSpreadText() { }

    public static String text(List<SeedSpread> rows, long firstSeed, int seeds) { return text(rows, firstSeed, seeds, "published"); }

    /** The same, the rows' figures called {@code what} in the heading ("published", or "measured" for measurement files). */
    public static String text(List<SeedSpread> rows, long firstSeed, int seeds, String what) {
        StringBuilder sb = new StringBuilder();
        for (Map.Entry<Board, List<SeedSpread>> e : byBoard(rows).entrySet()) {
            Board b = e.getKey();
            if (sb.length() > 0) sb.append('\n');
            sb.append(b.id()).append(" (").append(b.calibration().descriptorName).append("): ").append(what).append(" vs simulated, seeds ")
                    .append(range(firstSeed, seeds)).append(", every row run at each\n");
            sb.append("receiver Mbit/s (absolute rows) or its change in % (change rows); median and range over the seeds; "
                    + "the error and verdict at the median\n");
            List<String[]> cells = new ArrayList<>();
            cells.add(new String[] {"#", "features (baseline -> features)", "iperf3", what, "median", "range", "error", "holds at", "verdict at the median"});
            for (SeedSpread r : e.getValue()) {
                boolean ran = r.failure() == null;
                cells.add(new String[] {String.valueOf(r.index()), features(r.published()), r.published().iperf(), published(r.published(), what),
                    ran ? figure(r.published(), r.median()) : "-", ran ? figure(r.published(), r.min()) + " .. " + figure(r.published(), r.max()) : "-",
                    ReproductionText.error(r.atMedian()), r.held() + " of " + seeds, verdict(r)});
            }
            TextTable.append(sb, cells, i -> i >= 3 && i <= 7);
            sb.append(summary(b, e.getValue())).append('\n');
        }
        return sb.toString();
    }

    /** One Markdown table of every row, board by board, then per board how many rows hold at every seed and at the median. */
    public static String markdown(List<SeedSpread> rows, long firstSeed, int seeds) { return markdown(rows, firstSeed, seeds, "published"); }

    /** The same, the rows' figures called {@code what} in the heading ("published", or "measured" for measurement files). */
    public static String markdown(List<SeedSpread> rows, long firstSeed, int seeds, String what) {
        StringBuilder sb = new StringBuilder();
        sb.append("| board | # | features (baseline -> features) | iperf3 | ").append(what).append(" | median (seeds ").append(range(firstSeed, seeds))
                .append(") | range | error at the median | holds at |\n");
        sb.append("|---|---|---|---|---|---|---|---|---|\n");
        for (SeedSpread r : rows) {
            boolean ran = r.failure() == null;
            sb.append("| ").append(String.join(" | ", r.board().id() + " (" + r.board().calibration().descriptorName + ")",
                    String.valueOf(r.index()), "`" + features(r.published()) + "`", "`" + r.published().iperf() + "`", published(r.published(), what),
                    ran ? figure(r.published(), r.median()) : "-",
                    ran ? figure(r.published(), r.min()) + " .. " + figure(r.published(), r.max()) : "-",
                    ReproductionText.error(r.atMedian()), r.held() + " of " + seeds)).append(" |\n");
        }
        List<String> counts = new ArrayList<>();
        byBoard(rows).forEach((b, rs) -> counts.add(b.id() + " " + rs.stream().filter(SeedSpread::holdsAtEverySeed).count() + " of " + rs.size()));
        sb.append("\nRows holding at every seed: ").append(String.join(", ", counts)).append(".\n");
        return sb.toString();
    }

    private static String summary(Board b, List<SeedSpread> rows) {
        long every = rows.stream().filter(SeedSpread::holdsAtEverySeed).count();
        long median = rows.stream().filter(r -> r.atMedian() != null && r.atMedian().holds()).count();
        return String.format(Locale.ROOT, "%s: %d of %d rows hold at every seed, %d at the median (rule: README \"Fidelity\", "
                + "ringlab.experiment.reproduce.Tolerance)", b.id(), every, rows.size(), median);
    }

    private static String verdict(SeedSpread r) {
        if (r.failure() != null) return "cannot run: " + r.failure();
        return (r.atMedian().holds() ? "holds" : "MISSES") + " (" + r.atMedian().rule() + ")";
    }

    private static String features(Board.Published p) { return p.isChange() ? p.baseline() + " -> " + p.features() : p.features(); }

    private static String published(Board.Published p, String what) {
        return p.isChange() ? ReproductionText.percent(p.receiverChangePercent()) : ReproductionText.figure(p.receiverMbps(), what);
    }

    private static String figure(Board.Published p, double v) { return p.isChange() ? ReproductionText.percent(v) : ReproductionText.mbps(v); }

    static String range(long first, int seeds) { return SeedRange.text(first, seeds); }

    private static Map<Board, List<SeedSpread>> byBoard(List<SeedSpread> rows) { return ReproductionText.byBoard(rows, SeedSpread::board); }
}
