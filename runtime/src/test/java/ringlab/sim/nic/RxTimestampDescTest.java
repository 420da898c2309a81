package ringlab.sim.nic;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

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
 * nic.rxTimestampDesc and nic.rxHeadWriteback (lan743x): a timestamp extension descriptor after every received
 * frame, so the ring holds half as many frames, read and handed back by the driver; and the head index the NIC
 * writes back, read before every descriptor the driver looks at. Each is one more uncached descriptor access
 * where the driver makes it.
 */
class RxTimestampDescTest {
    static final int RING = 64;

    static Board board(long coreHz, boolean ext, boolean head) {
        Soc soc = new Soc(1, coreHz, "test", 16, 1, false, false, "5.15", 250);
        Nic nic = new Nic("lan743x", 100_000_000L, RING, 32, 16, RxChecksum.NONE, false, true, false, 1, 1, false, 1536, 0, 1500,
                IrqUnmask.ALWAYS, false, false, false, false, false, 1, false, ext, head);
        return TestBoards.board(soc, nic, TestBoards.costs(100, Map.of(CostKey.UNALIGNED_TRAP, 0.0)));
    }

    static DeviceDetail run(Board b, String rate) {
        return new Simulation(Scenario.builder(b).iperf(IperfArgs.parse(List.of("-u", "-b", rate, "-l", "1000", "-t", "2")))
                .build()).run().ringlab;
    }

    /** desc.read cycles over drv.rx cycles (both 100 a unit): descriptor reads per received frame. */
    static double readsPerFrame(DeviceDetail d) {
        Map<String, Double> k = d.cyclesPercentByKey();
        return k.get("desc.read") / k.get("drv.rx");
    }

    static double writesPerFrame(DeviceDetail d) {
        Map<String, Double> k = d.cyclesPercentByKey();
        return k.get("desc.write") / k.get("drv.rx");
    }

    @Test
    void eachFrameCostsTheReadsItsDriverMakes() {
        long hz = 1_000_000_000L;
        // at 1 Mbit/s every frame is a poll of its own: the frame's descriptor, then a look that finds nothing
        DeviceDetail plain = run(board(hz, false, false), "1M"), ext = run(board(hz, true, false), "1M");
        DeviceDetail head = run(board(hz, false, true), "1M"), both = run(board(hz, true, true), "1M");
        assertEquals(2.0, readsPerFrame(plain), 0.05, "the descriptor and the empty look");
        assertEquals(4.0, readsPerFrame(ext), 0.05, "and the extension: its ownership, then its time stamp after the refill");
        assertEquals(3.0, readsPerFrame(head), 0.05, "the head index before each look; the empty look reads no descriptor");
        assertEquals(5.0, readsPerFrame(both), 0.05);
        assertEquals(1.0, writesPerFrame(plain), 0.05, "the frame's descriptor handed back");
        assertEquals(2.0, writesPerFrame(ext), 0.05, "and the extension's (reused, its buffer still mapped)");
    }

    @Test
    void aFrameTakesTwoDescriptorsSoTheRingHoldsHalfAsMany() {
        long slow = 20_000_000L; // a 20 MHz core cannot keep up with a 100 Mbit/s flood: the ring stays full
        DeviceDetail plain = run(board(slow, false, false), "100M"), ext = run(board(slow, true, false), "100M");
        assertTrue(plain.drops().getOrDefault("rx_missed_errors", 0L) > 1000, "the flood overruns the ring");
        assertEquals(RING, plain.occupancyAvg().rxRingSize());
        assertEquals(RING / 2, ext.occupancyAvg().rxRingSize(), "frames the ring holds");
        assertTrue(ext.occupancyAvg().rxRingFrames() <= RING / 2, "at most half the descriptors hold frames: " + ext.occupancyAvg());
        assertTrue(plain.occupancyAvg().rxRingFrames() > RING / 2, "without the extension more than half can: " + plain.occupancyAvg());
    }
}
