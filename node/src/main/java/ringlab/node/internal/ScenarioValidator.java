package ringlab.node.internal;

import java.util.List;
import java.util.Map;
import ringlab.node.ScenarioSpec;
import ringlab.sim.feature.FeatureResolver;
import ringlab.sim.workload.IperfArgs;
import ringlab.sim.workload.IperfOptions;
import ringlab.spi.board.Board;
import ringlab.spi.feature.DriverFeature;

/**
 * Checks a scenario as a whole before anything of it is applied: the board is installed, the feature
 * list resolves on it (FeatureResolver: installed, supported, requirements, conflicts), the iperf3
 * arguments parse, the pace is valid. The first problem is an IllegalArgumentException naming it.
 */
final class ScenarioValidator {
    private ScenarioValidator() { }

    /** A validated scenario. */
    record Plan(ScenarioSpec spec, Board board, List<DriverFeature> features, IperfOptions iperf, Pace pace) { }

    static Plan validate(ScenarioSpec s, Map<String, Board> boards, Map<String, DriverFeature> installed) {
        Board board = board(s.board(), boards);
        List<DriverFeature> features = FeatureResolver.resolve(s.features(), board, installed);
        IperfOptions iperf;
        try {
            iperf = IperfArgs.parse(s.workloadArgs());
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("workload: " + e.getMessage());
        }
        Pace pace = Pace.parse(s.pace());
        return new Plan(s, board, features, iperf, pace);
    }

    /** The installed board of that id; else an IllegalArgumentException listing the installed ones. */
    static Board board(String id, Map<String, Board> boards) {
        if (id == null || id.isBlank()) throw new IllegalArgumentException("board is empty");
        Board board = boards.get(id);
        if (board == null) {
            throw new IllegalArgumentException("board '" + id + "' is not installed (installed: "
                    + (boards.isEmpty() ? "none" : String.join(", ", boards.keySet())) + ")");
        }
        return board;
    }
}
