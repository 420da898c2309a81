package ringlab.cli;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import ringlab.experiment.calibrate.Calibration;
import ringlab.experiment.calibrate.CalibrationReport;
import ringlab.experiment.calibrate.CalibrationText;
import ringlab.experiment.calibrate.FitWriter;
import ringlab.experiment.calibrate.FreeParameter;
import ringlab.experiment.calibrate.FreeParameters;
import ringlab.experiment.calibrate.Measurement;
import ringlab.experiment.calibrate.MeasurementFile;
import ringlab.experiment.calibrate.Published;
import ringlab.experiment.profile.DeriveBoards;
import ringlab.spi.board.Board;

/**
 * ringlab calibrate --hardware ID [--published] [FILE...] [--free LIST] [--seed N] [--no-leave-one-out]: fits a
 * few free parameters of the board's cost profile to measurements from real hardware (iperf3 -J files with a
 * header, or the board's own published list) and prints measured, simulated and the errors.
 */
@Command(name = "calibrate", sortOptions = false, showDefaultValues = true,
        description = "Fits free parameters of a board's cost profile (factors on groups of cost keys, within stated bounds) to "
                + "measurements with BOBYQA, running the simulations in parallel on all cores; prints per measurement the measured "
                + "and simulated receiver throughput, the error, and the error when that measurement is left out of the fit.",
        footer = {"", "Measurement files: iperf3 -J output of the peer (the client) after a header:",
            "  # board: rzg2ul",
            "  # features: stock,irq-coalescing,threaded-napi",
            "  # iperf3: -u -b 1G -t 10",
            "  # source: who measured it, on which kernel (optional)",
            "",
            "Example (bcm6328's published table):",
            "  ringlab calibrate --hardware bcm6328 --published",
            "",
            "--write DIR puts the fitted factors into DIR's profile and board files",
            "(bundles/hardware/profiles, the board's derivation) and derives every board",
            "again; a predicted board becomes fitted. Rebuild (./ringlab does) to use them.",
            "",
            "There must be more measurements than free parameters. Bad input prints one",
            "line naming what was wrong and exits with status 2; nothing runs."})
final class CalibrateCommand implements Callable<Integer> {
    @Option(names = "--hardware", paramLabel = "ID", description = "The board whose profile is fitted (required; see ringlab list).")
    String hardware;
    @Option(names = "--published", description = "Fit to the board's own published measurements (its descriptor's list).")
    boolean published;
    @Parameters(paramLabel = "FILE", arity = "0..*", description = "Measurement files (iperf3 -J output after a header).")
    List<Path> files = new ArrayList<>();
    @Option(names = "--free", paramLabel = "LIST", split = ",", completionCandidates = FreeNames.class,
            description = "The free parameters (known: ${COMPLETION-CANDIDATES}).")
    List<String> free = new ArrayList<>(FreeParameters.DEFAULT);
    @Option(names = "--seed", paramLabel = "N", defaultValue = "1", description = "The runs' PRNG seed.")
    long seed;
    @Option(names = "--no-leave-one-out", description = "Skip the leave-one-out fits (one fit per measurement).")
    boolean noLeaveOneOut;
    @Option(names = "--write", paramLabel = "DIR", description = "Write the fit into the ringlab source tree DIR: the core type's "
            + "profile and the board's memory system, each figure's note naming the fit; then every board is derived again (rebuild to use it).")
    Path write;
    @Mixin
    BundlesOption bundles = new BundlesOption();
    @Mixin
    Main.HelpOption help;

    private final Main.Io io;

    CalibrateCommand(Main.Io io) { this.io = io; }

    /** The declared parameters' names, for the help. */
    static final class FreeNames implements Iterable<String> {
        @Override
        public java.util.Iterator<String> iterator() { return FreeParameters.ALL.keySet().iterator(); }
    }

    @Override
    public Integer call() {
        CalibrationReport report;
        try {
            if (hardware == null) throw new IllegalArgumentException("--hardware ID is required (see ringlab list)");
            Plugins plugins = bundles.plugins(io.env());
            Board board = plugins.boards().get(hardware);
            if (board == null) throw new IllegalArgumentException("unknown hardware '" + hardware + "' (known: " + String.join(", ", plugins.boards().keySet()) + ")");
            List<FreeParameter> params = FreeParameters.named(free);
            List<Measurement> ms = measurements(board);
            if (params.size() >= ms.size()) {
                throw new IllegalArgumentException(params.size() + " free parameters (" + String.join(", ", free) + ") need more measurements than that, got "
                        + ms.size() + ": give fewer --free or more measurements");
            }
            if (write != null && !java.nio.file.Files.isDirectory(DeriveBoards.profilesDir(write))) {
                throw new IllegalArgumentException("--write " + write + ": not a ringlab source tree (no bundles/hardware/profiles)");
            }
            Calibration c = new Calibration(board, params, plugins.boards(), plugins.features(), seed);
            report = CalibrationReport.of(c, ms, !noLeaveOneOut);
        } catch (IllegalArgumentException e) {
            io.err().println("ringlab calibrate: " + e.getMessage());
            return 2;
        }
        io.out().print(CalibrationText.format(report));
        if (write != null) {
            String on = String.format(java.util.Locale.ROOT, "%s's %d %s, rms %.1f %%", report.board(), report.measurements().size(),
                    published && files.isEmpty() ? "published rows" : "measurements", 100 * report.rms(report.fit()));
            try {
                for (Path p : FitWriter.write(write, report.board(), report.free(), report.fit().factors(), on)) io.out().println("wrote " + p);
            } catch (IllegalArgumentException | java.io.UncheckedIOException e) {
                io.err().println("ringlab calibrate: " + e.getMessage());
                return 2;
            }
        }
        io.out().flush();
        return 0;
    }

    private List<Measurement> measurements(Board board) {
        List<Measurement> ms = new ArrayList<>();
        if (published) {
            if (board.published().isEmpty()) throw new IllegalArgumentException("--published: board " + board.id() + " has no published measurements");
            ms.addAll(Published.measurements(board));
        }
        for (Path f : files) {
            MeasurementFile.Read r = MeasurementFile.read(f);
            if (!r.board().equals(board.id())) throw new IllegalArgumentException(f + ": measured on board '" + r.board() + "', not on " + board.id());
            ms.add(r.measurement());
        }
        if (ms.isEmpty()) throw new IllegalArgumentException("no measurements: give measurement files or --published");
        return ms;
    }
}
