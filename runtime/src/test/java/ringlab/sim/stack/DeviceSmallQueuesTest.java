package ringlab.sim.stack;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import ringlab.sim.Scenario;
import ringlab.sim.Simulation;
import ringlab.sim.TestBoards;
import ringlab.sim.report.RunReport;
import ringlab.sim.workload.IperfArgs;
import ringlab.spi.board.Board;
import ringlab.spi.board.CostKey;

/**
 * TCP small queues on the device: a fast core sending TCP (-R) into a 100 Mbit/s link keeps about a
 * millisecond of its pacing rate below TCP, not a full qdisc (pfifo_fast, 1000 packets), and still fills
 * the link; the transmit completions that free room send through the tsq tasklet.
 */
class DeviceSmallQueuesTest {

    static RunReport send() {
        // 100 cycles per event at 1 GHz, next to nothing per byte or line: the link is the bottleneck
        Map<CostKey, Double> perByte = Map.of(CostKey.CSUM_BYTE, 0.1, CostKey.COPY_BYTE, 0.1,
                CostKey.DMA_SYNC_LINE_MAP, 1.0, CostKey.DMA_SYNC_LINE_UNMAP, 1.0, CostKey.DMA_SYNC_LINE_TODEV, 1.0,
                CostKey.DRAM_MISS, 10.0, CostKey.UNALIGNED_TRAP, 0.0);
        Board b = TestBoards.board(TestBoards.soc(1, 1_000_000_000L, "6.6"), TestBoards.nic(100_000_000L, 64),
                TestBoards.costs(100, perByte));
        Scenario sc = Scenario.builder(b)
                .iperf(IperfArgs.parse(List.of("-R", "-t", "3"))).build();
        return new Simulation(sc).run();
    }

    @Test
    void aLinkLimitedSenderKeepsItsQdiscShortAndTheLinkFull() {
        RunReport r = send();
        double qdisc = r.ringlab.occupancyAvg().qdiscPackets();
        double mbps = r.end.sumReceived.bitsPerSecond / 1e6;
        System.out.printf("device TCP -R at 100 Mbit/s: %.1f Mbit/s, qdisc %.1f packets on average%n", mbps, qdisc);
        assertTrue(mbps > 90, "the link stays full: " + mbps);
        // the limit is 1 ms at the pacing rate, which follows cwnd (about 400 segments, grown in slow start) over
        // an srtt of the queue's own 8 ms: about 67 skbs, 32 of them in the ring; without TSQ the send buffer
        // (autotuned to 4 MB) would fill pfifo_fast's 1000 packets
        assertTrue(qdisc < 60, "TSQ keeps the qdisc short: " + qdisc + " packets");
    }
}
