package ringlab.experiment.compare;

import java.util.List;
import ringlab.experiment.RunResult;
import ringlab.spi.board.Board;

/**
 * A finished comparison: both states' runs, the first run's iperf3 summary of each, the board's published
 * measurement of each state if it has one, and the figures side by side.
 *
 * @param spec       what was compared
 * @param a          state A (Before)
 * @param b          state B (After)
 * @param comparison the figures side by side, over the seeds
 * @param publishedChange the board's published change from state A to state B (a change row), or null
 *                   (see {@link PublishedMatch#change})
 */
public record BeforeAfter(CompareSpec spec, Side a, Side b, Comparison comparison, Board.Published publishedChange) {
    /**
     * One state.
     *
     * @param list         the feature list as given ("stock", "stock,-bql", "batched-rx")
     * @param features     the feature ids it resolved to on the board, in order
     * @param runs         one run per seed, in seed order
     * @param iperfSummary iperf3's summary of the first seed's run, as its client text prints it (the "- - -"
     *                     separator, the header, the sender and receiver lines)
     * @param published    the board's published measurement of this state, or null (see {@link PublishedMatch})
     */
    public record Side(String list, List<String> features, List<RunResult> runs, String iperfSummary, Board.Published published) {
        public Side {
            features = List.copyOf(features);
            runs = List.copyOf(runs);
        }
    }
}
