package ringlab.sim.driver;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import ringlab.sim.Scenario;
import ringlab.sim.Simulation;
import ringlab.sim.TestBoards;
import ringlab.sim.report.DeviceDetail;
import ringlab.sim.workload.IperfArgs;
import ringlab.spi.board.Board;
import ringlab.spi.board.CostKey;
import ringlab.spi.board.Nic;

/**
 * nic.isrStatusReads and nic.irqUnmaskRmw: the interrupt handler's uncached reads (ravb GbEth: six before it
 * masks) and the unmask's read-back (ravb_modify), each charged mmio.read. At a light load every frame is one
 * interrupt and one poll that unmasks, so mmio.read per hard IRQ entry is the count the descriptor gives.
 */
class IsrRegisterReadsTest {

    static DeviceDetail light(int isrStatusReads, boolean unmaskRmw) {
        Nic nic = TestBoards.nic(100_000_000L, 64, false, isrStatusReads, unmaskRmw);
        Board b = TestBoards.board(TestBoards.soc(1, 1_000_000_000L, "6.6"), nic,
                TestBoards.costs(100, Map.of(CostKey.UNALIGNED_TRAP, 0.0)));
        return new Simulation(Scenario.builder(b)
                .iperf(IperfArgs.parse(List.of("-u", "-b", "1M", "-l", "1000", "-t", "2"))).build()).run().ringlab;
    }

    /** mmio.read cycles over irq.entry cycles (both 100 a unit here): reads per hard interrupt taken. */
    static double readsPerIrq(DeviceDetail d) {
        Map<String, Double> k = d.cyclesPercentByKey();
        return k.getOrDefault("mmio.read", 0.0) / k.get("irq.entry");
    }

    @Test
    void theHandlerPaysTheReadsItsDriverMakes() {
        double one = readsPerIrq(light(1, false)), six = readsPerIrq(light(6, false)), rmw = readsPerIrq(light(1, true));
        // the periodic tick's interrupts (while busy) dilute both alike, so compare against the one-read board
        assertEquals(6.0, six / one, 0.05, "six status reads against one: " + six + " / " + one);
        assertEquals(3.0, rmw / one, 0.1, "one status read and two read-backs at the unmask of each poll: " + rmw + " / " + one);
    }
}
