package ringlab.feature.pagepool;

import java.util.EnumMap;
import java.util.Map;
import ringlab.sim.driver.StreamingDma;
import ringlab.spi.board.CostKey;
import ringlab.spi.driver.Exec;

/** Test double of a CPU context: records the units charged per cost key; softirq or process context. */
final class Recorder implements Exec {
    final Map<CostKey, Double> units = new EnumMap<>(CostKey.class);
    final StreamingDma dma;
    boolean softirq = true;

    Recorder(int lineBytes) { this.dma = new StreamingDma(lineBytes); }

    @Override public void charge(CostKey k) { charge(k, 1); }

    @Override public void charge(CostKey k, double n) { units.merge(k, n, Double::sum); }

    @Override public long now() { return 0; }

    @Override public boolean inSoftirq() { return softirq; }

    double get(CostKey k) { return units.getOrDefault(k, 0.0); }

    void clear() { units.clear(); }
}
