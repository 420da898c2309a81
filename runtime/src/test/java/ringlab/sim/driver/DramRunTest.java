package ringlab.sim.driver;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;
import ringlab.spi.board.CostKey;

/** Exec.chargeDramRun: a run of lines from DRAM, the first a miss and the rest streamed. */
class DramRunTest {
    @Test
    void theFirstLineIsAMissAndEachFurtherLineStreams() {
        SwiotlbBounceTest.Tally x = new SwiotlbBounceTest.Tally();
        x.chargeDramRun(23); // a 1448-byte payload in 64-byte lines
        assertEquals(1, x.get(CostKey.DRAM_MISS));
        assertEquals(22, x.get(CostKey.DRAM_STREAM));
    }

    @Test
    void aSingleLineOrNoneStreamsNothing() {
        SwiotlbBounceTest.Tally x = new SwiotlbBounceTest.Tally();
        x.chargeDramRun(1);
        assertEquals(1, x.get(CostKey.DRAM_MISS));
        assertEquals(0, x.get(CostKey.DRAM_STREAM));
        x.chargeDramRun(0);
        assertEquals(1, x.get(CostKey.DRAM_MISS), "an empty run charges nothing");
        assertEquals(0, x.get(CostKey.DRAM_STREAM));
    }
}
