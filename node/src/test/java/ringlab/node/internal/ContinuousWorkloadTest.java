package ringlab.node.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;
import ringlab.node.ScenarioSpec;
import ringlab.spi.board.Board;
import ringlab.spi.board.Nic;
import ringlab.spi.board.Soc;

/**
 * The node's scenario is a continuous run: no end by data, and no option that only shapes iperf3's output;
 * options the board cannot run (-A past its cores) are refused before anything is applied, in experiments too.
 */
class ContinuousWorkloadTest {

    static final Board BOARD = new Board("b", "b", new Soc(1, 1_000_000_000L, "armv7", 32, 1, false, false, "6.1", 250),
            new Nic("n", 1_000_000_000L, 64, 64, 64, ringlab.spi.board.RxChecksum.NONE, true, true, false, 1, 1, false, 1536, 0, 1500,
                    ringlab.spi.board.IrqUnmask.NAPI_COMPLETE_DONE),
            List.of(), Map.of(), "test", List.of());

    static void validate(String workload) {
        ScenarioValidator.validate(new ScenarioSpec("b", "stock", workload, "1", 1), Map.of("b", BOARD), Map.of());
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "-n 10M|workload: -n ends the test after that much data, but the node's run is continuous and has no end (use an experiment's seconds, or ringlab run)",
            "-k 100|workload: -k ends the test after that much data, but the node's run is continuous and has no end (use an experiment's seconds, or ringlab run)",
            "--logfile x.txt|workload: --logfile only changes how iperf3 writes its output; the node's continuous run writes none (its figures are live on the console and the API)",
            "--json-stream|workload: --json-stream only changes how iperf3 writes its output; the node's continuous run writes none (its figures are live on the console and the API)",
            "--timestamps|workload: --timestamps only changes how iperf3 writes its output; the node's continuous run writes none (its figures are live on the console and the API)",
            "--forceflush|workload: --forceflush only changes how iperf3 writes its output; the node's continuous run writes none (its figures are live on the console and the API)",
            "-J|workload: -J only changes how iperf3 writes its output; the node's continuous run writes none (its figures are live on the console and the API)",
            "--get-server-output|workload: --get-server-output only changes how iperf3 writes its output; the node's continuous run writes none (its figures are live on the console and the API)",
            "-A 0,1|workload: -A n,1: the board b has 1 core (0)"})
    void refusedWithTheReason(String workload, String message) {
        assertEquals(message, assertThrows(IllegalArgumentException.class, () -> validate(workload)).getMessage());
    }

    @ParameterizedTest
    @ValueSource(strings = {"-M 512", "--bidir -P 2", "-u -b 10M -S 0x10", "-C reno -A 0,0 --cport 6000", "-O 2"})
    void whatShapesTheTrafficIsAccepted(String workload) {
        validate(workload); // throws if refused
    }

    @org.junit.jupiter.api.Test
    void anExperimentRefusesAnAffinityPastTheBoardsCores() {
        var r = new ringlab.node.ExperimentRequest("b", "stock", "stock", "-A 0,4", 2, 1);
        assertEquals("workload: -A n,4: the board b has 1 core (0)",
                assertThrows(IllegalArgumentException.class, () -> ExperimentPlan.of(r, Map.of("b", BOARD), Map.of())).getMessage());
    }

    @org.junit.jupiter.api.Test
    void aWorkloadOrFeatureListOverFourThousandCharactersIsRefused() {
        // once stored, each went out in every status, once a second to every live console
        String longLine = "-M 512 " + " ".repeat(ScenarioValidator.MAX_TEXT);
        assertEquals("workload is 4103 characters long; at most 4096 are taken", assertThrows(IllegalArgumentException.class, () -> validate(longLine)).getMessage());
        ScenarioSpec features = new ScenarioSpec("b", "gro,".repeat(2000), "-M 512", "1", 1);
        assertEquals("features is 8000 characters long; at most 4096 are taken",
                assertThrows(IllegalArgumentException.class, () -> ScenarioValidator.validate(features, Map.of("b", BOARD), Map.of())).getMessage());
        validate("-M 512 " + " ".repeat(100)); // within the bound
    }
}
