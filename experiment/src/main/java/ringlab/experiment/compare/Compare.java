package ringlab.experiment.compare;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import ringlab.experiment.Experiments;
import ringlab.experiment.Figures;
import ringlab.experiment.RunResult;
import ringlab.experiment.RunSpec;
import ringlab.experiment.SeedRange;
import ringlab.sim.StackSettings;
import ringlab.sim.feature.FeatureResolver;
import ringlab.sim.report.RunReport;
import ringlab.sim.report.format.IperfTextFormatter;
import ringlab.spi.board.Board;
import ringlab.spi.feature.DriverFeature;

/**
 * Runs a {@link CompareSpec}: checks both states before anything runs, then runs every (state, seed) in
 * parallel ({@link ParallelRuns}) and puts the results side by side. Every refusal is an
 * IllegalArgumentException with one line; one that concerns a single state names it ("--b: feature 'x' ...").
 */
public final class Compare {
    private Compare() { }

    /** A checked comparison: the runs of each state in seed order, ready to run. */
    public record Prepared(CompareSpec spec, Board board, List<Experiments.Prepared> a, List<Experiments.Prepared> b) { }

    public static Prepared prepare(CompareSpec c, Map<String, Board> boards, Map<String, DriverFeature> installed) {
        SeedRange.check(c.firstSeed(), c.seeds());
        Map<String, String> setsA = new LinkedHashMap<>(), setsB = new LinkedHashMap<>();
        Board board = c.hardware() == null ? null : boards.get(c.hardware());
        for (Map.Entry<String, String> kv : c.sets().entrySet()) {
            boolean inA = knows(board, c.a(), installed, kv.getKey()), inB = knows(board, c.b(), installed, kv.getKey());
            // a key neither state knows stays on both, where Experiments.prepare refuses it with its own line
            if (inA || !inB) setsA.put(kv.getKey(), kv.getValue());
            if (inB || !inA) setsB.put(kv.getKey(), kv.getValue());
        }
        RunSpec a = spec(c, c.a(), setsA), b = spec(c, c.b(), setsB);
        // the states themselves first (board, features, workload), then the --set values they got
        refuse(spec(c, c.a(), Map.of()), spec(c, c.b(), Map.of()), boards, installed);
        refuse(a, b, boards, installed);
        return new Prepared(c, boards.get(c.hardware()), seeds(c, a, boards, installed), seeds(c, b, boards, installed));
    }

    /**
     * Runs both states, every seed, on all cores. A run refused on the way (a feature refusing its tunables at
     * ndo_open) is an IllegalArgumentException naming its state; then nothing is returned.
     */
    public static BeforeAfter run(Prepared p) {
        List<Experiments.Prepared> all = new ArrayList<>(p.a());
        all.addAll(p.b());
        int na = p.a().size();
        List<Integer> order = java.util.stream.IntStream.range(0, all.size()).boxed().toList();
        List<Run> runs = ParallelRuns.map(order, i -> run(all.get(i), p.board(), i < na ? "--a: " : "--b: "));
        List<Run> ra = runs.subList(0, na), rb = runs.subList(na, runs.size());
        BeforeAfter.Side a = side(p.spec().a(), p.board(), ra), b = side(p.spec().b(), p.board(), rb);
        return new BeforeAfter(p.spec(), a, b, Comparison.of(a.runs(), b.runs()),
                PublishedMatch.change(p.board(), ra.get(0).result().spec(), rb.get(0).result().spec()));
    }

    /** One finished run: its figures, and iperf3's summary lines as the client prints them. */
    private record Run(RunResult result, String iperfSummary) { }

    private static Run run(Experiments.Prepared x, Board board, String side) {
        RunReport r;
        try {
            r = Experiments.run(x);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(side + e.getMessage(), e);
        }
        // compare keeps no results folder: the key is the command line that repeats the run
        RunResult result = new RunResult(String.join(" ", x.spec().cliArgs()), x.spec(), Figures.of(r, board));
        return new Run(result, IperfTextFormatter.SEPARATOR + "\n" + IperfTextFormatter.formatSummary(r));
    }

    private static BeforeAfter.Side side(String list, Board board, List<Run> runs) {
        RunSpec first = runs.get(0).result().spec();
        String label = list == null || list.isBlank() ? "stock" : list; // an empty list is the default, stock: say so
        return new BeforeAfter.Side(label, FeatureResolver.ids(list, board), runs.stream().map(Run::result).toList(),
                runs.get(0).iperfSummary(), PublishedMatch.find(board, first));
    }

    private static RunSpec spec(CompareSpec c, String features, Map<String, String> sets) {
        return new RunSpec(null, c.hardware(), features, c.firstSeed(), sets, c.topology(), c.pingMs(), c.iperf());
    }

    /** A refusal of state A or B, naming the state; one common to both (same line) names none. */
    private static void refuse(RunSpec a, RunSpec b, Map<String, Board> boards, Map<String, DriverFeature> installed) {
        String whyA = refusal(a, boards, installed), whyB = refusal(b, boards, installed);
        if (whyA != null && whyA.equals(whyB)) throw new IllegalArgumentException(whyA);
        if (whyA != null) throw new IllegalArgumentException("--a: " + whyA);
        if (whyB != null) throw new IllegalArgumentException("--b: " + whyB);
    }

    private static String refusal(RunSpec s, Map<String, Board> boards, Map<String, DriverFeature> installed) {
        try {
            Experiments.prepare(s, boards, installed);
            return null;
        } catch (IllegalArgumentException e) {
            return e.getMessage();
        }
    }

    private static List<Experiments.Prepared> seeds(CompareSpec c, RunSpec s, Map<String, Board> boards, Map<String, DriverFeature> installed) {
        List<Experiments.Prepared> out = new ArrayList<>();
        for (int i = 0; i < c.seeds(); i++) out.add(Experiments.prepare(s.withSeed(c.firstSeed() + i), boards, installed));
        return out;
    }

    /** Whether a --set key means something to a state: a stack setting, or a tunable of one of its features. */
    private static boolean knows(Board board, String features, Map<String, DriverFeature> installed, String key) {
        if (StackSettings.isStackKey(key)) return true;
        if (board == null) return false;
        try {
            for (DriverFeature f : FeatureResolver.resolve(features, board, installed)) {
                for (var t : f.tunables()) if (t.name().equals(key)) return true;
            }
        } catch (IllegalArgumentException e) {
            return false; // the state is refused anyway, with its own line
        }
        return false;
    }
}
