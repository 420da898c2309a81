package ringlab.experiment.reproduce;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import ringlab.spi.board.Board;

/**
 * One published row run at several seeds (`ringlab reproduce --seeds N`): how far the simulated figure moves
 * with the seed alone, and at how many seeds the row holds. A row whose verdict flips with the seed sits at
 * the edge of its tolerance or in a regime the seed decides (a TCP flow settling in one of two ACK or buffer
 * modes); one run cannot tell those from a solid hold. {@code values} are the simulated figures (receiver
 * Mbit/s, or the change in percent) in seed order; {@code atMedian} judges their median by the same rule.
 */
public record SeedSpread(Board board, int index, Board.Published published, double[] values, int held,
                         double median, double min, double max, Tolerance.Verdict atMedian, String failure) {

    /** Whether the row holds at every seed. */
    public boolean holdsAtEverySeed() { return failure == null && held == values.length; }

    /** The rows of {@link Reproduction#run(List, java.util.Map, java.util.Map, long, int)}, one list per seed, row by row. */
    public static List<SeedSpread> of(List<List<Reproduction.Row>> perSeed) {
        List<SeedSpread> out = new ArrayList<>();
        int rows = perSeed.get(0).size();
        for (int i = 0; i < rows; i++) {
            Reproduction.Row first = perSeed.get(0).get(i);
            double[] values = new double[perSeed.size()];
            int held = 0;
            String failure = null;
            for (int s = 0; s < perSeed.size(); s++) {
                Reproduction.Row r = perSeed.get(s).get(i);
                if (r.failure() != null && failure == null) failure = r.failure();
                values[s] = r.simulated();
                if (r.holds()) held++;
            }
            if (failure != null) {
                out.add(new SeedSpread(first.board(), first.index(), first.published(), values, held, Double.NaN, Double.NaN, Double.NaN, null, failure));
                continue;
            }
            double[] sorted = values.clone();
            Arrays.sort(sorted);
            int n = sorted.length;
            double median = n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
            out.add(new SeedSpread(first.board(), first.index(), first.published(), values, held, median, sorted[0], sorted[n - 1],
                    Tolerance.judge(first.board(), first.published(), median), null));
        }
        return out;
    }
}
