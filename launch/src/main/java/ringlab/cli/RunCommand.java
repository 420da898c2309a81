package ringlab.cli;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
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
 * [--ping MS] -- IPERF3_CLIENT_ARGS. Prints iperf3's client output (or -J JSON) plus the device detail.
 */
final class RunCommand {
    private RunCommand() { }

    static int run(String[] args, PrintStream out, PrintStream err) {
        Scenario sc;
        boolean json;
        Simulation sim;
        try {
            Parsed p = parse(Arrays.asList(args));
            json = p.json || p.iperf.json();
            sc = p.scenario;
            sim = new Simulation(sc); // features install at ndo_open; one may refuse its tunables' mode here
        } catch (IllegalArgumentException e) {
            err.println("ringlab run: " + e.getMessage());
            return 2;
        }
        long t0 = System.nanoTime();
        RunReport r = sim.run();
        long wallNs = System.nanoTime() - t0;
        out.print(json ? IperfJsonFormatter.format(r) : IperfTextFormatter.format(r));
        out.flush();
        err.printf("ringlab: %.1f virtual s in %.2f wall s%n", sc.iperf.durationSec() + 0.0, wallNs / 1e9);
        return 0;
    }

    /** What the command line says; every error is an IllegalArgumentException with one clear line. */
    record Parsed(Scenario scenario, IperfOptions iperf, boolean json) { }

    static Parsed parse(List<String> args) {
        String hw = null, features = null, topology = "direct";
        long seed = 1, pingMs = 0;
        boolean json = false;
        List<String[]> sets = new ArrayList<>();
        List<String> iperfArgs = List.of();
        for (int i = 0; i < args.size(); i++) {
            String a = args.get(i);
            switch (a) {
                case "--" -> { iperfArgs = args.subList(i + 1, args.size()); i = args.size(); }
                case "--hardware" -> hw = value(args, ++i, a);
                case "--features" -> features = value(args, ++i, a);
                case "--seed" -> seed = number(value(args, ++i, a), a);
                case "--json" -> json = true;
                case "--topology" -> topology = value(args, ++i, a);
                case "--ping" -> pingMs = number(value(args, ++i, a), a);
                case "--set" -> {
                    String kv = value(args, ++i, a);
                    int eq = kv.indexOf('=');
                    if (eq <= 0) throw new IllegalArgumentException("--set expects key=value, got '" + kv + "'");
                    sets.add(new String[] {kv.substring(0, eq), kv.substring(eq + 1)});
                }
                default -> throw new IllegalArgumentException("unknown option '" + a + "' (iperf3 arguments go after --)");
            }
        }
        if (hw == null) throw new IllegalArgumentException("--hardware ID is required (see ringlab list)");
        Map<String, Board> boards = Catalog.boards();
        Board board = boards.get(hw);
        if (board == null) throw new IllegalArgumentException("unknown hardware '" + hw + "' (known: " + String.join(", ", boards.keySet()) + ")");
        Scenario.Topology topo = switch (topology) {
            case "direct" -> Scenario.Topology.DIRECT;
            case "forward" -> Scenario.Topology.FORWARD;
            default -> throw new IllegalArgumentException("--topology must be direct or forward, got '" + topology + "'");
        };
        if (pingMs < 0 || pingMs > 60_000) throw new IllegalArgumentException("--ping must be between 1 and 60000 ms");
        IperfOptions iperf = IperfArgs.parse(iperfArgs);
        Map<String, DriverFeature> installed = Catalog.features();
        List<DriverFeature> fs = FeatureResolver.resolve(features, board, installed);
        Scenario.Builder b = Scenario.builder(board).features(fs).iperf(iperf).seed(seed).topology(topo)
                .pingIntervalNs(pingMs * 1_000_000L);
        for (String[] kv : sets) {
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

    private static String value(List<String> args, int i, String opt) {
        if (i >= args.size()) throw new IllegalArgumentException(opt + " needs a value");
        return args.get(i);
    }

    private static long number(String v, String opt) {
        try {
            return Long.parseLong(v);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(opt + ": '" + v + "' is not a whole number");
        }
    }
}
