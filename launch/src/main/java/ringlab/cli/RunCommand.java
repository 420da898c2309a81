package ringlab.cli;

import java.io.FileOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Help;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import ringlab.experiment.Experiments;
import ringlab.experiment.RunSpec;
import ringlab.sim.Scenario;
import ringlab.sim.Simulation;
import ringlab.sim.report.RunReport;
import ringlab.sim.report.format.IperfJsonFormatter;
import ringlab.sim.report.format.IperfTextFormatter;
import ringlab.sim.report.format.JsonStream;
import ringlab.sim.workload.IperfOptions;

/**
 * ringlab run --hardware ID [--features LIST] [--seed N] [--set k=v]... [--json|-J] [--timestamp VALUE]
 * [--topology forward] [--ping MS] [--bundles DIR|JAR,...] -- IPERF3_CLIENT_ARGS. Prints iperf3's client output
 * (or -J JSON, or --json-stream's events) plus the device detail, to stdout or iperf3's --logfile.
 */
@Command(name = "run", sortOptions = false, showDefaultValues = true,
        description = "Runs one iperf3-like scenario in virtual time and prints iperf3's client output (or -J JSON) plus the device detail.",
        // each footer line within picocli's 80 columns, so that it is printed as written, not re-wrapped mid-phrase
        footer = {"", "Example: ringlab run --hardware bcm6328 --features batched-rx --json -- -M 512",
            "Bad input prints one line naming what was wrong and exits with status 2;",
            "nothing runs. With --json, -J or --json-stream the error is iperf3's JSON",
            "error on stdout instead (nothing on stderr), status 2 too."})
final class RunCommand implements Callable<Integer> {
    @Option(names = "--hardware", paramLabel = "ID", description = "The board (required; see ringlab list).")
    String hardware;
    @Option(names = "--features", paramLabel = "LIST", defaultValue = "stock",
            description = "Comma-separated feature ids, left to right; 'stock' adds the board's stock set, -ID removes one already in the set.")
    String features;
    @Option(names = "--seed", paramLabel = "N", defaultValue = "1", description = "The run's single PRNG seed.")
    long seed;
    @Mixin
    ScenarioOptions settings = new ScenarioOptions();
    @Option(names = {"--json", "-J"}, description = "iperf3 -J's JSON plus the device detail under the \"ringlab\" key.")
    boolean json;
    @Option(names = "--timestamp", paramLabel = "VALUE", showDefaultValue = Help.Visibility.NEVER,
            description = "The test's start time as iperf3 prints it: epoch seconds or ISO-8601 (2026-12-03T12:57:00Z). "
                    + "Default: $SOURCE_DATE_EPOCH, else now. Pinned, the output is byte-identical.")
    String timestamp;
    @Mixin
    BundlesOption bundles = new BundlesOption();
    @Mixin
    Main.HelpOption help;
    @Spec
    CommandSpec spec;

    /** The command line as typed, when {@link RunArgs} parsed it instead of picocli (then spec is null). */
    List<String> typed;

    private final Main.Io io;

    RunCommand(Main.Io io) { this.io = io; }

    private List<String> typed() { return typed != null ? typed : spec.commandLine().getParseResult().originalArgs(); }

    @Override
    public Integer call() {
        JsonMode mode = JsonMode.of(typed());
        Scenario sc;
        Simulation sim;
        Instant start;
        PrintStream out;
        try {
            Parsed p = parsed(bundles.pluginsForOneRun(io.env()));
            if (p.iperf.jsonStream()) mode = JsonMode.STREAM;
            else if (mode == JsonMode.NONE && (p.json || p.iperf.json())) mode = JsonMode.DOCUMENT;
            sc = p.scenario;
            start = StartTime.resolve(timestamp, io.env(), Instant::now);
            sim = new Simulation(sc); // features install at ndo_open; one may refuse its tunables' mode here
            out = p.iperf.logfile() != null ? logfile(p.iperf.logfile()) : io.out();
        } catch (IllegalArgumentException e) {
            return fail(io, mode, e.getMessage());
        }
        long t0 = System.nanoTime();
        RunReport r;
        try {
            r = sim.run();
        } catch (IllegalStateException e) { // -n/-k whose data was not sent within the cap
            return fail(io, mode, e.getMessage());
        }
        long wallNs = System.nanoTime() - t0;
        write(out, output(r, mode, start), sc.iperf.forceFlush());
        if (out != io.out()) out.close();
        io.err().printf("ringlab: %.1f virtual s in %.2f wall s%n", sim.now() / 1e9, wallNs / 1e9);
        return 0;
    }

    /**
     * Bad input: in JSON modes the error as iperf3 reports it there (JSON on stdout only), else one line on
     * stderr; exit status 2 either way.
     */
    static int fail(Main.Io io, JsonMode mode, String message) {
        String json = mode.error(message);
        if (json != null) {
            io.out().print(json);
            io.out().flush();
        } else {
            io.err().println("ringlab run: " + message);
        }
        return 2;
    }

    /** The output as lines (--json-stream: one event per line), each ending with a newline. */
    private static List<String> output(RunReport r, JsonMode mode, Instant start) {
        return switch (mode) {
            case STREAM -> JsonStream.events(r, start);
            case DOCUMENT -> List.of(IperfJsonFormatter.format(r, start));
            case NONE -> IperfTextFormatter.format(r, start).lines().map(l -> l + "\n").toList();
        };
    }

    /** --forceflush flushes after every line, as iperf3 does, so a reader of a pipe sees each line at once. */
    private static void write(PrintStream out, List<String> lines, boolean forceFlush) {
        for (String line : lines) {
            out.print(line);
            if (forceFlush) out.flush();
        }
        out.flush();
    }

    /** --logfile FILE: the output appended to FILE instead of stdout, as iperf3 opens it ("a+"). */
    private static PrintStream logfile(String file) {
        try {
            return new PrintStream(new FileOutputStream(file, true), false, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new IllegalArgumentException("--logfile " + file + ": cannot open for appending (" + e.getMessage() + ")");
        }
    }

    /** What the command line says; every error is an IllegalArgumentException with one clear line. */
    record Parsed(Scenario scenario, IperfOptions iperf, boolean json) { }

    /** The scenario of `ringlab run ARGS` with the in-tree boards and features (for bench and tests). */
    static Parsed parse(List<String> args) {
        RunCommand c = new RunCommand(new Main.Io(System.out, System.err, Map.of()));
        try {
            Main.commandLine(c, c.io).parseArgs(args.toArray(String[]::new));
        } catch (CommandLine.ParameterException e) {
            throw new IllegalArgumentException(e.getMessage());
        }
        return c.parsed(Plugins.inTree());
    }

    private Parsed parsed(Plugins plugins) {
        Map<String, String> setMap = settings.setMap();
        RunSpec rs = new RunSpec(null, hardware, features, seed, setMap, settings.topology, settings.pingMs, settings.iperfArgs(typed()));
        Experiments.Prepared p = Experiments.prepare(rs, plugins.boards(), plugins.features());
        return new Parsed(p.scenario(), p.iperf(), json);
    }
}
