package ringlab.experiment.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Function;
import ringlab.experiment.Refusal;
import ringlab.experiment.RunResult;
import ringlab.experiment.RunSpec;
import ringlab.experiment.Stats;

/**
 * What report.html shows, computed here (means and intervals come from {@link Stats}, not from the page's
 * script) and embedded in the page as JSON; the page's script only draws it. Absent values (a figure a run
 * did not have) are null, never NaN, which JSON cannot carry.
 *
 * @param title     the sweep's name
 * @param columns   the table's figure columns, in order
 * @param runs      every run, in the order given
 * @param workloads per workload, its heat maps, bars and tunable lines
 * @param refused   the runs not done, with the reason
 * @param seeds     whether some board and feature set ran with several seeds (bars with intervals then)
 */
record ReportModel(String title, List<Column> columns, List<Run> runs, List<Workload> workloads, List<Refused> refused, boolean seeds) {

    /** A figure column: its name in {@link ringlab.experiment.Figures}, a short label and its unit. */
    record Column(String name, String label, String unit) { }

    /** One run: its spec and its main figures (by column name; null where the run had none). */
    record Run(String key, String workload, String board, String features, long seed, String variant, Map<String, Double> figures) { }

    /** A mean over seeds with its 95 % interval (low = high = mean with one seed); null when no run had the figure. */
    record Estimate(int n, double mean, double low, double high) { }

    /** A board x feature set cell: its estimates, or the refusal's reason when none of its runs could run. */
    record Cell(String board, String features, Estimate mbps, Estimate cyclesPerBit, String refused) { }

    /** The heat maps of one workload and one variant (settings, topology and ping the runs share). */
    record Grid(String variant, List<Cell> cells) { }

    /** One line of a tunable chart: a board and feature set (and the rest of its variant), a mean per x value. */
    record Line(String label, List<Double> mbps, List<Double> cpuBusy) { }

    /** A tunable whose value varies among the runs: its values (numeric when all are numbers) and the lines. */
    record Sweep(String key, List<String> values, boolean numeric, List<Line> lines) { }

    /** A workload (its iperf3 arguments) with its boards and feature sets, heat maps per variant and tunable sweeps. */
    record Workload(String name, String iperf, List<String> boards, List<String> features, List<Grid> grids, List<Sweep> sweeps) { }

    record Refused(String workload, String board, String features, long seed, String variant, String reason) { }

    /** The table's figures; "cpu.busy" is 100 - cpu.idle. */
    static final List<Column> COLUMNS = List.of(
            new Column("receiver_mbps", "receiver", "Mbit/s"),
            new Column("sender_mbps", "sender", "Mbit/s"),
            new Column("retransmits", "Retr", ""),
            new Column("cpu.busy", "CPU busy", "%"),
            new Column("cycles_per_bit", "CPU per bit", "cycles"),
            new Column("cycles_per_packet", "per packet", "cycles"),
            new Column("interrupts.nic_per_packet", "NIC IRQs", "per packet"),
            new Column("napi.packets_per_poll", "NAPI", "packets/poll"));

    static ReportModel of(String title, List<RunResult> results, List<Refusal> refusals) {
        Set<String> swept = sweptKeys(results);
        List<Run> runs = results.stream().map(ReportModel::run).toList();
        List<Refused> refused = refusals.stream().map(f -> new Refused(f.spec().workload(), f.spec().hardware(), f.spec().features(),
                f.spec().seed(), variant(f.spec(), Set.of()), f.reason())).toList();
        Set<String> names = new LinkedHashSet<>();
        results.forEach(r -> names.add(r.spec().workload()));
        refusals.forEach(f -> names.add(f.spec().workload()));
        List<Workload> workloads = new ArrayList<>();
        boolean seeds = false;
        for (String w : names) {
            List<RunResult> rs = results.stream().filter(r -> r.spec().workload().equals(w)).toList();
            List<Refusal> fs = refusals.stream().filter(f -> f.spec().workload().equals(w)).toList();
            Set<String> boards = new LinkedHashSet<>(), features = new LinkedHashSet<>(), variants = new LinkedHashSet<>();
            for (RunResult r : rs) { boards.add(r.spec().hardware()); features.add(r.spec().features()); variants.add(variant(r.spec(), Set.of())); }
            for (Refusal f : fs) { boards.add(f.spec().hardware()); features.add(f.spec().features()); variants.add(variant(f.spec(), Set.of())); }
            List<Grid> grids = new ArrayList<>();
            for (String v : variants) {
                List<Cell> cells = new ArrayList<>();
                for (String b : boards) {
                    for (String f : features) {
                        List<RunResult> cell = rs.stream().filter(r -> matches(r.spec(), b, f, v)).toList();
                        if (cell.size() > 1) seeds = true;
                        String why = fs.stream().filter(x -> matches(x.spec(), b, f, v)).map(Refusal::reason).findFirst().orElse(null);
                        if (cell.isEmpty() && why == null) continue; // not in the sweep (e.g. another variant's board)
                        cells.add(new Cell(b, f, estimate(cell, r -> r.figure("receiver_mbps")), estimate(cell, r -> r.figure("cycles_per_bit")),
                                cell.isEmpty() ? why : null));
                    }
                }
                grids.add(new Grid(v, cells));
            }
            List<Sweep> sweeps = new ArrayList<>();
            for (String key : swept) sweeps.add(sweep(key, rs));
            sweeps.removeIf(s -> s.values().size() < 2);
            RunSpec first = rs.isEmpty() ? fs.get(0).spec() : rs.get(0).spec();
            workloads.add(new Workload(w, String.join(" ", first.iperf()), List.copyOf(boards), List.copyOf(features), grids, sweeps));
        }
        return new ReportModel(title, COLUMNS, runs, workloads, refused, seeds);
    }

    /** The --set keys whose value differs among the runs (a key missing from a run counts as a value). */
    static Set<String> sweptKeys(List<RunResult> results) {
        Map<String, Set<String>> values = new TreeMap<>();
        for (RunResult r : results) r.spec().sets().keySet().forEach(k -> values.putIfAbsent(k, new TreeSet<>()));
        for (RunResult r : results) values.forEach((k, vs) -> vs.add(String.valueOf(r.spec().sets().get(k))));
        Set<String> swept = new TreeSet<>();
        values.forEach((k, vs) -> { if (vs.size() > 1) swept.add(k); });
        return swept;
    }

    private static Sweep sweep(String key, List<RunResult> rs) {
        List<RunResult> with = rs.stream().filter(r -> r.spec().sets().containsKey(key)).toList();
        boolean numeric = with.stream().allMatch(r -> isNumber(r.spec().sets().get(key)));
        Set<String> xs = new TreeSet<>(numeric ? (a, b) -> Double.compare(Double.parseDouble(a), Double.parseDouble(b)) : String::compareTo);
        with.forEach(r -> xs.add(r.spec().sets().get(key)));
        Map<String, List<RunResult>> byLine = new LinkedHashMap<>();
        for (RunResult r : with) {
            String rest = variant(r.spec(), Set.of(key));
            String label = r.spec().hardware() + " · " + r.spec().features() + (rest.isEmpty() ? "" : " · " + rest);
            byLine.computeIfAbsent(label, l -> new ArrayList<>()).add(r);
        }
        List<Line> lines = new ArrayList<>();
        byLine.forEach((label, runs) -> {
            List<Double> mbps = new ArrayList<>(), cpu = new ArrayList<>();
            for (String x : xs) {
                List<RunResult> at = runs.stream().filter(r -> r.spec().sets().get(key).equals(x)).toList();
                Estimate m = estimate(at, r -> r.figure("receiver_mbps")), c = estimate(at, r -> 100 - r.figure("cpu.idle"));
                mbps.add(m == null ? null : m.mean());
                cpu.add(c == null ? null : c.mean());
            }
            lines.add(new Line(label, mbps, cpu));
        });
        return new Sweep(key, List.copyOf(xs), numeric, lines);
    }

    private static boolean matches(RunSpec s, String board, String features, String variant) {
        return s.hardware().equals(board) && s.features().equals(features) && variant(s, Set.of()).equals(variant);
    }

    /** What distinguishes runs beyond board, feature set, workload and seed: settings, topology, ping. */
    static String variant(RunSpec s, Set<String> without) {
        List<String> parts = new ArrayList<>();
        s.sets().forEach((k, v) -> { if (!without.contains(k)) parts.add(k + "=" + v); });
        if (!s.topology().equals("direct")) parts.add("topology " + s.topology());
        if (s.pingMs() != 0) parts.add("ping " + s.pingMs() + " ms");
        return String.join(", ", parts);
    }

    private static Estimate estimate(List<RunResult> runs, Function<RunResult, Double> figure) {
        double[] v = runs.stream().map(figure).filter(x -> !x.isNaN()).mapToDouble(Double::doubleValue).toArray();
        if (v.length == 0) return null;
        Stats.Summary s = Stats.summary(v);
        return new Estimate(s.n(), s.mean(), s.low(), s.high());
    }

    private static Run run(RunResult r) {
        Map<String, Double> f = new LinkedHashMap<>();
        for (Column c : COLUMNS) {
            double v = c.name().equals("cpu.busy") ? 100 - r.figure("cpu.idle") : r.figure(c.name());
            f.put(c.name(), Double.isNaN(v) ? null : v);
        }
        RunSpec s = r.spec();
        return new Run(r.key(), s.workload(), s.hardware(), s.features(), s.seed(), variant(s, Set.of()), f);
    }

    private static boolean isNumber(String s) {
        try {
            Double.parseDouble(s);
            return true;
        } catch (NumberFormatException e) {
            return false;
        }
    }
}
