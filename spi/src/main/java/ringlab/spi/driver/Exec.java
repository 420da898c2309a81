package ringlab.spi.driver;

import org.osgi.annotation.versioning.ProviderType;
import ringlab.spi.board.CostKey;

/** The CPU context a strategy runs in: it charges the modelled work it does, and reads the step's time. */
@ProviderType
public interface Exec {
    void charge(CostKey k);

    void charge(CostKey k, double units);

    /**
     * A run of consecutive lines that misses to DRAM in order: a copy or checksum of a payload the rx DMA
     * invalidated, a bounce copy, the write-back of a dirty tx buffer at its dma_map. The first line waits a full
     * {@code dram.miss}; the core's prefetcher (or the write buffer, for write-backs) then keeps several fills in
     * flight, so each further line costs {@code dram.stream}, which on a core without a prefetcher equals
     * dram.miss. Nothing for no lines. Faked: the prefetcher's ramp-up and page-boundary stops, and contention
     * with the NIC's own DMA.
     */
    default void chargeDramRun(int lines) {
        if (lines <= 0) return;
        charge(CostKey.DRAM_MISS);
        if (lines > 1) charge(CostKey.DRAM_STREAM, lines - 1);
    }

    /** Virtual time in ns inside the running step (its start plus what it has charged so far). */
    long now();

    /** True in hard IRQ, softirq or bottom-half-disabled context (napi_alloc_frag vs netdev_alloc_frag). */
    boolean inSoftirq();
}
