package ringlab.feature.irqcoalescing;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import ringlab.sim.board.ClasspathBoards;
import ringlab.spi.board.Board;
import ringlab.spi.board.Nic;
import ringlab.spi.board.IrqUnmask;
import ringlab.spi.board.RxChecksum;
import ringlab.spi.board.Soc;

/** Test boards: bcm6328 as calibrated, and NICs whose drivers respect napi_complete_done, on bcm6328's costs. */
final class Boards {
    private Boards() { }

    static Board bcm6328() { return ClasspathBoards.load(Boards.class.getClassLoader()).get("bcm6328"); }

    /**
     * A ravb GbEth-like board (RZ/G2UL-class: 1x 1 GHz core, 64-byte lines, non-coherent, kernel 6.6):
     * rx ring 1024, tx ring 64 with two descriptors per packet and the TCCR read-modify-write, rx
     * checksum verified (CHECKSUM_UNNECESSARY), no hardware moderation, no copybreak. Costs: bcm6328's
     * cycles divided by 4, standing for an A55-class core that does the same work in fewer cycles than a
     * BMIPS4350 (a test of the mechanism, not a calibrated board).
     */
    static Board gbeth() {
        Soc soc = new Soc(1, 1_000_000_000L, "armv8", 64, 1, false, false, "6.6", 250);
        Nic nic = new Nic("ravb-gbeth", 1_000_000_000L, 1024, 64, 64, RxChecksum.UNNECESSARY, true, false, false,
                1, 2, true, 2048, 0, 1500, IrqUnmask.NAPI_COMPLETE_DONE);
        return new Board("test-gbeth", "ravb GbEth-like test board", soc, nic, List.of(), fasterCore(), "test", List.of());
    }

    /**
     * A lan743x-like board with hardware interrupt moderation (4x 1 GHz cores, PCIe LAN7430: rings 128,
     * a tail write every 8 refills, rx checksum verified); costs as {@link #gbeth()}'s.
     */
    static Board lan743x() {
        Soc soc = new Soc(1, 1_000_000_000L, "armv8", 64, 1, false, false, "6.6", 250);
        Nic nic = new Nic("lan743x", 1_000_000_000L, 128, 128, 64, RxChecksum.UNNECESSARY, true, false, true,
                8, 1, false, 2048, 0, 1500, IrqUnmask.NAPI_COMPLETE_DONE);
        return new Board("test-lan743x", "lan743x-like test board", soc, nic, List.of(), fasterCore(), "test", List.of());
    }

    /** bcm6328's cost profile with every cycle count divided by 4. */
    static Map<String, Board.Cost> fasterCore() {
        Map<String, Board.Cost> m = new LinkedHashMap<>();
        bcm6328().costs().forEach((k, c) -> m.put(k, new Board.Cost(c.cycles() / 4, "bcm6328 / 4 (test)")));
        m.put("unaligned.trap", new Board.Cost(0, "test: ARMv8 handles misaligned loads in hardware"));
        return m;
    }
}
