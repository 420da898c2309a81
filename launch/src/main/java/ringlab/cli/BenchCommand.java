package ringlab.cli;

import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import ringlab.sim.Scenario;
import ringlab.sim.Simulation;
import ringlab.sim.report.ReportJson;
import ringlab.spi.board.Board;

/**
 * ringlab bench [--json] [--seconds N]: runs the performance scenarios (after a JIT warm-up run of
 * each) and prints, per scenario, simulated seconds, wall seconds, realtime factor, wire frames and
 * events per wall second and peak heap. The scenarios are plain `ringlab run` scenarios, so their
 * results are the same as the CLI's for the same arguments.
 */
@Command(name = "bench", description = "Runs the performance scenarios (each once for JIT warm-up, then measured): "
        + "simulated and wall seconds, realtime factor, wire frames and events per wall second, peak heap.")
final class BenchCommand implements Callable<Integer> {
    @Option(names = "--json", description = "The results as JSON.")
    boolean json;
    @Mixin
    Main.HelpOption help;

    private final Main.Io io;

    BenchCommand(Main.Io io) { this.io = io; }

    /** A benchmark scenario: board, feature list and iperf3 client arguments, and its target. */
    record Case(String name, String board, String features, String iperf, double minFramesPerWallSecond) { }

    static final List<Case> CASES = List.of(
            new Case("bcm6328 stock TCP receive -M 512", "bcm6328", "stock", "-M 512 -t 30", 1e6),
            new Case("x86-lan7430 UDP receive 1470 B at 1 Gbit/s", "x86-lan7430", "stock", "-u -b 1G -l 1470 -t 10", 1e6),
            new Case("x86-lan7430 UDP receive minimum frames at line rate", "x86-lan7430", "stock", "-u -b 1G -l 18 -t 2", 1e6),
            new Case("rzg2ul stock UDP receive at line rate", "rzg2ul", "stock", "-u -b 1G -l 1470 -t 10", 1e6));

    @Override
    public Integer call() {
        PrintStream out = io.out();
        Map<String, Board> boards = Catalog.boards();
        List<BenchResult> rows = new ArrayList<>();
        for (Case c : CASES) {
            Board b = boards.get(c.board);
            if (b == null) {
                rows.add(BenchResult.skipped(c.name, "board " + c.board + " is not installed"));
                continue;
            }
            Scenario sc = scenario(c, b);
            new Simulation(sc).run(); // JIT warm-up
            System.gc();
            resetPeaks();
            Simulation s = new Simulation(sc);
            long t0 = System.nanoTime();
            s.run();
            double wall = (System.nanoTime() - t0) / 1e9;
            double simSec = sc.iperf.durationSec();
            rows.add(new BenchResult(c.name, null, simSec, wall, simSec / wall, s.wireFrames() / wall,
                    s.events() / wall, peakHeap() / 1048576.0, c.minFramesPerWallSecond,
                    s.wireFrames() / wall >= c.minFramesPerWallSecond));
        }
        if (json) {
            out.print(ReportJson.toJson(Map.of("bench", rows)) + "\n");
            return 0;
        }
        out.printf("%-52s %8s %8s %9s %12s %12s %8s%n", "scenario", "sim s", "wall s", "realtime", "frames/s", "events/s", "heap MB");
        for (BenchResult r : rows) {
            if (r.skipped() != null) {
                out.printf("%-52s skipped: %s%n", r.scenario(), r.skipped());
                continue;
            }
            out.printf("%-52s %8.1f %8.2f %9.1f %12.0f %12.0f %8.1f%s%n", r.scenario(), r.simulatedSeconds(),
                    r.wallSeconds(), r.realtimeFactor(), r.framesPerWallSecond(), r.eventsPerWallSecond(),
                    r.peakHeapMb(), r.meetsTarget() ? "" : "  (below 1e6 frames/s)");
        }
        return 0;
    }

    /** The case's scenario, built exactly as `ringlab run --hardware B --features F -- ARGS` builds it. */
    static Scenario scenario(Case c, Board b) {
        List<String> args = new ArrayList<>(List.of("--hardware", b.id(), "--features", c.features, "--"));
        args.addAll(List.of(c.iperf.split(" ")));
        return RunCommand.parse(args).scenario();
    }

    private static void resetPeaks() {
        for (MemoryPoolMXBean p : ManagementFactory.getMemoryPoolMXBeans()) if (p.getType() == MemoryType.HEAP) p.resetPeakUsage();
    }

    private static long peakHeap() {
        long n = 0;
        for (MemoryPoolMXBean p : ManagementFactory.getMemoryPoolMXBeans()) if (p.getType() == MemoryType.HEAP) n += p.getPeakUsage().getUsed();
        return n;
    }
}
