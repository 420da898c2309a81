package ringlab.sim.cost;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.EnumMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import ringlab.spi.board.CostKey;
import ringlab.spi.driver.Exec;

class SequentialRunTest {
    /** Records what is charged, per key. */
    static final class Charges implements Exec {
        final Map<CostKey, Double> units = new EnumMap<>(CostKey.class);
        @Override public void charge(CostKey k) { charge(k, 1); }
        @Override public void charge(CostKey k, double n) { units.merge(k, n, Double::sum); }
        @Override public long now() { return 0; }
        @Override public boolean inSoftirq() { return false; }
        double of(CostKey k) { return units.getOrDefault(k, 0.0); }
    }

    @Test
    void theFirstLineIsAMissAndEachFurtherLineStreams() {
        Charges x = new Charges();
        SequentialRun.charge(x, 23); // a 1448-byte payload in 64-byte lines
        assertEquals(1, x.of(CostKey.DRAM_MISS));
        assertEquals(22, x.of(CostKey.DRAM_STREAM));
    }

    @Test
    void aSingleLineOrNoneStreamsNothing() {
        Charges x = new Charges();
        SequentialRun.charge(x, 1);
        assertEquals(1, x.of(CostKey.DRAM_MISS));
        assertEquals(0, x.of(CostKey.DRAM_STREAM));
        SequentialRun.charge(x, 0);
        assertEquals(1, x.of(CostKey.DRAM_MISS), "an empty run charges nothing");
        assertEquals(0, x.of(CostKey.DRAM_STREAM));
    }
}
