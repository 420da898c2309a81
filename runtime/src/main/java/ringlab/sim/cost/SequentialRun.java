package ringlab.sim.cost;

import ringlab.spi.board.CostKey;
import ringlab.spi.driver.Exec;

/**
 * A run of consecutive lines that misses to DRAM in order: a copy_to_user or skb_segment copy of a payload the
 * rx DMA invalidated, a software checksum pass over it, a swiotlb bounce copy, the write-back of a dirty tx
 * buffer at its dma_map. The first line waits a full {@code dram.miss}; the core's prefetcher (or the write
 * buffer, for write-backs) then keeps several fills in flight, so each further line costs {@code dram.stream}
 * (the board's DRAM latency over the lines its core type keeps in flight). A core without a prefetcher has
 * dram.stream = dram.miss and pays every line in full, as before ringlab told the two apart.
 * Faked: the prefetcher's ramp-up and page-boundary stops, and contention with the NIC's own DMA.
 */
public final class SequentialRun {
    private SequentialRun() { }

    /** Charges a run of lines missed in order; nothing for none. */
    public static void charge(Exec x, int lines) {
        if (lines <= 0) return;
        x.charge(CostKey.DRAM_MISS);
        if (lines > 1) x.charge(CostKey.DRAM_STREAM, lines - 1);
    }
}
