package ringlab.node.internal;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import ringlab.node.ExperimentRequest;
import ringlab.node.Experiments;
import ringlab.sim.Scenario;
import ringlab.sim.Simulation;
import ringlab.sim.feature.FeatureResolver;
import ringlab.sim.workload.IperfArgs;
import ringlab.sim.workload.IperfOptions;
import ringlab.spi.board.Board;
import ringlab.spi.feature.DriverFeature;

/**
 * An experiment request checked as a whole and turned into the two batch Scenarios, built as `ringlab run`
 * builds its one (RunCommand.parse): board, resolved features, iperf3 options with -t SECONDS last, seed,
 * no --set. The first problem is an IllegalArgumentException naming it (and the side, for a feature list).
 *
 * @param commandA the equivalent `ringlab run` command line of side A (B likewise), with --timestamp so the
 *                 CLI prints the same document byte for byte
 * @param timestamp the experiment's start (whole seconds), iperf3's start.timestamp of both reports
 */
record ExperimentPlan(Board board, Scenario a, Scenario b, String commandA, String commandB, Instant timestamp) {

    static ExperimentPlan of(ExperimentRequest r, Map<String, Board> boards, Map<String, DriverFeature> installed) {
        Board board = ScenarioValidator.board(r.board(), boards);
        if (r.seconds() < 1 || r.seconds() > Experiments.MAX_SECONDS) {
            throw new IllegalArgumentException("seconds must be between 1 and " + Experiments.MAX_SECONDS + " (iperf3 -t, virtual seconds), not " + r.seconds());
        }
        List<DriverFeature> fa = features("A", r.featuresA(), board, installed);
        List<DriverFeature> fb = features("B", r.featuresB(), board, installed);
        List<String> args = iperfArgs(r);
        IperfOptions iperf;
        try {
            iperf = IperfArgs.parse(args);
            Simulation.checkFits(iperf, board);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("workload: " + e.getMessage());
        }
        Instant now = Instant.now().truncatedTo(ChronoUnit.SECONDS);
        return new ExperimentPlan(board, scenario(board, fa, iperf, r.seed()), scenario(board, fb, iperf, r.seed()),
                command(r, r.featuresA(), args, now), command(r, r.featuresB(), args, now), now);
    }

    /** The workload's arguments with "-t SECONDS" last: iperf3's last occurrence of an option wins. */
    private static List<String> iperfArgs(ExperimentRequest r) {
        String w = r.workload() == null ? "" : r.workload().trim();
        List<String> args = new ArrayList<>(w.isEmpty() ? List.of() : List.of(w.split("\\s+"))); // iperf3 options never need quoting
        args.add("-t");
        args.add(Integer.toString(r.seconds()));
        return args;
    }

    private static Scenario scenario(Board board, List<DriverFeature> features, IperfOptions iperf, long seed) {
        return Scenario.builder(board).features(features).iperf(iperf).seed(seed).build();
    }

    /**
     * The list resolved strictly (installed, supported, requirements, conflicts), and each feature's mode
     * checked at the values the run will use: the board's stock setting, else the tunable's default.
     */
    private static List<DriverFeature> features(String side, String list, Board board, Map<String, DriverFeature> installed) {
        try {
            List<DriverFeature> fs = FeatureResolver.resolve(list, board, installed);
            for (DriverFeature f : fs) {
                String why = f.unsupportedReason(board, name -> runValue(board, f, name));
                if (why != null) throw new IllegalArgumentException("feature '" + f.id() + "' cannot run on board " + board.id() + ": " + why);
            }
            return fs;
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("features " + side + ": " + e.getMessage());
        } catch (RuntimeException | LinkageError e) {
            // a feature's own metadata code threw: a refusal of this request, not a fault of the node
            throw new IllegalArgumentException("features " + side + ": a feature's checks failed: " + e);
        }
    }

    private static long runValue(Board board, DriverFeature f, String name) {
        String stock = board.stockSettings().get(name);
        return stock != null ? Long.parseLong(stock.trim()) : TunableValues.defaultOf(f, name);
    }

    private static String command(ExperimentRequest r, String features, List<String> iperfArgs, Instant timestamp) {
        String list = features == null || features.isBlank() ? "stock" : features.replaceAll("\\s+", "");
        return "ringlab run --hardware " + r.board() + " --features " + list + " --seed " + r.seed()
                + " --timestamp " + timestamp.getEpochSecond() + " --json -- " + String.join(" ", iperfArgs);
    }
}
