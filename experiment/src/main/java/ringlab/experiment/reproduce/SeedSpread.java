package ringlab.experiment.reproduce;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import ringlab.spi.board.Board;

/**
 * One published row run at several seeds (`ringlab reproduce --seeds N`): how far the simulated figure moves
 * with the seed alone, and at how many seeds the row holds. A row whose verdict flips with the seed sits at
 * the edge of its tolerance or in a regime the seed decides (a TCP flow settling in one of two ACK or buffer
 * modes); one run cannot tell those from a solid hold. {@code runs} is the row as each seed ran it, in seed order;
 * median, min and max are of their simulated figures (receiver Mbit/s, or the change in percent), and
 * {@code atMedian} judges the median by the same rule.
 */
public record SeedSpread(Board board, int index, Board.Published published, List<Reproduction.Row> runs, int held,
                         double median, double min, double max, Tolerance.Verdict atMedian, String failure) {

    /** Whether the row holds at every seed. */
    public boolean holdsAtEverySeed() { return failure == null && held == runs.size(); }

    /** The rows of {@link Reproduction#run(List, java.util.Map, java.util.Map, long, int)}, one list per seed, row by row. */
    public static List<SeedSpread> of(List<List<Reproduction.Row>> perSeed) {
        List<SeedSpread> out = new ArrayList<>();
        int rows = perSeed.get(0).size();
        for (int i = 0; i < rows; i++) {
            int row = i;
            List<Reproduction.Row> runs = perSeed.stream().map(seed -> seed.get(row)).toList();
            Reproduction.Row first = runs.get(0);
            double[] sorted = new double[runs.size()];
            int held = 0;
            String failure = null;
            for (int s = 0; s < runs.size(); s++) {
                Reproduction.Row r = runs.get(s);
                if (r.failure() != null && failure == null) failure = r.failure();
                sorted[s] = r.simulated();
                if (r.holds()) held++;
            }
            if (failure != null) {
                out.add(new SeedSpread(first.board(), first.index(), first.published(), runs, held, Double.NaN, Double.NaN, Double.NaN, null, failure));
                continue;
            }
            Arrays.sort(sorted);
            int n = sorted.length;
            double median = n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
            out.add(new SeedSpread(first.board(), first.index(), first.published(), runs, held, median, sorted[0], sorted[n - 1],
                    Tolerance.judge(first.board(), first.published(), median), null));
        }
        return out;
    }
}
