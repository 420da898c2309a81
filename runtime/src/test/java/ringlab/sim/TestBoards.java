package ringlab.sim;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import ringlab.spi.board.CostKey;
import ringlab.spi.board.Board;
import ringlab.spi.board.Nic;
import ringlab.spi.board.IrqUnmask;
import ringlab.spi.board.RxChecksum;
import ringlab.spi.board.Soc;

/** Boards built in code for tests: a flat cost profile with overrides, and a bcm6328-like NIC. */
public final class TestBoards {
    private TestBoards() { }

    public static Soc soc(int cores, long hz, String kernel) {
        return new Soc(cores, hz, "test", 16, 1, false, true, kernel, 250);
    }

    public static Nic nic(long linkBps, int rxRing) { return nic(linkBps, rxRing, false, 1, false); }

    /** The same NIC with the interrupt handler's register work of a given driver (nic.rxRingFullIrq and the rest). */
    public static Nic nic(long linkBps, int rxRing, boolean rxRingFullIrq, int isrStatusReads, boolean irqUnmaskRmw) {
        return new Nic("bcm63xx-enetsw", linkBps, rxRing, 32, 16, RxChecksum.NONE, false, true, false, 1, 1, false, 1536, 128, 1500,
                IrqUnmask.ALWAYS, false, false, false, false, rxRingFullIrq, isrStatusReads, irqUnmaskRmw);
    }

    /**
     * Every cost key at {@code flat} cycles except the overrides; select()'s work ({@link CostKey#SELECT}, charged
     * since 2026-12) is 0 unless overridden, so that the scenarios these boards were built for keep their load
     * (a flat 1500 for it would add a whole event per UDP datagram); dram.stream is dram.miss's figure unless
     * overridden (a core without a prefetcher, as these boards were built before the two were told apart).
     */
    public static Map<String, Board.Cost> costs(double flat, Map<CostKey, Double> overrides) {
        Map<String, Board.Cost> m = new LinkedHashMap<>();
        for (CostKey k : CostKey.values()) {
            Double v = overrides.get(k);
            if (v == null && k == CostKey.DRAM_STREAM) v = overrides.get(CostKey.DRAM_MISS); // no prefetcher: as a miss
            m.put(k.key, new Board.Cost(v != null ? v : k == CostKey.SELECT ? 0 : flat, "test"));
        }
        return m;
    }

    public static Board board(Soc soc, Nic nic, Map<String, Board.Cost> costs) {
        return new Board("test", "test board", soc, nic, List.of(), costs, "test", List.of());
    }

    /** A single-core 1 GHz board where every cost is {@code flat} cycles (= ns). */
    public static Board flat(double flat, String kernel) {
        return board(soc(1, 1_000_000_000L, kernel), nic(100_000_000L, 64), costs(flat, Map.of()));
    }
}
