package ringlab.sim.nic;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

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
import ringlab.spi.board.IrqUnmask;
import ringlab.spi.board.Nic;
import ringlab.spi.board.RxChecksum;
import ringlab.spi.board.Soc;

/**
 * nic.rxDescReads: the driver's dependent reads of a received frame's descriptor (ravb: die_dt, then msc and ds_cc
 * after dma_rmb). Each is a round trip where coherent DMA memory is uncached; where it is cached, the reads after
 * the first find the descriptor's line in the cache. The timestamp extension (nic.rxTimestampDesc) likewise: its
 * ownership word, then its time stamp.
 */
class RxDescReadsTest {
    static Board board(boolean coherent, int reads, boolean ext) {
        Soc soc = new Soc(1, 1_000_000_000L, "test", 16, 1, coherent, false, "6.1", 250);
        Nic nic = new Nic("ravb-gbeth", 100_000_000L, 64, 32, 16, RxChecksum.NONE, false, true, false, 1, 1, false, 1536, 0, 1500,
                IrqUnmask.ALWAYS, false, false, false, false, false, 1, false, ext, false, reads);
        return TestBoards.board(soc, nic, TestBoards.costs(100, Map.of(CostKey.UNALIGNED_TRAP, 0.0)));
    }

    /** desc.read over drv.rx (both 100 cycles a unit): descriptor reads per received frame, at 1 Mbit/s one poll a frame. */
    static double readsPerFrame(Board b) {
        DeviceDetail d = new Simulation(Scenario.builder(b).iperf(IperfArgs.parse(List.of("-u", "-b", "1M", "-l", "1000", "-t", "2")))
                .build()).run().ringlab;
        Map<String, Double> k = d.cyclesPercentByKey();
        return k.get("desc.read") / k.get("drv.rx");
    }

    @Test
    void uncachedDescriptorsCostARoundTripPerDependentRead() {
        assertEquals(2.0, readsPerFrame(board(false, 1, false)), 0.05, "the frame's descriptor and the poll's empty look");
        assertEquals(3.0, readsPerFrame(board(false, 2, false)), 0.05, "and the words read after the barrier");
        assertEquals(4.0, readsPerFrame(board(false, 3, false)), 0.05);
        assertEquals(4.0, readsPerFrame(board(false, 1, true)), 0.05, "the extension's ownership, then its time stamp");
    }

    @Test
    void aCachedDescriptorMissesOnce() {
        assertEquals(2.0, readsPerFrame(board(true, 1, false)), 0.05);
        assertEquals(2.0, readsPerFrame(board(true, 3, false)), 0.05, "the later reads hit the line the first brought in");
        assertEquals(3.0, readsPerFrame(board(true, 1, true)), 0.05, "the extension's line misses once");
    }

    @Test
    void fewerThanOneReadIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> board(false, 0, false));
    }
}
