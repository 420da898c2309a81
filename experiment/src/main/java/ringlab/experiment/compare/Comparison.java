package ringlab.experiment.compare;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import ringlab.experiment.Figure;
import ringlab.experiment.RunResult;
import ringlab.experiment.Stats;

/**
 * Two driver states side by side, as the Before/After tables of driver patches show them: one row per figure
 * of either side's runs (one run per seed), each side summarised over its seeds. A figure one side has and the
 * other lacks (a drop reason that never occurred there) counts as 0 on the side without it: nothing dropped.
 *
 * @param rows the figures in {@link ringlab.experiment.Figures}' order; a figure of B only comes after the
 *             figure it follows in B's runs
 */
public record Comparison(List<Row> rows) {
    public Comparison {
        rows = List.copyOf(rows);
    }

    /**
     * One figure of both states.
     *
     * @param figure        the figure's name, e.g. "receiver_mbps"
     * @param unit          its unit, e.g. "Mbit/s"
     * @param a             state A (Before) over its seeds
     * @param b             state B (After) over its seeds
     * @param changePercent 100 * (mean B - mean A) / mean A (%); NaN when A's mean is 0 and B's is not (no
     *                      relative change exists), 0 when both are 0
     * @param significant   whether A and B differ at the 5 % level (Welch's t-test; false with one seed a side)
     */
    public record Row(String figure, String unit, Stats.Summary a, Stats.Summary b, double changePercent, boolean significant) { }

    /** The comparison of A's runs with B's runs (each side: one run per seed, at least one). */
    public static Comparison of(List<RunResult> a, List<RunResult> b) {
        if (a.isEmpty() || b.isEmpty()) throw new IllegalArgumentException("a comparison needs at least one run a side");
        Map<String, String> units = new LinkedHashMap<>();
        List<String> names = new ArrayList<>();
        for (RunResult r : a) merge(names, units, r.figures());
        for (RunResult r : b) merge(names, units, r.figures());
        List<Row> rows = new ArrayList<>();
        for (String name : names) {
            double[] va = values(a, name), vb = values(b, name);
            Stats.Summary sa = Stats.summary(va), sb = Stats.summary(vb);
            rows.add(new Row(name, units.get(name), sa, sb, changePercent(sa.mean(), sb.mean()), Stats.significant(va, vb)));
        }
        return new Comparison(rows);
    }

    /** The row of a figure, or null. */
    public Row row(String figure) {
        for (Row r : rows) if (r.figure().equals(figure)) return r;
        return null;
    }

    /** 100 * (b - a) / a; NaN when a is 0 and b is not, 0 when both are. */
    public static double changePercent(double a, double b) {
        if (a == 0) return b == 0 ? 0 : Double.NaN;
        return 100 * (b - a) / Math.abs(a);
    }

    /**
     * Adds a run's figure names not seen yet, each right after the name it follows in that run, so a drop
     * reason of one side only lands among the other drops rather than at the end of the table.
     */
    private static void merge(List<String> names, Map<String, String> units, List<Figure> figures) {
        int at = 0; // insertion point: after the last known name of this run seen so far
        for (Figure f : figures) {
            int known = names.indexOf(f.name());
            if (known >= 0) {
                at = known + 1;
            } else {
                names.add(at, f.name());
                units.put(f.name(), f.unit());
                at++;
            }
        }
    }

    /** A figure's value in each run; 0 in a run without it. */
    private static double[] values(List<RunResult> runs, String name) {
        double[] v = new double[runs.size()];
        for (int i = 0; i < v.length; i++) {
            double x = runs.get(i).figure(name);
            v[i] = Double.isNaN(x) ? 0 : x;
        }
        return v;
    }
}
