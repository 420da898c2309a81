package ringlab.sim.driver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.EnumMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import ringlab.spi.board.CostKey;
import ringlab.spi.driver.Exec;

/** What a streaming mapping costs behind swiotlb: the slots, the copies and the lines they read or write back. */
class SwiotlbBounceTest {
    /** An Exec that adds up what is charged. */
    static final class Tally implements Exec {
        final Map<CostKey, Double> charged = new EnumMap<>(CostKey.class);
        @Override public void charge(CostKey k) { charge(k, 1); }
        @Override public void charge(CostKey k, double n) { charged.merge(k, n, Double::sum); }
        @Override public long now() { return 0; }
        @Override public boolean inSoftirq() { return true; }
        double get(CostKey k) { return charged.getOrDefault(k, 0.0); }
        /** Lines read or written back from DRAM: each run's first a miss, the rest streamed. */
        double dramLines() { return get(CostKey.DRAM_MISS) + get(CostKey.DRAM_STREAM); }
    }

    @Test
    void anUnmapForTheCpuCopiesTheBufferOutOfTheBounceBuffer() {
        StreamingDma dma = new StreamingDma(64, false, "5.10");
        Tally t = new Tally();
        dma.unmapForCpu(t, 9216, false);
        assertEquals(9216, t.get(CostKey.COPY_BYTE));
        assertEquals(144, t.dramLines(), "each bounce line read was just invalidated");
        assertEquals(1, t.get(CostKey.DRAM_MISS), "one sequential run: its first line a miss, the rest streamed");
        assertEquals(144, t.get(CostKey.DMA_SYNC_LINE_UNMAP), "the bounce buffer is maintained as the buffer was");
        assertEquals(2, t.get(CostKey.DMA_MAP_CALL), "the call and the slots given back");
        assertEquals(9216, dma.bounceBytes());
        assertTrue(dma.bounces());
    }

    @Test
    void aSkipCpuSyncUnmapCopiesNothing() {
        StreamingDma dma = new StreamingDma(64, false, "6.10");
        Tally t = new Tally();
        dma.syncForCpu(t, 1518);
        dma.unmapForCpu(t, 1536, true);
        assertEquals(1518, dma.bounceBytes(), "only what was synced");
    }

    @Test
    void beforeFiveEighteenAnRxMapCopiesNothingFromThenItCopiesTheBufferIn() {
        Tally old = new Tally(), now = new Tally();
        new StreamingDma(64, false, "5.15").mapForDevice(old, 1536, false);
        new StreamingDma(64, false, "5.18").mapForDevice(now, 1536, false);
        assertEquals(0, old.get(CostKey.COPY_BYTE));
        assertEquals(0, old.get(CostKey.DRAM_MISS));
        assertEquals(1536, now.get(CostKey.COPY_BYTE));
        assertEquals(2 * 24, now.dramLines(), "the uncached source, the dirty bounce lines written back");
        assertEquals(2, now.get(CostKey.DRAM_MISS), "two runs");
    }

    @Test
    void aTransmitCopiesTheFrameAndWritesTheDirtyBounceLinesBackUnlessTheSocSnoops() {
        Tally t = new Tally(), snooped = new Tally();
        new StreamingDma(64, false, "6.10").mapToDevice(t, 1514, true);
        new StreamingDma(64, true, "6.10").mapToDevice(snooped, 1514, true);
        assertEquals(1514, t.get(CostKey.COPY_BYTE));
        assertEquals(24, t.dramLines());
        assertEquals(0, snooped.dramLines());
    }

    @Test
    void withoutSwiotlbNothingIsCopied() {
        StreamingDma dma = new StreamingDma(64, false);
        Tally t = new Tally();
        dma.unmapForCpu(t, 9216, false);
        assertEquals(0, t.get(CostKey.COPY_BYTE));
        assertEquals(0, dma.bounceBytes());
        assertFalse(dma.bounces());
    }
}
