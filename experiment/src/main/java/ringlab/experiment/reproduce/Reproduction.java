package ringlab.experiment.reproduce;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import ringlab.experiment.Experiments;
import ringlab.experiment.RunSpec;
import ringlab.experiment.SeedRange;
import ringlab.experiment.compare.ParallelRuns;
import ringlab.sim.report.RunReport;
import ringlab.spi.board.Board;
import ringlab.spi.feature.DriverFeature;

/**
 * Runs every published row of some boards and judges each by {@link Tolerance}. Every row is checked before
 * anything runs (a row naming an unknown feature refuses the whole reproduction, naming board and row); the
 * distinct runs (a change row needs two, rows share runs) then go in parallel on the cores, each through
 * {@link Experiments}, the path `ringlab run` takes. Results do not depend on the scheduling.
 */
public final class Reproduction {
    private Reproduction() { }

    /** What one run reported (Mbit/s at sender and receiver, sender retransmits), or why it could not run. */
    public record Sim(double senderMbps, double receiverMbps, long retransmits, String failure) { }

    /**
     * One published row beside its simulation: {@code baseline} only for change rows; {@code simulated} is the
     * receiver's Mbit/s (absolute) or its change in percent; verdict null when a run failed ({@code failure}).
     */
    public record Row(Board board, int index, Board.Published published, Sim run, Sim baseline, double simulated,
                      Tolerance.Verdict verdict, String failure) {
        public boolean holds() { return verdict != null && verdict.holds(); }
    }

    /** Every board's rows, boards in the given order. @throws IllegalArgumentException a row that cannot be prepared */
    public static List<Row> run(List<Board> boards, Map<String, Board> all, Map<String, DriverFeature> installed, long seed) {
        return run(boards, all, installed, seed, 1).get(0);
    }

    /**
     * Every board's rows at each of {@code seeds} seeds from {@code firstSeed}: one list of rows per seed, in seed
     * order. All the runs of all the seeds go in one parallel batch.
     * @throws IllegalArgumentException a row that cannot be prepared, or a seed range {@link SeedRange} refuses
     */
    public static List<List<Row>> run(List<Board> boards, Map<String, Board> all, Map<String, DriverFeature> installed,
                                      long firstSeed, int seeds) {
        SeedRange.check(firstSeed, seeds);
        Map<RunSpec, String> specs = new LinkedHashMap<>(); // each distinct run once, with the row that first needs it
        for (int k = 0; k < seeds; k++) {
            long seed = firstSeed + k;
            for (Board b : boards) {
                for (int i = 0; i < b.published().size(); i++) {
                    Board.Published p = b.published().get(i);
                    for (String features : p.isChange() ? List.of(p.baseline(), p.features()) : List.of(p.features())) {
                        RunSpec rs = spec(b, features, p, seed);
                        if (specs.containsKey(rs)) continue;
                        try {
                            Experiments.prepare(rs, all, installed); // checks features, requirements, iperf3 arguments
                        } catch (IllegalArgumentException e) {
                            throw new IllegalArgumentException("board " + b.id() + " published[" + i + "] (" + features + ", iperf3 " + p.iperf()
                                    + "): " + e.getMessage(), e);
                        }
                        specs.put(rs, b.id());
                    }
                }
            }
        }
        List<RunSpec> order = new ArrayList<>(specs.keySet());
        List<Sim> sims = ParallelRuns.map(order, rs -> simulate(rs, all, installed));
        Map<RunSpec, Sim> bySpec = new LinkedHashMap<>();
        for (int i = 0; i < order.size(); i++) bySpec.put(order.get(i), sims.get(i));
        List<List<Row>> perSeed = new ArrayList<>();
        for (int k = 0; k < seeds; k++) {
            long seed = firstSeed + k;
            List<Row> rows = new ArrayList<>();
            for (Board b : boards) {
                for (int i = 0; i < b.published().size(); i++) rows.add(row(b, i, bySpec, seed));
            }
            perSeed.add(rows);
        }
        return perSeed;
    }

    private static Row row(Board b, int i, Map<RunSpec, Sim> sims, long seed) {
        Board.Published p = b.published().get(i);
        Sim run = sims.get(spec(b, p.features(), p, seed));
        Sim base = p.isChange() ? sims.get(spec(b, p.baseline(), p, seed)) : null;
        String failure = run.failure() != null ? run.failure() : base != null ? base.failure() : null;
        if (failure != null) return new Row(b, i, p, run, base, Double.NaN, null, failure);
        double simulated = base == null ? run.receiverMbps() : 100 * (run.receiverMbps() - base.receiverMbps()) / base.receiverMbps();
        return new Row(b, i, p, run, base, simulated, Tolerance.judge(b, p, simulated), null);
    }

    private static RunSpec spec(Board b, String features, Board.Published p, long seed) {
        return new RunSpec(null, b.id(), features, seed, Map.of(), null, 0, Arrays.stream(p.iperf().strip().split("\\s+")).toList());
    }

    private static Sim simulate(RunSpec rs, Map<String, Board> all, Map<String, DriverFeature> installed) {
        try {
            RunReport r = Experiments.run(Experiments.prepare(rs, all, installed));
            return new Sim(r.end.sumSent.bitsPerSecond / 1e6, r.end.sumReceived.bitsPerSecond / 1e6, r.end.sumSent.retransmits, null);
        } catch (IllegalArgumentException e) {
            return new Sim(Double.NaN, Double.NaN, -1, e.getMessage());
        }
    }
}
