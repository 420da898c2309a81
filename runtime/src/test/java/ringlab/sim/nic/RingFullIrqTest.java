package ringlab.sim.nic;

import static org.junit.jupiter.api.Assertions.assertEquals;
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
import ringlab.spi.board.Nic;
import ringlab.spi.board.Soc;

/**
 * nic.rxRingFullIrq (ravb's RIC2 QFE0): a frame lost at a full rx ring raises an interrupt that NAPI does not
 * mask. Under a flood the ring stays full, so the lost frames cost a hard IRQ each and the CPU they take comes
 * out of what is left for the receiver; without the flag the same losses cost nothing.
 */
class RingFullIrqTest {

    /** One 200 MHz core on 5.15 (NET_RX left to ksoftirqd, so the excess dies at the ring, not at the socket). */
    static Board board(boolean ringFullIrq) {
        Soc soc = new Soc(1, 200_000_000L, "test", 16, 1, false, false, "5.15", 250);
        Nic nic = TestBoards.nic(100_000_000L, 64, ringFullIrq, 1, false);
        return TestBoards.board(soc, nic, TestBoards.costs(1500, Map.of(CostKey.COPY_BYTE, 2.0, CostKey.CSUM_BYTE, 1.0,
                CostKey.UNALIGNED_TRAP, 0.0)));
    }

    static RunReport flood(boolean ringFullIrq) {
        Scenario sc = Scenario.builder(board(ringFullIrq))
                .iperf(IperfArgs.parse(List.of("-u", "-b", "100M", "-l", "1470", "-t", "3"))).build();
        return new Simulation(sc).run();
    }

    static long nicIrqs(RunReport r) { return r.ringlab.interrupts().nic().values().stream().mapToLong(Long::longValue).sum(); }

    static long missed(RunReport r) { return r.ringlab.drops().getOrDefault("rx_missed_errors", 0L); }

    @Test
    void eachFrameLostAtTheFullRingCostsAnInterruptAndTheReceiverPaysForIt() {
        RunReport quiet = flood(false), loud = flood(true);
        assertTrue(missed(quiet) > 10_000, "the flood overruns the ring: " + missed(quiet));
        // the interrupt's handler (a few hundred cycles here) ends long before the next frame: one per lost frame
        long extra = nicIrqs(loud) - nicIrqs(quiet);
        assertTrue(extra > 0.9 * missed(loud) && extra <= missed(loud) + 1,
                "ring-full interrupts " + extra + " for " + missed(loud) + " lost frames");
        double cpuIrqQuiet = quiet.ringlab.cpuPercent().irq(), cpuIrqLoud = loud.ringlab.cpuPercent().irq();
        assertTrue(cpuIrqLoud > cpuIrqQuiet + 5, "hard IRQ time: " + cpuIrqQuiet + "% -> " + cpuIrqLoud + "%");
        assertTrue(loud.end.sumReceived.bitsPerSecond < quiet.end.sumReceived.bitsPerSecond,
                "the receiver gets less: " + quiet.end.sumReceived.bitsPerSecond / 1e6 + " -> "
                        + loud.end.sumReceived.bitsPerSecond / 1e6 + " Mbit/s");
    }

    @Test
    void withoutLossesTheLineStaysQuiet() {
        Scenario sc = Scenario.builder(board(true))
                .iperf(IperfArgs.parse(List.of("-u", "-b", "2M", "-l", "1470", "-t", "3"))).build();
        RunReport r = new Simulation(sc).run();
        assertEquals(0, missed(r), "2 Mbit/s fits");
        Scenario plain = Scenario.builder(board(false))
                .iperf(IperfArgs.parse(List.of("-u", "-b", "2M", "-l", "1470", "-t", "3"))).build();
        assertEquals(nicIrqs(new Simulation(plain).run()), nicIrqs(r), "no lost frame, no extra interrupt");
    }
}
