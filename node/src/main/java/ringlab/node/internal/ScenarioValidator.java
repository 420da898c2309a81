package ringlab.node.internal;

import java.util.List;
import java.util.Map;
import ringlab.node.ScenarioSpec;
import ringlab.sim.Simulation;
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

    /**
     * The longest feature list and iperf3 argument line taken, in characters. Both are kept in the scenario's
     * configuration and sent in every status (once a second to every live console): a megabyte of either,
     * which a client once stored, went out with each.
     */
    static final int MAX_TEXT = 4096;

    static Plan validate(ScenarioSpec s, Map<String, Board> boards, Map<String, DriverFeature> installed) {
        bounded("features", s.features());
        bounded("workload", s.workload());
        Board board = board(s.board(), boards);
        List<DriverFeature> features = FeatureResolver.resolve(s.features(), board, installed);
        IperfOptions iperf;
        try {
            iperf = IperfArgs.parse(s.workloadArgs());
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("workload: " + e.getMessage());
        }
        String refused = continuousRefusal(iperf);
        if (refused != null) throw new IllegalArgumentException("workload: " + refused);
        try {
            Simulation.checkFits(iperf, board);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("workload: " + e.getMessage());
        }
        Pace pace = Pace.parse(s.pace());
        return new Plan(s, board, features, iperf, pace);
    }

    /**
     * What a continuous run cannot take, as one line, or null: an end condition by data (-n/-k), and the
     * options that only change how the iperf3 program writes its output (-J, --json-stream, --logfile,
     * --timestamps, --forceflush, --get-server-output), since the node writes none and shows the run live.
     */
    static String continuousRefusal(IperfOptions o) {
        if (o.endsByData()) {
            return (o.blocks() > 0 ? "-k" : "-n") + " ends the test after that much data, but the node's run is "
                    + "continuous and has no end (use an experiment's seconds, or ringlab run)";
        }
        String output = o.json() ? "-J" : o.jsonStream() ? "--json-stream" : o.logfile() != null ? "--logfile"
                : o.timestampFormat() != null ? "--timestamps" : o.forceFlush() ? "--forceflush"
                : o.getServerOutput() ? "--get-server-output" : null;
        return output == null ? null : output + " only changes how iperf3 writes its output; the node's continuous "
                + "run writes none (its figures are live on the console and the API)";
    }

    private static void bounded(String field, String text) {
        if (text != null && text.length() > MAX_TEXT) {
            throw new IllegalArgumentException(field + " is " + text.length() + " characters long; at most " + MAX_TEXT + " are taken");
        }
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
