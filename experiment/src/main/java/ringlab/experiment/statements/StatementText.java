package ringlab.experiment.statements;

import java.math.BigDecimal;
import java.math.MathContext;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import ringlab.experiment.TextTable;

/**
 * `ringlab reproduce --statements` output: one row per statement (the figure on sides A and B, the change, the
 * change predicted, holds or MISSES), as a plain-text table followed by what each statement quotes and runs,
 * or as one Markdown table (the README's "Fidelity" section).
 */
public final class StatementText {
    private StatementText() { }

    public static String text(List<StatementResult> results, long seed) {
        StringBuilder sb = new StringBuilder("statements of docs/mechanisms.md: side A vs side B, seed ").append(seed).append('\n');
        List<String[]> t = new ArrayList<>();
        t.add(new String[] {"statement", "board", "figure", "A", "B", "change", "expected", "verdict"});
        for (StatementResult r : results) {
            Statement s = r.statement();
            t.add(new String[] {s.id(), s.board(), s.metric().label + " (" + s.metric().unit + ")", number(r.a()), number(r.b()),
                percent(r.changePercent()), s.expected().toString(), verdict(r)});
        }
        TextTable.append(sb, t, i -> i >= 3 && i <= 5);
        sb.append('\n');
        for (StatementResult r : results) {
            Statement s = r.statement();
            sb.append(s.id()).append(" (section ").append(s.section()).append("): \"").append(s.quote()).append("\"\n")
              .append("  A: ").append(side(s.a())).append("\n  B: ").append(side(s.b())).append(shared(s)).append('\n');
        }
        sb.append(summary(results)).append(" (rule: each statement's expected change, ringlab.experiment.statements.StatementCatalogue)\n");
        return sb.toString();
    }

    /** One Markdown table of every statement, then how many hold. */
    public static String markdown(List<StatementResult> results) {
        StringBuilder sb = new StringBuilder();
        sb.append("| statement (docs/mechanisms.md) | board | A -> B | figure | A | B | change | expected | verdict |\n");
        sb.append("|---|---|---|---|---|---|---|---|---|\n");
        for (StatementResult r : results) {
            Statement s = r.statement();
            String cell = "`" + s.id() + "` (s" + s.section() + "): \"" + s.quote() + "\"";
            String ab = "`" + side(s.a()) + "` -> `" + side(s.b()) + "`" + shared(s);
            sb.append("| ").append(String.join(" | ", cell.replace("|", "\\|"), s.board(), ab, s.metric().label + " (" + s.metric().unit + ")",
                    number(r.a()), number(r.b()), percent(r.changePercent()), s.expected().toString(), verdict(r).replace("|", "\\|")))
              .append(" |\n");
        }
        sb.append('\n').append(summary(results)).append(".\n");
        return sb.toString();
    }

    private static String summary(List<StatementResult> results) {
        return "Statements holding: " + results.stream().filter(StatementResult::holds).count() + " of " + results.size();
    }

    private static String side(Side s) { return s.features() + " -- " + s.iperfLine(); }

    /** What both sides share beyond the board, in the CLI's words. */
    private static String shared(Statement s) {
        List<String> p = new ArrayList<>();
        if (!s.topology().equals("direct")) p.add("--topology " + s.topology());
        if (s.pingMs() != 0) p.add("--ping " + s.pingMs());
        s.sets().forEach((k, v) -> p.add("--set " + k + "=" + v));
        return p.isEmpty() ? "" : " (both: " + String.join(" ", p) + ")";
    }

    private static String verdict(StatementResult r) {
        return r.failure() != null ? "cannot run: " + r.failure() : r.holds() ? "holds" : "MISSES";
    }

    /** Four significant digits, no exponent: 949.2, 1.053, 0.1234. */
    private static String number(double v) {
        if (Double.isNaN(v)) return "-";
        return new BigDecimal(v).round(new MathContext(4)).stripTrailingZeros().toPlainString();
    }

    private static String percent(double v) { return Double.isNaN(v) ? "-" : String.format(Locale.ROOT, "%+.1f %%", v); }
}
