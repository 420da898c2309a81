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
 */
public final class PublishedMatch {
    private PublishedMatch() { }

    /** The first published row measuring what {@code spec} runs, or null when the board published none such. */
    public static Board.Published find(Board board, RunSpec spec) {
        if (!spec.sets().isEmpty() || !spec.topology().equals("direct") || spec.pingMs() != 0) return null;
        var features = new HashSet<>(FeatureResolver.ids(spec.features(), board));
        for (Board.Published p : board.published()) {
            if (new HashSet<>(FeatureResolver.ids(p.features(), board)).equals(features) && args(p.iperf()).equals(spec.iperf())) return p;
        }
        return null;
    }

    private static List<String> args(String iperf) {
        return Arrays.stream(iperf.strip().split("\\s+")).filter(s -> !s.isEmpty()).toList();
    }
}
