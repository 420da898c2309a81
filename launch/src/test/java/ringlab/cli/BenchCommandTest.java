package ringlab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import ringlab.sim.Simulation;
import ringlab.sim.report.ReportJson;
import ringlab.sim.report.format.IperfJsonFormatter;

/** The benchmark scenarios are the CLI's; a row's figures are the medians of its measured iterations. */
class BenchCommandTest {
    /** iperf3's start time pinned, as `ringlab run --timestamp`: the output is byte-identical between runs. */
    private static final java.time.Instant PINNED = java.time.Instant.ofEpochSecond(1_796_302_620L);
    private static final BenchCommand.Case CASE = BenchCommand.CASES.get(0);

    @Test
    void aBenchmarkScenarioGivesWhatRingLabRunGives() {
        String bench = IperfJsonFormatter.format(new Simulation(BenchCommand.scenario(CASE)).run(), PINNED);
        List<String> args = List.of("--hardware", "bcm6328", "--features", "stock", "--", "-M", "512", "-t", "30");
        String run = IperfJsonFormatter.format(new Simulation(RunCommand.parse(args).scenario()).run(), PINNED);
        assertEquals(run, bench);
    }

    @Test
    void theColdRunIsTheLauncherRunningTheSameScenario() {
        assertEquals(List.of("/x/ringlab", "run", "--hardware", "bcm6328", "--features", "stock", "--", "-M", "512", "-t", "30"),
                ColdRun.command("/x/ringlab", CASE));
    }

    @Test
    void withoutTheLauncherTheColdRunsAreSkippedWithTheReason() {
        ColdRun.Result r = ColdRun.measure(null, CASE, 3, 1000);
        assertTrue(r.skipped().contains(ColdRun.LAUNCHER_ENV), r.skipped());
        assertNull(r.wallSeconds());
    }

    /** Fake iterations: the old single figures are the medians, whatever order the iterations came in. */
    @Test
    void aRowQuotesTheMediansOfItsMeasuredIterations() {
        List<BenchCommand.Iteration> it = List.of(
                new BenchCommand.Iteration(2.0, 6_000_000, 30_000_000),  // 3 M frames/s, disturbed
                new BenchCommand.Iteration(1.0, 6_000_000, 30_000_000),  // 6 M
                new BenchCommand.Iteration(1.2, 6_000_000, 30_000_000)); // 5 M
        BenchResult r = BenchCommand.row(CASE, 30, new WarmUp.Outcome(7, true), it, 4.5, ColdRun.Result.skipped("--cold 0"));
        assertEquals(1.2, r.wallSeconds());
        assertEquals(new Spread(1.0, 1.2, 2.0), r.wallSecondsSpread());
        assertEquals(5e6, r.framesPerWallSecond(), 1e-6);
        assertEquals(3e6, r.framesPerWallSecondSpread().min(), 1e-6);
        assertEquals(6e6, r.framesPerWallSecondSpread().max(), 1e-6);
        assertEquals(25e6, r.eventsPerWallSecond(), 1e-6);
        assertEquals(25.0, r.realtimeFactor(), 1e-9);
        assertEquals(7, r.warmUpIterations());
        assertEquals(3, r.measuredIterations());
        assertTrue(r.meetsTarget(), "5 M is bcm6328's target");
    }

    /** --json keeps the keys it had (single figures, snake_case) and adds the spreads and cold figures beside them. */
    @Test
    void theJsonKeepsItsKeysAndAddsTheNewOnes() {
        List<BenchCommand.Iteration> it = List.of(new BenchCommand.Iteration(1.0, 2_000_000, 9_000_000));
        ColdRun.Result cold = new ColdRun.Result(null, 3, new Spread(1.1, 1.2, 1.4), 2e6 / 1.2);
        String json = ReportJson.toJson(BenchCommand.row(CASE, 30, new WarmUp.Outcome(25, false), it, 4.5, cold));
        for (String key : List.of("scenario", "simulated_seconds", "wall_seconds", "realtime_factor", "frames_per_wall_second",
                "events_per_wall_second", "peak_heap_mb", "target_frames_per_wall_second", "meets_target",
                "warm_up_iterations", "warm_up_stable", "measured_iterations", "wall_seconds_spread",
                "frames_per_wall_second_spread", "cold", "median")) {
            assertTrue(json.contains("\"" + key + "\":"), key + " in " + json);
        }
        assertFalse(json.contains("\"skipped\""), json);
    }
}
