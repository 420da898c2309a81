package ringlab.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Help;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import ringlab.sim.Scenario;
import ringlab.sim.Simulation;
import ringlab.sim.StackSettings;
import ringlab.sim.feature.FeatureResolver;
import ringlab.sim.report.RunReport;
import ringlab.sim.report.format.IperfJsonFormatter;
import ringlab.sim.report.format.IperfTextFormatter;
import ringlab.sim.workload.IperfArgs;
import ringlab.sim.workload.IperfOptions;
import ringlab.spi.board.Board;
import ringlab.spi.feature.DriverFeature;

/**
 * ringlab run --hardware ID [--features LIST] [--seed N] [--set k=v]... [--json] [--topology forward]
 * [--ping MS] [--bundles DIR|JAR,...] -- IPERF3_CLIENT_ARGS. Prints iperf3's client output (or -J JSON)
 * plus the device detail.
 */
@Command(name = "run", sortOptions = false, showDefaultValues = true,
        description = "Runs one iperf3-like scenario in virtual time and prints iperf3's client output (or -J JSON) plus the device detail.",
        footer = {"", "Example: ringlab run --hardware bcm6328 --features stock,-ip-align --json -- -M 512 -t 30",
            "Bad input prints one line naming what was wrong and exits with status 2; nothing runs."})
final class RunCommand implements Callable<Integer> {
    @Option(names = "--hardware", paramLabel = "ID", description = "The board (required; see ringlab list).")
    String hardware;
    @Option(names = "--features", paramLabel = "LIST", defaultValue = "stock",
            description = "Comma-separated feature ids; 'stock' is the board's stock set, -ID removes one.")
    String features;
    @Option(names = "--seed", paramLabel = "N", defaultValue = "1", description = "The run's single PRNG seed.")
    long seed;
    @Option(names = "--set", paramLabel = "KEY=VALUE", showDefaultValue = Help.Visibility.NEVER,
            description = "A stack setting (qdisc, txqueuelen, tcp_congestion_control) or an active feature's tunable; repeatable.")
    List<String> sets = new ArrayList<>();
    @Option(names = "--json", description = "iperf3 -J's JSON plus the device detail.")
    boolean json;
    @Option(names = "--topology", paramLabel = "direct|forward", defaultValue = "direct",
            description = "direct: the peer is wired to the device; forward: the device routes between two peers.")
    String topology;
    @Option(names = "--ping", paramLabel = "MS", defaultValue = "0", description = "An ICMP echo from the peer every MS ms beside the load (0: none).")
    long pingMs;
    @Mixin
    BundlesOption bundles = new BundlesOption();
    @Mixin
    Main.HelpOption help;
    @Parameters(paramLabel = "-- IPERF3_CLIENT_ARGS", showDefaultValue = Help.Visibility.NEVER, description = "The ideal peer's iperf3 client arguments (-t -i -M -u -b -l -R -P -w ...).")
    List<String> iperfArgs = new ArrayList<>();
    @Spec
    CommandSpec spec;

    private final Main.Io io;

    RunCommand(Main.Io io) { this.io = io; }

    @Override
    public Integer call() {
        Scenario sc;
        boolean asJson;
        Simulation sim;
        try {
            Parsed p = parsed(bundles.plugins(io.env()));
            asJson = p.json || p.iperf.json();
            sc = p.scenario;
            sim = new Simulation(sc); // features install at ndo_open; one may refuse its tunables' mode here
        } catch (IllegalArgumentException e) {
            io.err().println("ringlab run: " + e.getMessage());
            return 2;
        }
        long t0 = System.nanoTime();
        RunReport r;
        try {
            r = sim.run();
        } catch (IllegalStateException e) { // -n/-k whose data was not sent within the cap
            io.err().println("ringlab run: " + e.getMessage());
            return 2;
        }
        long wallNs = System.nanoTime() - t0;
        io.out().print(asJson ? IperfJsonFormatter.format(r) : IperfTextFormatter.format(r));
        io.out().flush();
        io.err().printf("ringlab: %.1f virtual s in %.2f wall s%n", sim.now() / 1e9, wallNs / 1e9);
        return 0;
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
        List<String[]> kvs = new ArrayList<>();
        for (String kv : sets) {
            int eq = kv.indexOf('=');
            if (eq <= 0) throw new IllegalArgumentException("--set expects key=value, got '" + kv + "'");
            kvs.add(new String[] {kv.substring(0, eq), kv.substring(eq + 1)});
        }
        List<String> original = spec.commandLine().getParseResult().originalArgs();
        int dashes = original.indexOf("--");
        List<String> afterDashes = dashes < 0 ? List.of() : original.subList(dashes + 1, original.size());
        if (!afterDashes.equals(iperfArgs)) {
            String stray = iperfArgs.isEmpty() ? "" : iperfArgs.get(0);
            throw new IllegalArgumentException("unknown option '" + stray + "' (iperf3 arguments go after --)");
        }
        if (hardware == null) throw new IllegalArgumentException("--hardware ID is required (see ringlab list)");
        Map<String, Board> boards = plugins.boards();
        Board board = boards.get(hardware);
        if (board == null) throw new IllegalArgumentException("unknown hardware '" + hardware + "' (known: " + String.join(", ", boards.keySet()) + ")");
        Scenario.Topology topo = switch (topology) {
            case "direct" -> Scenario.Topology.DIRECT;
            case "forward" -> Scenario.Topology.FORWARD;
            default -> throw new IllegalArgumentException("--topology must be direct or forward, got '" + topology + "'");
        };
        if (pingMs < 0 || pingMs > 60_000) throw new IllegalArgumentException("--ping must be between 1 and 60000 ms");
        IperfOptions iperf = IperfArgs.parse(iperfArgs);
        Map<String, DriverFeature> installed = plugins.features();
        List<DriverFeature> fs = FeatureResolver.resolve(features, board, installed);
        Scenario.Builder b = Scenario.builder(board).features(fs).iperf(iperf).seed(seed).topology(topo)
                .pingIntervalNs(pingMs * 1_000_000L);
        for (String[] kv : kvs) {
            if (!StackSettings.isStackKey(kv[0]) && !isTunable(fs, kv[0])) {
                throw new IllegalArgumentException("--set " + kv[0] + ": no stack setting or active feature tunable has this name (stack: "
                        + String.join(", ", StackSettings.KEYS) + ")");
            }
            b.set(kv[0], kv[1]);
        }
        Scenario sc = b.build();
        StackSettings.from(sc.settings); // validates the values now, before any work
        for (DriverFeature f : fs) {
            String why = f.unsupportedReason(board, name -> tunableValue(f, sc, name));
            if (why != null) throw new IllegalArgumentException("feature '" + f.id() + "' cannot run on board " + board.id() + ": " + why);
        }
        return new Parsed(sc, iperf, json);
    }

    /** The value a feature's tunable will have: --set, else the board's stock setting, else the default. */
    private static long tunableValue(DriverFeature f, Scenario sc, String name) {
        String v = sc.settings.get(name);
        if (v == null) v = sc.board.stockSettings().get(name);
        if (v != null) {
            try {
                return Long.parseLong(v);
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("--set " + name + ": '" + v + "' is not a whole number");
            }
        }
        for (var t : f.tunables()) if (t.name().equals(name)) return t.defaultValue();
        return 0;
    }

    private static boolean isTunable(List<DriverFeature> fs, String name) {
        for (DriverFeature f : fs) for (var t : f.tunables()) if (t.name().equals(name)) return true;
        return false;
    }
}
