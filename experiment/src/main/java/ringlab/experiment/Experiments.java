package ringlab.experiment;

import java.util.List;
import java.util.Map;
import ringlab.sim.Scenario;
import ringlab.sim.Simulation;
import ringlab.sim.StackSettings;
import ringlab.sim.feature.FeatureResolver;
import ringlab.sim.report.RunReport;
import ringlab.sim.workload.IperfArgs;
import ringlab.sim.workload.IperfOptions;
import ringlab.spi.board.Board;
import ringlab.spi.feature.DriverFeature;

/**
 * From a {@link RunSpec} to a scenario and a report, with the boards and features a caller has (the CLI's
 * class path and plug-in jars, a Spark executor's class path). Every refusal is an IllegalArgumentException
 * whose message is one line naming what was wrong; nothing runs then.
 */
public final class Experiments {
    private Experiments() { }

    /** A spec checked and turned into what the simulation takes. */
    public record Prepared(RunSpec spec, Scenario scenario, IperfOptions iperf, Board board) { }

    public static Prepared prepare(RunSpec s, Map<String, Board> boards, Map<String, DriverFeature> installed) {
        if (s.hardware() == null) throw new IllegalArgumentException("--hardware ID is required (see ringlab list)");
        Board board = boards.get(s.hardware());
        if (board == null) throw new IllegalArgumentException("unknown hardware '" + s.hardware() + "' (known: " + String.join(", ", boards.keySet()) + ")");
        Scenario.Topology topo = switch (s.topology()) {
            case "direct" -> Scenario.Topology.DIRECT;
            case "forward" -> Scenario.Topology.FORWARD;
            default -> throw new IllegalArgumentException("--topology must be direct or forward, got '" + s.topology() + "'");
        };
        if (s.pingMs() < 0 || s.pingMs() > 60_000) throw new IllegalArgumentException("--ping must be 0 (none) or 1 to 60000 ms, got " + s.pingMs());
        IperfOptions iperf = IperfArgs.parse(s.iperf());
        List<DriverFeature> fs = FeatureResolver.resolve(s.features(), board, installed);
        Scenario.Builder b = Scenario.builder(board).features(fs).iperf(iperf).seed(s.seed()).topology(topo)
                .pingIntervalNs(s.pingMs() * 1_000_000L);
        for (Map.Entry<String, String> kv : s.sets().entrySet()) {
            if (!StackSettings.isStackKey(kv.getKey()) && !isTunable(fs, kv.getKey())) {
                throw new IllegalArgumentException("--set " + kv.getKey() + ": no stack setting or active feature tunable has this name (stack: "
                        + String.join(", ", StackSettings.KEYS) + ")");
            }
            b.set(kv.getKey(), kv.getValue());
        }
        Scenario sc = b.build();
        StackSettings.from(sc.settings).txPause(board); // validates the values now, before any work
        for (DriverFeature f : fs) {
            String why = f.unsupportedReason(board, name -> tunableValue(f, sc, name));
            if (why != null) throw new IllegalArgumentException("feature '" + f.id() + "' cannot run on board " + board.id() + ": " + why);
        }
        return new Prepared(s, sc, iperf, board);
    }

    /**
     * Runs a prepared spec to its end. A feature refusing its tunables at ndo_open, or a -n/-k run whose data
     * was not sent within the cap, is an IllegalArgumentException too.
     */
    public static RunReport run(Prepared p) {
        try {
            return new Simulation(p.scenario()).run();
        } catch (IllegalStateException | UnsupportedOperationException e) {
            throw new IllegalArgumentException(e.getMessage(), e);
        }
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
