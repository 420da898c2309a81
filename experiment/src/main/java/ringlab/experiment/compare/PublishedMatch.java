package ringlab.experiment.compare;

import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import ringlab.experiment.RunSpec;
import ringlab.sim.feature.FeatureResolver;
import ringlab.spi.board.Board;

/**
 * The board's published measurement (its descriptor's "published" list) that a compared state reproduces: the
 * same resolved feature set ("stock" and "-id" expanded, order ignored) and the same iperf3 arguments, with
 * nothing else changed (no --set, direct topology, no ping), since the published runs had none of these.
 * Only absolute rows measure a state; a change row (between two feature sets) is no state's measurement.
 */
public final class PublishedMatch {
    private PublishedMatch() { }

    /** The first absolute published row measuring what {@code spec} runs, or null when the board published none such. */
    public static Board.Published find(Board board, RunSpec spec) {
        if (!plain(spec)) return null;
        for (Board.Published p : board.published()) {
            if (!p.isChange() && same(board, p.features(), spec.features()) && args(p.iperf()).equals(spec.iperf())) return p;
        }
        return null;
    }

    /** The first published change row from what {@code a} runs to what {@code b} runs (same iperf3 arguments), or null. */
    public static Board.Published change(Board board, RunSpec a, RunSpec b) {
        if (!plain(a) || !plain(b) || !a.iperf().equals(b.iperf())) return null;
        for (Board.Published p : board.published()) {
            if (p.isChange() && same(board, p.baseline(), a.features()) && same(board, p.features(), b.features())
                    && args(p.iperf()).equals(a.iperf())) return p;
        }
        return null;
    }

    /** Nothing the published runs did not have: no --set, direct topology, no ping. */
    private static boolean plain(RunSpec spec) {
        return spec.sets().isEmpty() && spec.topology().equals("direct") && spec.pingMs() == 0;
    }

    /** Two feature lists naming the same resolved set on the board ("stock" and "-id" expanded, order ignored). */
    private static boolean same(Board board, String x, String y) {
        return new HashSet<>(FeatureResolver.ids(x, board)).equals(new HashSet<>(FeatureResolver.ids(y, board)));
    }

    private static List<String> args(String iperf) {
        return Arrays.stream(iperf.strip().split("\\s+")).filter(s -> !s.isEmpty()).toList();
    }
}
