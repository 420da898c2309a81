package ringlab.cli;

import java.io.PrintStream;
import java.util.Arrays;
import java.util.List;
import ringlab.sim.Scenario;
import ringlab.sim.Simulation;
import ringlab.sim.feature.FeatureResolver;
import ringlab.sim.report.RunReport;
import ringlab.sim.workload.IperfArgs;
import ringlab.spi.board.Board;

/**
 * ringlab reproduce ID [--seed N]: runs every measurement published for the board (its descriptor's
 * "published" list) and prints published and simulated figures side by side.
 */
final class ReproduceCommand {
    private ReproduceCommand() { }

    static int run(String[] args, PrintStream out, PrintStream err) {
        if (args.length != 1 && !(args.length == 3 && args[1].equals("--seed"))) {
            err.println("ringlab reproduce: usage: ringlab reproduce ID [--seed N]");
            return 2;
        }
        Board b = Catalog.boards().get(args[0]);
        if (b == null) {
            err.println("ringlab reproduce: unknown hardware '" + args[0] + "' (known: " + String.join(", ", Catalog.boards().keySet()) + ")");
            return 2;
        }
        if (b.published().isEmpty()) {
            err.println("ringlab reproduce: board " + b.id() + " has no published measurements");
            return 2;
        }
        long seed;
        try {
            seed = args.length == 3 ? Long.parseLong(args[2]) : 1;
        } catch (NumberFormatException e) {
            err.println("ringlab reproduce: --seed: '" + args[2] + "' is not a whole number");
            return 2;
        }
        out.printf("%s: published vs simulated (Mbit/s, sender retransmits)%n", b.id());
        out.printf("%-32s %-14s | %9s %9s %6s | %9s %9s %6s | %7s%n", "features", "iperf3", "pub snd", "pub rcv", "retr",
                "sim snd", "sim rcv", "retr", "rcv dev");
        int failures = 0;
        for (Board.Published p : b.published()) {
            Scenario sc;
            try {
                sc = Scenario.builder(b).features(FeatureResolver.resolve(p.features(), b, Catalog.features()))
                        .iperf(IperfArgs.parse(Arrays.asList(p.iperf().split(" ")))).seed(seed).build();
            } catch (IllegalArgumentException | UnsupportedOperationException e) {
                out.printf("%-32s %-14s | cannot run: %s%n", p.features(), p.iperf(), e.getMessage());
                failures++;
                continue;
            }
            RunReport r;
            try {
                r = new Simulation(sc).run();
            } catch (UnsupportedOperationException e) {
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

    /** For tests: the rows as (published receiver, simulated receiver) pairs. */
    static List<double[]> receivers(Board b, long seed) {
        return b.published().stream().map(p -> {
            Scenario sc = Scenario.builder(b).features(FeatureResolver.resolve(p.features(), b, Catalog.features()))
                    .iperf(IperfArgs.parse(Arrays.asList(p.iperf().split(" ")))).seed(seed).build();
            return new double[] {p.receiverMbps(), new Simulation(sc).run().end.sumReceived.bitsPerSecond / 1e6};
        }).toList();
    }
}
