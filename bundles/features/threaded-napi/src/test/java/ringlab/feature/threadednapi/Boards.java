package ringlab.feature.threadednapi;

import java.util.List;
import ringlab.sim.board.ClasspathBoards;
import ringlab.spi.board.Board;
import ringlab.spi.board.Nic;
import ringlab.spi.board.IrqUnmask;
import ringlab.spi.board.RxChecksum;
import ringlab.spi.board.Soc;

/** Test boards: bcm6328 as calibrated (optionally on another kernel), and a 1-core GbEth-like board on its costs. */
final class Boards {
    private Boards() { }

    static Board bcm6328() { return ClasspathBoards.load(Boards.class.getClassLoader()).get("bcm6328"); }

    /** bcm6328 with another kernel version (selects the softirq-at-IRQ-exit rule). */
    static Board bcm6328(String kernel) {
        Board b = bcm6328();
        Soc s = b.soc();
        Soc soc = new Soc(s.cores(), s.clockHz(), s.isa(), s.cacheLineBytes(), s.cacheLevels(), s.dmaCoherent(),
                s.unalignedTraps(), kernel, s.hz());
        return new Board(b.id() + "-" + kernel, b.name(), soc, b.nic(), b.stockFeatures(), b.costs(), "test", List.of());
    }

    /**
     * A single-core ravb GbEth-like board (RZ/G2UL-class: 1x 1 GHz core, 64-byte lines, non-coherent):
     * rx ring 1024, tx ring 64 with two descriptors per packet and the TCCR read-modify-write, rx
     * checksum verified, no moderation. bcm6328's cycle costs stand in for the core's.
     */
    static Board gbeth(String kernel) {
        Board b = bcm6328();
        Soc soc = new Soc(1, 1_000_000_000L, "armv8", 64, 1, false, false, kernel, 250);
        Nic nic = new Nic("ravb-gbeth", 1_000_000_000L, 1024, 64, 64, RxChecksum.UNNECESSARY, true, false, false,
                1, 2, true, 2048, 0, 1500, IrqUnmask.NAPI_COMPLETE_DONE);
        java.util.Map<String, Board.Cost> costs = new java.util.LinkedHashMap<>(b.costs());
        costs.put("unaligned.trap", new Board.Cost(0, "test: ARMv8 handles misaligned loads in hardware"));
        return new Board("test-gbeth-" + kernel, "ravb GbEth-like test board", soc, nic, List.of(), costs, "test", List.of());
    }
}
