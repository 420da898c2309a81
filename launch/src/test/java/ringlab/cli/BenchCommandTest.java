package ringlab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import ringlab.sim.Simulation;
import ringlab.sim.report.format.IperfJsonFormatter;
import ringlab.spi.board.Board;

/** The benchmark scenarios are the CLI's: same arguments, same report, byte for byte. */
class BenchCommandTest {
    /** iperf3's start time pinned, as `ringlab run --timestamp`: the output is byte-identical between runs. */
    private static final java.time.Instant PINNED = java.time.Instant.ofEpochSecond(1_796_302_620L);


    @Test
    void aBenchmarkScenarioGivesWhatRingLabRunGives() {
        BenchCommand.Case c = BenchCommand.CASES.get(0);
        Board b = Catalog.boards().get(c.board());
        String bench = IperfJsonFormatter.format(new Simulation(BenchCommand.scenario(c, b)).run(), PINNED);
        List<String> args = new ArrayList<>(List.of("--hardware", c.board(), "--features", c.features(), "--"));
        args.addAll(List.of(c.iperf().split(" ")));
        String run = IperfJsonFormatter.format(new Simulation(RunCommand.parse(args).scenario()).run(), PINNED);
        assertEquals(run, bench);
    }
}
