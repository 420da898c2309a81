package ringlab.cli;

import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import ringlab.experiment.compare.BeforeAfter;
import ringlab.experiment.compare.Compare;
import ringlab.experiment.compare.CompareSpec;
import ringlab.experiment.compare.ComparisonJson;
import ringlab.experiment.compare.ComparisonText;

/**
 * ringlab compare --hardware ID --a LIST --b LIST [--seeds N] [--seed FIRST] [--set k=v]... [--topology
 * direct|forward] [--ping MS] [--bundles ...] [--json] -- IPERF3_ARGS: two driver states of one board under the
 * same iperf3 load, every (state, seed) run in parallel on the cores, printed as driver patches print their
 * Before/After (or as one JSON document).
 */
@Command(name = "compare", sortOptions = false, showDefaultValues = true,
        description = "Runs two driver states of one board under the same iperf3 load (in parallel on all cores) and prints "
                + "them as driver patches do: iperf3's summary Before and After, then the device figures side by side.",
        footer = {"", "Example (the first bcm63xx patch, list receive):",
            "  ringlab compare --hardware bcm6328 --a stock --b batched-rx -- -M 512 -t 30",
            "",
            "With --seeds N each state runs seeds FIRST..FIRST+N-1; the table shows each",
            "side's mean ± the 95 %% half-width (Student's t) and whether the difference",
            "is significant (Welch's t-test at 5 %%). A state the board published (same",
            "features, same iperf3 arguments) shows the published figures beside it.",
            "A --set KEY goes to both states if it is a stack setting, else to the states",
            "with a feature that has this tunable.",
            "Bad input prints one line naming what was wrong (and the state, --a or --b)",
            "and exits with status 2; nothing runs."})
final class CompareCommand implements Callable<Integer> {
    @Option(names = "--hardware", paramLabel = "ID", description = "The board (required; see ringlab list).")
    String hardware;
    @Option(names = "--a", paramLabel = "LIST", description = "State A (Before): comma-separated feature ids; 'stock' adds the board's stock set, -ID removes one already in the set (required).")
    String a;
    @Option(names = "--b", paramLabel = "LIST", description = "State B (After), the same grammar (required).")
    String b;
    @Option(names = "--seeds", paramLabel = "N", defaultValue = "1", description = "Runs per state, one per seed.")
    int seeds;
    @Option(names = "--seed", paramLabel = "FIRST", defaultValue = "1", description = "The first seed.")
    long firstSeed;
    @Mixin
    ScenarioOptions settings = new ScenarioOptions();
    @Option(names = "--json", description = "One JSON document: both states' runs, the rows side by side, the published measurements.")
    boolean json;
    @Mixin
    BundlesOption bundles = new BundlesOption();
    @Mixin
    Main.HelpOption help;
    @Spec
    CommandSpec spec;

    private final Main.Io io;

    CompareCommand(Main.Io io) { this.io = io; }

    @Override
    public Integer call() {
        BeforeAfter result;
        try {
            if (a == null || b == null) throw new IllegalArgumentException("both states are required: --a LIST --b LIST (e.g. --a stock --b batched-rx)");
            Plugins plugins = bundles.plugins(io.env());
            CompareSpec c = new CompareSpec(hardware, a, b, seeds, firstSeed, settings.setMap(), settings.topology, settings.pingMs,
                    settings.iperfArgs(spec));
            Compare.Prepared p = Compare.prepare(c, plugins.boards(), plugins.features()); // nothing runs before both states pass
            result = Compare.run(p);
        } catch (IllegalArgumentException e) {
            io.err().println("ringlab compare: " + e.getMessage());
            return 2;
        }
        io.out().print(json ? ComparisonJson.format(result) : ComparisonText.format(result));
        io.out().flush();
        return 0;
    }
}
