package ringlab.hardware.bcm6328;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import ringlab.sim.Scenario;
import ringlab.sim.Simulation;
import ringlab.sim.board.ClasspathBoards;
import ringlab.sim.report.RunReport;
import ringlab.sim.workload.IperfArgs;
import ringlab.spi.board.Board;

/**
 * The published stock figure this board's cost profile is calibrated on (mechanisms.md section 12):
 * iperf3 -M 512, device receiving, 30 s: 33.5 Mbit/s at the receiver, retransmits reported (277).
 */
class StockCalibrationTest {
    static final double PUBLISHED_RECEIVER_BPS = 33.5e6;

    static RunReport run(String... iperf) {
        Board b = ClasspathBoards.load(StockCalibrationTest.class.getClassLoader()).get("bcm6328");
        return new Simulation(Scenario.builder(b).iperf(IperfArgs.parse(List.of(iperf))).build()).run();
    }

    @Test
    void stockReceiveMatchesThePublishedFigure() {
        RunReport r = run("-M", "512", "-t", "30");
        double got = r.end.sumReceived.bitsPerSecond;
        assertEquals(PUBLISHED_RECEIVER_BPS, got, 0.05 * PUBLISHED_RECEIVER_BPS, "receiver Mbit/s " + got / 1e6);
        assertTrue(r.end.sumSent.retransmits > 0, "the sender retransmits what the full rx ring dropped");
        assertTrue(r.end.sumSent.bitsPerSecond >= got, "sender counts what is still in flight at the end");
    }
}
