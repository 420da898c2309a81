package ringlab.cli;

import java.io.PrintStream;
import ringlab.spi.board.Board;
import ringlab.spi.feature.DriverFeature;

/** ringlab list: every board (with its stock feature set) and every driver feature. */
final class ListCommand {
    private ListCommand() { }

    static int run(PrintStream out) {
        out.println("boards:");
        for (Board b : Catalog.boards().values()) {
            out.printf("  %-16s %s; stock features: %s%n", b.id(), b.name(),
                    b.stockFeatures().isEmpty() ? "(none)" : String.join(",", b.stockFeatures()));
        }
        out.println("features:");
        var fs = Catalog.features();
        if (fs.isEmpty()) out.println("  (none installed)");
        for (DriverFeature f : fs.values()) out.printf("  %-16s %s%n", f.id(), f.summary());
        return 0;
    }
}
