package ringlab.cli;

import java.io.PrintStream;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import ringlab.spi.board.Board;
import ringlab.spi.board.CostKey;
import ringlab.spi.feature.DriverFeature;
import ringlab.spi.feature.Tunable;

/**
 * ringlab list: every board (with its stock feature set) and every driver feature with its tunables.
 * ringlab list --costs ID: the board's cost profile as a Markdown table (cycles and notes), for READMEs.
 */
@Command(name = "list", sortOptions = false, description = "Lists the boards (with their stock feature sets) and the driver features with their tunables.")
final class ListCommand implements Callable<Integer> {
    @Option(names = "--costs", paramLabel = "ID", description = "Print the board's cost profile as a Markdown table (cycles and notes) instead.")
    String costs;
    @Mixin
    BundlesOption bundles = new BundlesOption();
    @Mixin
    Main.HelpOption help;

    private final Main.Io io;

    ListCommand(Main.Io io) { this.io = io; }

    @Override
    public Integer call() {
        PrintStream out = io.out(), err = io.err();
        Plugins plugins = bundles.pluginsOrSay(io, "list");
        if (plugins == null) return 2;
        if (costs != null) return costs(costs, plugins, out, err);
        out.println("boards:");
        for (Board b : plugins.boards().values()) {
            out.printf("  %-16s %s; stock features: %s%n", b.id(), b.name(),
                    b.stockFeatures().isEmpty() ? "(none)" : String.join(",", b.stockFeatures()));
        }
        out.println("features:");
        Map<String, DriverFeature> fs = plugins.features();
        if (fs.isEmpty()) out.println("  (none installed)");
        for (DriverFeature f : fs.values()) {
            out.printf("  %-16s %s%n", f.id(), f.summary());
            for (Tunable t : f.tunables()) {
                out.printf("  %-16s   --set %s=N (%s, default %d): %s%n", "", t.name(), t.unit(), t.defaultValue(), t.doc());
            }
        }
        return 0;
    }

    private static int costs(String id, Plugins plugins, PrintStream out, PrintStream err) {
        Board b = plugins.boards().get(id);
        if (b == null) {
            err.println("ringlab list: unknown hardware '" + id + "' (known: " + String.join(", ", plugins.boards().keySet()) + ")");
            return 2;
        }
        out.println("| cost key | cycles | what it models | source or calibration |");
        out.println("|---|---|---|---|");
        for (CostKey k : CostKey.values()) {
            Board.Cost c = b.costs().get(k.key);
            String cycles = c.cycles() == Math.rint(c.cycles()) ? String.valueOf((long) c.cycles()) : String.valueOf(c.cycles());
            out.printf("| %s | %s | %s | %s |%n", k.key, cycles, k.doc, c.note());
        }
        return 0;
    }
}
