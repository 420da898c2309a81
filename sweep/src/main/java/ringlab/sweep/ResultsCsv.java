package ringlab.sweep;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import ringlab.experiment.Figure;
import ringlab.experiment.RunResult;

/**
 * results.csv (RFC 4180): one row per run, the spec's columns (key, workload, hardware, features, seed,
 * topology, ping_ms, iperf, one column per tunable) then every figure any run has, in Figures' order (a
 * figure a run lacks, e.g. a drop reason that never occurred, is an empty cell). Written by hand: quoting
 * a field is four lines, and the sweep module should not pull another library for it.
 */
final class ResultsCsv {
    private ResultsCsv() { }

    /** The spec's column names, before the tunables and figures. */
    static final List<String> SPEC_COLUMNS = List.of("key", "workload", "hardware", "features", "seed", "topology", "ping_ms", "iperf");

    static String of(List<RunResult> results) {
        Set<String> tunables = tunables(results);
        List<String> figures = figureNames(results);
        StringBuilder sb = new StringBuilder();
        List<String> header = new ArrayList<>(SPEC_COLUMNS);
        tunables.forEach(t -> header.add("set." + t));
        header.addAll(figures);
        row(sb, header);
        for (RunResult r : results) {
            List<String> cells = new ArrayList<>(List.of(r.key(), r.spec().workload(), r.spec().hardware(), r.spec().features(),
                    Long.toString(r.spec().seed()), r.spec().topology(), Long.toString(r.spec().pingMs()), String.join(" ", r.spec().iperf())));
            for (String t : tunables) cells.add(r.spec().sets().getOrDefault(t, ""));
            for (String f : figures) {
                double v = r.figure(f);
                cells.add(Double.isNaN(v) ? "" : format(v));
            }
            row(sb, cells);
        }
        return sb.toString();
    }

    static Set<String> tunables(List<RunResult> results) {
        Set<String> t = new TreeSet<>();
        for (RunResult r : results) t.addAll(r.spec().sets().keySet());
        return t;
    }

    /** Figure names in the order runs list them (Figures' fixed order), each once. */
    static List<String> figureNames(List<RunResult> results) {
        Set<String> names = new LinkedHashSet<>();
        for (RunResult r : results) for (Figure f : r.figures()) names.add(f.name());
        return new ArrayList<>(names);
    }

    /** A whole number without a fraction, else Java's shortest round-trip form. */
    static String format(double v) {
        return v == Math.rint(v) && Math.abs(v) < 1e15 ? Long.toString((long) v) : Double.toString(v);
    }

    private static void row(StringBuilder sb, List<String> cells) {
        for (int i = 0; i < cells.size(); i++) {
            if (i > 0) sb.append(',');
            String c = cells.get(i);
            if (c.contains(",") || c.contains("\"") || c.contains("\n") || c.contains("\r")) sb.append('"').append(c.replace("\"", "\"\"")).append('"');
            else sb.append(c);
        }
        sb.append("\r\n");
    }
}
