package ringlab.experiment.compare;

import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import ringlab.experiment.Figures;
import ringlab.experiment.PlainNumbers;
import ringlab.experiment.SeedRange;
import ringlab.experiment.Stats;
import ringlab.experiment.TextTable;
import ringlab.spi.board.Board;

/**
 * A comparison as driver patches print it: "Before: LIST" with iperf3's summary lines, "After: LIST" the same
 * (each with the board's published figures of that state when it has them), then the device figures side by
 * side with the change in percent; with several seeds each side's mean ± the 95 % half-width and whether the
 * difference is significant. Only the runs' content is printed (no wall clock), so equal inputs give equal bytes.
 */
public final class ComparisonText {
    private ComparisonText() { }

    public static String format(BeforeAfter ba) {
        CompareSpec c = ba.spec();
        StringBuilder sb = new StringBuilder();
        side(sb, "Before", ba.a(), c);
        sb.append('\n');
        side(sb, "After", ba.b(), c);
        sb.append('\n');
        sb.append(c.hardware()).append(", iperf3 ").append(String.join(" ", c.iperf())).append(", ")
                .append(c.seeds() == 1 ? "seed " + c.firstSeed() : "seeds " + seedRange(c) + ", mean ± 95 % half-width").append('\n');
        table(sb, ba.comparison(), c.seeds() > 1);
        if (c.seeds() > 1) {
            sb.append("±: half-width of the 95 % confidence interval of the mean (Student's t, ").append(c.seeds()).append(" seeds a side)\n");
            sb.append("significant: Welch's t-test, two-sided, at the 5 % level\n");
        }
        if (ba.a().published() != null && ba.b().published() != null) published(sb, ba.a().published(), ba.b().published());
        Board.Published change = ba.publishedChange();
        if (change != null) {
            sb.append(String.format(Locale.ROOT, "Published change: receiver %s %% (%s)\n", change(change.receiverChangePercent()), change.source()));
        }
        return sb.toString();
    }

    private static void side(StringBuilder sb, String title, BeforeAfter.Side s, CompareSpec c) {
        sb.append(title).append(": ").append(s.list());
        if (c.seeds() > 1) sb.append(" (seed ").append(c.firstSeed()).append(" of ").append(seedRange(c)).append(')');
        sb.append('\n').append(s.iperfSummary());
        Board.Published p = s.published();
        if (p != null) {
            sb.append(String.format(Locale.ROOT, "Published: %s Mbits/sec sender, %s Mbits/sec receiver, %s Retr (%s)\n",
                    PlainNumbers.published(p.senderMbps()), PlainNumbers.published(p.receiverMbps()), retr(p.retransmits()), p.source()));
        }
    }

    /** The published Before/After's change, beside the simulated one in the table above. */
    private static void published(StringBuilder sb, Board.Published a, Board.Published b) {
        String retrChange = a.retransmits() < 0 || b.retransmits() < 0 ? ""
                : " (" + change(Comparison.changePercent(a.retransmits(), b.retransmits())) + " %)";
        sb.append(String.format(Locale.ROOT, "Published change: sender %s -> %s Mbit/s (%s %%), receiver %s -> %s Mbit/s (%s %%), Retr %s -> %s%s\n",
                PlainNumbers.published(a.senderMbps()), PlainNumbers.published(b.senderMbps()), change(publishedChange(a.senderMbps(), b.senderMbps())),
                PlainNumbers.published(a.receiverMbps()), PlainNumbers.published(b.receiverMbps()), change(publishedChange(a.receiverMbps(), b.receiverMbps())),
                retr(a.retransmits()), retr(b.retransmits()), retrChange));
    }

    /** The change between two published figures; none (NaN: "-") where either was not published (-1). */
    private static double publishedChange(double a, double b) {
        return a < 0 || b < 0 ? Double.NaN : Comparison.changePercent(a, b);
    }

    private static void table(StringBuilder sb, Comparison cmp, boolean seeds) {
        List<Comparison.Row> main = new ArrayList<>(), byKey = new ArrayList<>();
        for (Comparison.Row r : cmp.rows()) (r.figure().startsWith(Figures.BY_KEY) ? byKey : main).add(r);
        rows(sb, main, seeds, "figure");
        Comparison.Row total = cmp.row("cycles_per_packet");
        if (total == null || byKey.isEmpty()) return;
        // the keys that moved by at least 1 % of Before's cycles per packet, the largest move first: the
        // modelled work a change removed or added, as a per-symbol perf diff shows it
        double floor = Math.abs(total.a().mean()) / 100;
        List<Comparison.Row> moved = new ArrayList<>();
        for (Comparison.Row r : byKey) if (Math.abs(r.b().mean() - r.a().mean()) >= floor) moved.add(r);
        if (moved.isEmpty()) return;
        moved.sort(Comparator.comparingDouble((Comparison.Row r) -> -Math.abs(r.b().mean() - r.a().mean()))
                .thenComparing(Comparison.Row::figure));
        List<Comparison.Row> named = new ArrayList<>();
        for (Comparison.Row r : moved) {
            named.add(new Comparison.Row(r.figure().substring(Figures.BY_KEY.length()), r.unit(), r.a(), r.b(),
                    r.changePercent(), r.significant()));
        }
        sb.append("\ncycles per packet by cost key (the keys that moved by 1 % of Before's total or more, largest move first):\n");
        rows(sb, named, seeds, "cost key");
    }

    private static void rows(StringBuilder sb, List<Comparison.Row> rows, boolean seeds, String first) {
        List<String[]> cells = new ArrayList<>();
        cells.add(seeds ? new String[] {first, "unit", "Before", "After", "change %", "significant"}
                : new String[] {first, "unit", "Before", "After", "change %"});
        for (Comparison.Row r : rows) {
            String a = seeds ? withInterval(r.a()) : num(r.a().mean()), b = seeds ? withInterval(r.b()) : num(r.b().mean());
            cells.add(seeds ? new String[] {r.figure(), r.unit(), a, b, change(r.changePercent()), r.significant() ? "yes" : "no"}
                    : new String[] {r.figure(), r.unit(), a, b, change(r.changePercent())});
        }
        // names and units to the left, numbers to the right
        TextTable.append(sb, cells, i -> !(i < 2 || i == 5));
    }

    private static String withInterval(Stats.Summary s) {
        return num(s.mean()) + " ± " + sameDecimals(s.halfWidth(), s.mean());
    }

    private static String seedRange(CompareSpec c) {
        return SeedRange.text(c.firstSeed(), c.seeds());
    }

    private static String retr(long r) {
        return r < 0 ? "-" : Long.toString(r);
    }

    /** A change in percent with its sign and one decimal; "-" where there is none (0 before, not after). */
    static String change(double pct) {
        return Double.isNaN(pct) ? "-" : String.format(Locale.ROOT, "%+.1f", pct);
    }

    /**
     * A figure readable in a table: four significant digits below 1000 (34.07, 92.55, 0.01270), whole numbers
     * from 1000 on (3315, 39012); "-" for NaN.
     */
    static String num(double v) {
        if (Double.isNaN(v)) return "-";
        if (Math.abs(v) >= 1000 || v == 0) return new BigDecimal(v).setScale(0, RoundingMode.HALF_EVEN).toPlainString();
        BigDecimal d = new BigDecimal(v).round(new MathContext(4, RoundingMode.HALF_EVEN));
        return d.scale() < 0 ? d.setScale(0, RoundingMode.HALF_EVEN).toPlainString() : d.toPlainString();
    }

    /** {@code v} with as many decimals as {@link #num} gives {@code like}: a half-width beside its mean. */
    private static String sameDecimals(double v, double like) {
        String ref = num(like);
        int dot = ref.indexOf('.');
        int decimals = dot < 0 ? 0 : ref.length() - dot - 1;
        return new BigDecimal(v).setScale(decimals, RoundingMode.HALF_EVEN).toPlainString();
    }
}
