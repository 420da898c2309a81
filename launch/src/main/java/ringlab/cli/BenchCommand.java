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

/**
 * ringlab bench [--json] [--cold N]: measures the performance scenarios as JMH would. In this JVM, per
 * scenario: warm-up iterations until the figure is stable ({@link WarmUp}), then {@link #MEASURED} measured
 * iterations reported as min / median / max. Apart from that, the cold whole-process time of the same scenario
 * as a user runs it ({@link ColdRun}: `./ringlab run ...` in a child process). The scenarios are plain
 * `ringlab run` scenarios, so their results are the same as the CLI's for the same arguments.
 */
@Command(name = "bench", description = {"Runs the performance scenarios: warm-up iterations until the frames per wall second "
        + "are stable, then measured iterations (min / median / max of wall seconds and frames per wall second; median "
        + "events per wall second, realtime factor and peak heap), and the cold whole-process time of each as "
        + "`./ringlab run` (median of --cold runs)."})
final class BenchCommand implements Callable<Integer> {
    /** Measured iterations after the warm-up: an odd count, so the median is one of them. */
    static final int MEASURED = 5;

    @Option(names = "--json", description = "The results as JSON.")
    boolean json;
    @Option(names = "--cold", paramLabel = "N", description = "Whole-process runs of each scenario through ./ringlab run, "
            + "after one not counted (default: ${DEFAULT-VALUE}; 0: none).", defaultValue = "3")
    int coldRuns;
    @Mixin
    Main.HelpOption help;

    private final Main.Io io;

    BenchCommand(Main.Io io) { this.io = io; }

    /** A benchmark scenario: board, feature list, --set settings and iperf3 client arguments, and its target. */
    record Case(String name, String board, String features, List<String> sets, String iperf, double minFramesPerWallSecond) {
        Case(String name, String board, String features, String iperf, double minFramesPerWallSecond) {
            this(name, board, features, List.of(), iperf, minFramesPerWallSecond);
        }

        /** The case as `ringlab run` arguments: --hardware B --features F [--set K=V]... -- IPERF3_ARGS. */
        List<String> runArgs() {
            List<String> args = new ArrayList<>(List.of("--hardware", board, "--features", features));
            for (String kv : sets) args.addAll(List.of("--set", kv));
            args.add("--");
            args.addAll(List.of(iperf.split(" ")));
            return args;
        }
    }

    /** The targets are issue 14's: 5 M wire frames per wall second on bcm6328 TCP receive, 2 M everywhere else. */
    static final List<Case> CASES = List.of(
            new Case("bcm6328 stock TCP receive -M 512", "bcm6328", "stock", "-M 512 -t 30", 5e6),
            new Case("x86-lan7430 UDP receive 1470 B at 1 Gbit/s", "x86-lan7430", "stock", "-u -b 1G -l 1470 -t 10", 2e6),
            // without PAUSE frames, as ns-3's scenario (bench/ns3): lan743x's flow control would hold the
            // peer to about a third of line rate, and the frame count with it
            new Case("x86-lan7430 UDP receive minimum frames at line rate", "x86-lan7430", "stock", List.of("tx_pause=off"),
                    "-u -b 1G -l 18 -t 2", 2e6),
            new Case("rzg2ul stock UDP receive at line rate", "rzg2ul", "stock", "-u -b 1G -l 1470 -t 10", 2e6));

    /**
     * One iteration: a whole simulation of the scenario in this JVM.
     *
     * @param wallSeconds wall time of Simulation.run (seconds)
     * @param wireFrames  frames that crossed a wire
     * @param events      discrete events processed
     */
    record Iteration(double wallSeconds, long wireFrames, long events) {
        double framesPerWallSecond() { return wireFrames / wallSeconds; }
    }

    @Override
    public Integer call() {
        if (coldRuns < 0) {
            io.err().println("ringlab bench: --cold needs a count of 0 or more, not " + coldRuns + "; see ringlab bench --help");
            return 2;
        }
        PrintStream out = io.out();
        Map<String, ?> boards = Catalog.boards();
        String launcher = io.env().get(ColdRun.LAUNCHER_ENV);
        List<BenchResult> rows = new ArrayList<>();
        for (Case c : CASES) {
            if (!boards.containsKey(c.board)) {
                rows.add(BenchResult.skipped(c.name, "board " + c.board + " is not installed"));
                continue;
            }
            Scenario sc = scenario(c);
            WarmUp.Outcome w = WarmUp.DEFAULT.run(() -> once(sc).framesPerWallSecond());
            System.gc();
            resetPeaks();
            List<Iteration> measured = new ArrayList<>();
            for (int i = 0; i < MEASURED; i++) measured.add(once(sc));
            double heapMb = peakHeap() / 1048576.0;
            ColdRun.Result cold = coldRuns == 0 ? ColdRun.Result.skipped("--cold 0")
                    : ColdRun.measure(launcher, c, coldRuns, measured.get(0).wireFrames());
            rows.add(row(c, sc.iperf.durationSec(), w, measured, heapMb, cold));
        }
        if (json) {
            out.print(ReportJson.toJson(Map.of("bench", rows)) + "\n");
            return 0;
        }
        print(out, rows);
        return 0;
    }

    /** A scenario's row from its iterations: the single figures are the measured iterations' medians. */
    static BenchResult row(Case c, double simSec, WarmUp.Outcome w, List<Iteration> measured, double peakHeapMb, ColdRun.Result cold) {
        Spread wall = Spread.of(measured.stream().mapToDouble(Iteration::wallSeconds).toArray());
        Spread frames = Spread.of(measured.stream().mapToDouble(Iteration::framesPerWallSecond).toArray());
        double events = Spread.of(measured.stream().mapToDouble(i -> i.events() / i.wallSeconds()).toArray()).median();
        return new BenchResult(c.name, null, simSec, wall.median(), simSec / wall.median(), frames.median(), events,
                peakHeapMb, c.minFramesPerWallSecond, frames.median() >= c.minFramesPerWallSecond,
                w.iterations(), w.stable(), measured.size(), wall, frames, cold);
    }

    private static void print(PrintStream out, List<BenchResult> rows) {
        out.printf("warm-up: iterations %s; then %d measured iterations; cold: whole process, ./ringlab run as a user runs it%n",
                WarmUp.DEFAULT.describe(), MEASURED);
        out.printf("%-52s %6s %8s %7s %8s %27s %11s %7s | %13s %9s%n", "scenario", "sim s", "warm-up", "wall s", "realtime",
                "frames/s min / median / max", "events/s", "heap MB", "cold wall s", "frames/s");
        for (BenchResult r : rows) {
            if (r.skipped() != null) {
                out.printf("%-52s skipped: %s%n", r.scenario(), r.skipped());
                continue;
            }
            Spread f = r.framesPerWallSecondSpread();
            ColdRun.Result cold = r.cold();
            String coldText = cold.skipped() != null ? "skipped: " + cold.skipped()
                    : String.format("%13.2f %8.2fM", cold.wallSeconds().median(), cold.framesPerWallSecond() / 1e6);
            out.printf("%-52s %6.1f %7d%s %7.3f %8.1f %7.2fM / %7.2fM / %7.2fM %10.1fM %7.1f | %s%s%n", r.scenario(),
                    r.simulatedSeconds(), r.warmUpIterations(), r.warmUpStable() ? " " : "*", r.wallSeconds(),
                    r.realtimeFactor(), f.min() / 1e6, f.median() / 1e6, f.max() / 1e6, r.eventsPerWallSecond() / 1e6,
                    r.peakHeapMb(), coldText,
                    r.meetsTarget() ? "" : String.format("  (median below %.0fM frames/s)", r.targetFramesPerWallSecond() / 1e6));
        }
        if (rows.stream().anyMatch(r -> r.skipped() == null && !r.warmUpStable())) {
            out.printf("* not stable within the warm-up's cap: measured anyway (a loaded machine?)%n");
        }
    }

    private static Iteration once(Scenario sc) {
        Simulation s = new Simulation(sc);
        long t0 = System.nanoTime();
        s.run();
        return new Iteration((System.nanoTime() - t0) / 1e9, s.wireFrames(), s.events());
    }

    /** The case's scenario, built exactly as `ringlab run` builds it from {@link Case#runArgs()}. */
    static Scenario scenario(Case c) {
        return RunCommand.parse(c.runArgs()).scenario();
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
