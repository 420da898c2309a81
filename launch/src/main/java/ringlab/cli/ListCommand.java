package ringlab.cli;

import java.io.PrintStream;
import java.util.Map;
import ringlab.spi.board.Board;
import ringlab.spi.board.CostKey;
import ringlab.spi.feature.DriverFeature;
import ringlab.spi.feature.Tunable;

/**
 * ringlab list: every board (with its stock feature set) and every driver feature with its tunables.
 * ringlab list --costs ID: the board's cost profile as a Markdown table (cycles and notes), for READMEs.
 */
final class ListCommand {
    private ListCommand() { }

    static int run(String[] args, PrintStream out, PrintStream err) {
        if (args.length == 2 && args[0].equals("--costs")) return costs(args[1], out, err);
        if (args.length != 0) {
            err.println("ringlab list: expected no arguments or --costs ID");
            return 2;
        }
        out.println("boards:");
        for (Board b : Catalog.boards().values()) {
            out.printf("  %-16s %s; stock features: %s%n", b.id(), b.name(),
                    b.stockFeatures().isEmpty() ? "(none)" : String.join(",", b.stockFeatures()));
        }
        out.println("features:");
        Map<String, DriverFeature> fs = Catalog.features();
        if (fs.isEmpty()) out.println("  (none installed)");
        for (DriverFeature f : fs.values()) {
            out.printf("  %-16s %s%n", f.id(), f.summary());
            for (Tunable t : f.tunables()) {
                out.printf("  %-16s   --set %s=N (%s, default %d): %s%n", "", t.name(), t.unit(), t.defaultValue(), t.doc());
            }
        }
        return 0;
    }

    private static int costs(String id, PrintStream out, PrintStream err) {
        Board b = Catalog.boards().get(id);
        if (b == null) {
            err.println("ringlab list: unknown hardware '" + id + "' (known: " + String.join(", ", Catalog.boards().keySet()) + ")");
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
