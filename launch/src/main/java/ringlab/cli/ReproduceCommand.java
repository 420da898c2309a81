package ringlab.cli;

import java.io.PrintStream;
import java.util.Arrays;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import ringlab.experiment.Experiments;
import ringlab.experiment.RunSpec;
import ringlab.sim.report.RunReport;
import ringlab.spi.board.Board;

/**
 * ringlab reproduce ID [--seed N]: runs every measurement published for the board (its descriptor's
 * "published" list) and prints published and simulated figures side by side.
 */
@Command(name = "reproduce", sortOptions = false, showDefaultValues = true,
        description = "Runs every measurement published for the board and prints published and simulated figures side by side; "
                + "exit status 1 when a row cannot run.")
final class ReproduceCommand implements Callable<Integer> {
    // optional here, checked in call(): a missing one would hide an unknown option
    @Parameters(index = "0", arity = "0..1", paramLabel = "ID", description = "The board (see ringlab list).")
    String id;
    @Option(names = "--seed", paramLabel = "N", defaultValue = "1", description = "The runs' PRNG seed.")
    long seed;
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
        if (id == null) {
            err.println("ringlab reproduce: which board? ringlab reproduce ID (see ringlab list)");
            return 2;
        }
        Board b = plugins.boards().get(id);
        if (b == null) {
            err.println("ringlab reproduce: unknown hardware '" + id + "' (known: " + String.join(", ", plugins.boards().keySet()) + ")");
            return 2;
        }
        if (b.published().isEmpty()) {
            err.println("ringlab reproduce: board " + b.id() + " has no published measurements");
            return 2;
        }
        out.printf("%s: published vs simulated (Mbit/s, sender retransmits)%n", b.id());
        out.printf("%-32s %-14s | %9s %9s %6s | %9s %9s %6s | %7s%n", "features", "iperf3", "pub snd", "pub rcv", "retr",
                "sim snd", "sim rcv", "retr", "rcv dev");
        int failures = 0;
        for (Board.Published p : b.published()) {
            RunSpec rs = new RunSpec(null, b.id(), p.features(), seed, Map.of(), null, 0, Arrays.asList(p.iperf().split(" ")));
            RunReport r;
            try {
                r = Experiments.run(Experiments.prepare(rs, plugins.boards(), plugins.features()));
            } catch (IllegalArgumentException e) {
                out.printf("%-32s %-14s | cannot run: %s%n", p.features(), p.iperf(), e.getMessage());
                failures++;
                continue;
            }
            double snd = r.end.sumSent.bitsPerSecond / 1e6, rcv = r.end.sumReceived.bitsPerSecond / 1e6;
            out.printf("%-32s %-14s | %9.1f %9.1f %6s | %9.1f %9.1f %6d | %+6.1f%%%n", p.features(), p.iperf(),
                    p.senderMbps(), p.receiverMbps(), p.retransmits() < 0 ? "-" : String.valueOf(p.retransmits()),
                    snd, rcv, r.end.sumSent.retransmits, 100 * (rcv - p.receiverMbps()) / p.receiverMbps());
        }
        return failures == 0 ? 0 : 1;
    }
}
