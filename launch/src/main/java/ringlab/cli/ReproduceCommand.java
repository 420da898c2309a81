package ringlab.cli;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import ringlab.experiment.Experiments;
import ringlab.experiment.RunSpec;
import ringlab.experiment.SeedRange;
import ringlab.experiment.calibrate.Measurement;
import ringlab.experiment.calibrate.MeasurementFile;
import ringlab.experiment.reproduce.Reproduction;
import ringlab.experiment.reproduce.ReproductionJson;
import ringlab.experiment.reproduce.ReproductionText;
import ringlab.experiment.reproduce.SeedSpread;
import ringlab.experiment.reproduce.SeedSpreadText;
import ringlab.experiment.statements.StatementCatalogue;
import ringlab.experiment.statements.StatementCheck;
import ringlab.experiment.statements.StatementResult;
import ringlab.experiment.statements.StatementText;
import ringlab.sim.feature.FeatureResolver;
import ringlab.sim.workload.IperfArgs;
import ringlab.spi.board.Board;

/**
 * ringlab reproduce ID|--all|--statements|--measured FILE... [--markdown|--json] [--seed N] [--seeds N]: runs every measurement published for the board (its
 * descriptor's "published" list: absolute rows and changes between two feature sets) in parallel and prints
 * published and simulated figures side by side, each row judged by the rule in
 * {@link ringlab.experiment.reproduce.Tolerance}. With --statements: the qualitative statements of
 * docs/mechanisms.md instead ({@link StatementCatalogue}), each an A/B run judged by the change it predicts.
 */
@Command(name = "reproduce", sortOptions = false, showDefaultValues = true,
        description = {"Runs every measurement published for the board (or for every board: --all) and prints published and simulated "
                + "figures side by side, each row judged by one rule (README \"Fidelity\"). --statements: the qualitative "
                + "statements of docs/mechanisms.md instead, each an A/B run judged by the change it predicts.",
            "With --measured FILE... the rows are measurement files instead (iperf3 -J output after a header naming board, "
                + "features and iperf3 arguments, as ringlab calibrate reads them), each judged against the board its header names "
                + "by the rule of that board's published rows.",
            "With --seeds N every row runs at seeds FIRST..FIRST+N-1 (FIRST = --seed) and the table shows the median, the "
                + "range and at how many seeds each row holds; then a row that misses at any seed counts as a miss.",
            "Exit status: 0 every row (statement) holds; 1 some row misses its tolerance (a statement its predicted change); "
                + "2 bad usage or a row that cannot be prepared (unknown feature, bad iperf3 arguments); 3 a run failed."})
final class ReproduceCommand implements Callable<Integer> {
    // optional here, checked in call(): a missing one would hide an unknown option
    @Parameters(index = "0", arity = "0..1", paramLabel = "ID", description = "The board (see ringlab list).")
    String id;
    @Option(names = "--all", description = "Every board with published measurements, in id order.")
    boolean all;
    @Option(names = "--statements", description = "The qualitative statements of docs/mechanisms.md (GRO when routing, BQL "
            + "and latency, livelock...), each an A/B run, instead of a board's published rows.")
    boolean statements;
    @Option(names = "--measured", arity = "1..*", paramLabel = "FILE", description = "Measurement files (iperf3 -J output of the "
            + "peer after a '# board:', '# features:', '# iperf3:' header) instead of the descriptors' published rows.")
    List<Path> measured;
    @Option(names = "--markdown", description = "One Markdown table (the README's \"Fidelity\" section) instead of text.")
    boolean markdown;
    @Option(names = "--json", description = "One JSON document (every row: published or measured figures, each seed's run, "
            + "the verdicts) instead of text.")
    boolean json;
    @Option(names = "--seed", paramLabel = "N", defaultValue = "1", description = "The runs' PRNG seed (with --seeds: the first).")
    long seed;
    @Option(names = "--seeds", paramLabel = "N", defaultValue = "1", description = "Runs per row, one per seed: how far each "
            + "figure moves with the seed alone and whether its verdict does.")
    int seeds;
    @Mixin
    BundlesOption bundles = new BundlesOption();
    @Mixin
    Main.HelpOption help;

    private final Main.Io io;

    ReproduceCommand(Main.Io io) { this.io = io; }

    @Override
    public Integer call() {
        PrintStream out = io.out(), err = io.err();
        Plugins plugins = bundles.pluginsOrSay(io, "reproduce");
        if (plugins == null) return 2;
        try {
            SeedRange.check(seed, seeds);
        } catch (IllegalArgumentException e) {
            err.println("ringlab reproduce: " + e.getMessage());
            return 2;
        }
        if (json && markdown) {
            err.println("ringlab reproduce: --json and --markdown are two forms of the same table; give one");
            return 2;
        }
        if (statements && json) {
            err.println("ringlab reproduce: --json is for published or measured rows, not --statements (use --markdown)");
            return 2;
        }
        if (statements) return statements(plugins, out, err);
        List<Board> boards = measured != null ? measuredBoards(plugins, err) : boards(plugins, err);
        if (boards == null) return 2;
        List<List<Reproduction.Row>> perSeed;
        try {
            perSeed = Reproduction.run(boards, plugins.boards(), plugins.features(), seed, seeds);
        } catch (IllegalArgumentException e) {
            err.println("ringlab reproduce: " + e.getMessage());
            return 2;
        }
        // one seed or more, the exit status is the same rule: a failed run 3, a row that misses at any seed 1
        List<SeedSpread> spread = SeedSpread.of(perSeed);
        if (json) {
            out.print(ReproductionJson.format(spread, seed, what()));
        } else if (seeds > 1) {
            out.print(markdown ? SeedSpreadText.markdown(spread, seed, seeds, what()) : SeedSpreadText.text(spread, seed, seeds, what()));
        } else {
            List<Reproduction.Row> rows = perSeed.get(0);
            out.print(markdown ? ReproductionText.markdown(rows, what()) : ReproductionText.text(rows, seed, what()));
        }
        if (spread.stream().anyMatch(r -> r.failure() != null)) return 3;
        return spread.stream().allMatch(SeedSpread::holdsAtEverySeed) ? 0 : 1;
    }

    private int statements(Plugins plugins, PrintStream out, PrintStream err) {
        if (all || id != null || measured != null) {
            err.println("ringlab reproduce: --statements names its own boards; give no ID, --all or --measured with it");
            return 2;
        }
        if (seeds > 1) {
            err.println("ringlab reproduce: --seeds is for published rows; --statements runs each statement at --seed only");
            return 2;
        }
        List<StatementResult> results;
        try {
            results = StatementCheck.run(StatementCatalogue.all(), plugins.boards(), plugins.features(), seed);
        } catch (IllegalArgumentException e) {
            err.println("ringlab reproduce: " + e.getMessage());
            return 2;
        }
        out.print(markdown ? StatementText.markdown(results) : StatementText.text(results, seed));
        if (results.stream().anyMatch(r -> r.failure() != null)) return 3;
        return results.stream().allMatch(StatementResult::holds) ? 0 : 1;
    }

    private String what() { return measured != null ? "measured" : "published"; }

    /**
     * The boards the measurement files name, in the order first named, each carrying the files' rows as its
     * published list (the simulation runs the installed board itself: the same costs and descriptor).
     */
    private List<Board> measuredBoards(Plugins plugins, PrintStream err) {
        if (all || id != null) {
            err.println("ringlab reproduce: --measured takes the boards from the files' headers; give no ID and no --all with it");
            return null;
        }
        Map<String, List<Board.Published>> rows = new LinkedHashMap<>();
        for (Path f : measured) {
            MeasurementFile.Read r;
            try {
                r = MeasurementFile.read(f);
            } catch (IllegalArgumentException e) {
                err.println("ringlab reproduce: " + e.getMessage());
                return null;
            }
            if (!plugins.boards().containsKey(r.board())) {
                err.println("ringlab reproduce: " + f + ": unknown hardware '" + r.board() + "' (known: " + String.join(", ", plugins.boards().keySet()) + ")");
                return null;
            }
            String refused = refusal(r, plugins);
            if (refused != null) {
                err.println("ringlab reproduce: " + refused);
                return null;
            }
            Measurement m = r.measurement();
            rows.computeIfAbsent(r.board(), k -> new ArrayList<>())
                    .add(new Board.Published(m.features(), String.join(" ", m.iperf()), r.senderMbps(), m.value(), r.retransmits(), m.source()));
        }
        List<Board> boards = new ArrayList<>();
        rows.forEach((id, published) -> {
            Board b = plugins.boards().get(id);
            boards.add(new Board(b.id(), b.name(), b.soc(), b.nic(), b.stockFeatures(), b.costs(), b.origin(), published, b.stockSettings(),
                    b.calibration(), b.fieldNotes()));
        });
        return boards;
    }

    /**
     * Why a file's row cannot run, naming the file and its header line ("FILE:2: # features: nosuch: feature
     * 'nosuch' is not installed ..."), or null. Checked here, before the rows become a board's published list,
     * since Reproduction would name that list ("board rzg2l published[0]"), which is no file of the user's.
     */
    private static String refusal(MeasurementFile.Read r, Plugins plugins) {
        Measurement m = r.measurement();
        try {
            FeatureResolver.resolve(m.features(), plugins.boards().get(r.board()), plugins.features());
        } catch (IllegalArgumentException e) {
            return r.featuresWhere() + ": " + e.getMessage();
        }
        try {
            IperfArgs.parse(m.iperf());
        } catch (IllegalArgumentException e) {
            return r.iperfWhere() + ": " + e.getMessage();
        }
        try {
            Experiments.prepare(new RunSpec(null, r.board(), m.features(), 1, Map.of(), null, 0, m.iperf()), plugins.boards(), plugins.features());
        } catch (IllegalArgumentException e) {
            return r.file() + ": " + e.getMessage();
        }
        return null;
    }

    private List<Board> boards(Plugins plugins, PrintStream err) {
        if (all && id != null) {
            err.println("ringlab reproduce: both a board (" + id + ") and --all were given; give one");
            return null;
        }
        if (!all && id == null) {
            err.println("ringlab reproduce: which board? ringlab reproduce ID, or --all (see ringlab list)");
            return null;
        }
        if (all) {
            List<Board> boards = new ArrayList<>();
            plugins.boards().keySet().stream().sorted().map(plugins.boards()::get).filter(b -> !b.published().isEmpty()).forEach(boards::add);
            return boards;
        }
        Board b = plugins.boards().get(id);
        if (b == null) {
            err.println("ringlab reproduce: unknown hardware '" + id + "' (known: " + String.join(", ", plugins.boards().keySet()) + ")");
            return null;
        }
        if (b.published().isEmpty()) {
            err.println("ringlab reproduce: board " + b.id() + " has no published measurements");
            return null;
        }
        return List.of(b);
    }
}
