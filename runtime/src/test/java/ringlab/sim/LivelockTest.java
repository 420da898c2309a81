package ringlab.sim;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import ringlab.spi.board.CostKey;
import ringlab.sim.report.RunReport;
import ringlab.sim.workload.IperfArgs;
import ringlab.spi.board.Board;
import ringlab.spi.board.Nic;
import ringlab.spi.board.Soc;

/**
 * Receive livelock (Mogul and Ramakrishnan): on one core, a UDP flood with NET_RX run at every IRQ exit
 * (kernel 6.5+) starves the receiving task and the goodput collapses as the offered load rises past
 * saturation, the packets dying at the full socket after their whole stack cost. With 4.9-6.4's
 * deferral to ksoftirqd, the task keeps a fair share and the excess dies at the ring for free.
 */
class LivelockTest {

    static Board board(String kernel) {
        Soc soc = new Soc(1, 200_000_000L, "test", 16, 1, false, false, kernel, 250);
        Nic nic = TestBoards.nic(100_000_000L, 64);
        return TestBoards.board(soc, nic, costs());
    }

    /** 1500 cycles per event, a few per byte or cache line. */
    static Map<String, Board.Cost> costs() {
        Map<CostKey, Double> perByte = Map.of(CostKey.CSUM_BYTE, 1.0, CostKey.COPY_BYTE, 2.0,
                CostKey.DMA_SYNC_LINE_MAP, 1.0, CostKey.DMA_SYNC_LINE_UNMAP, 1.0, CostKey.DMA_SYNC_LINE_TODEV, 1.0,
                CostKey.DRAM_MISS, 10.0, CostKey.UNALIGNED_TRAP, 0.0);
        return TestBoards.costs(1500, perByte);
    }

    static RunReport flood(String kernel, int mbit) {
        Scenario sc = Scenario.builder(board(kernel))
                .iperf(IperfArgs.parse(List.of("-u", "-b", mbit + "M", "-l", "1470", "-t", "3"))).build();
        return new Simulation(sc).run();
    }

    static double goodput(RunReport r) { return r.end.sumReceived.bitsPerSecond; }

    static double taskCpu(RunReport r) {
        return r.ringlab.cpuPercent().usr() + r.ringlab.cpuPercent().sys();
    }

    static long drops(RunReport r, String reason) {
        return r.ringlab.drops().getOrDefault(reason, 0L);
    }

    @Test
    void netRxAtEveryIrqExitCollapsesGoodputPastSaturation() {
        RunReport light = flood("6.6", 20), peak = flood("6.6", 40), flood = flood("6.6", 100);
        assertTrue(goodput(light) > 19e6, "below saturation everything arrives");
        assertTrue(goodput(flood) < 0.5 * goodput(peak),
                "collapse: " + goodput(flood) / 1e6 + " Mbit/s at flood vs " + goodput(peak) / 1e6 + " at peak");
        assertTrue(taskCpu(flood) < 0.5 * taskCpu(peak), "the receiving task is starved: " + taskCpu(flood) + "%");
        assertTrue(drops(flood, "UdpRcvbufErrors") > drops(flood, "rx_missed_errors"),
                "packets die at the socket, after the full stack cost");
    }

    @Test
    void onSixFiveAndLaterTheReceiversOwnCallsRunTheFloodsSoftirqAndItIsStarvedAlmostCompletely() {
        // the same flood on the same board: the only difference is whether local_bh_enable in the receiver's
        // recvmsg (and IRQ exit) runs NET_RX while ksoftirqd is runnable (6.5+) or leaves it to ksoftirqd
        RunReport deferred = flood("6.4", 100), inline = flood("6.5", 100);
        System.out.printf("flood goodput: 6.4 %.2f Mbit/s, 6.5 %.2f Mbit/s; task cpu %.1f%% / %.1f%%%n",
                goodput(deferred) / 1e6, goodput(inline) / 1e6, taskCpu(deferred), taskCpu(inline));
        assertTrue(goodput(inline) < 0.05 * goodput(deferred), "the receiver gets almost nothing: " + goodput(inline) / 1e6 + " Mbit/s");
        assertTrue(r(inline).cpuPercent().soft() > 95, "the core runs softirq almost all the time: " + r(inline).cpuPercent().soft());
    }

    private static ringlab.sim.report.DeviceDetail r(RunReport rep) { return rep.ringlab; }

    @Test
    void deferringToKsoftirqdKeepsGoodputUnderFlood() {
        RunReport peak = flood("5.15", 60), flood = flood("5.15", 100);
        assertTrue(goodput(flood) > 0.9 * goodput(peak), "no collapse: " + goodput(flood) / 1e6);
        assertTrue(drops(flood, "rx_missed_errors") > 10 * Math.max(1, drops(flood, "UdpRcvbufErrors")),
                "the excess is dropped early, at the ring");
        assertTrue(taskCpu(flood) > 20, "the task keeps a fair share: " + taskCpu(flood) + "%");
    }
}
