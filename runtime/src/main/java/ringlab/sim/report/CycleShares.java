package ringlab.sim.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import ringlab.spi.board.CostKey;

/**
 * Cycles by cost key as perf report lists symbols: each charged key's share of all the cycles, largest first,
 * ties by key name. Used for a run's report (cycles_percent_by_key) and the node's per-interval samples.
 */
public final class CycleShares {
    private CycleShares() { }

    /**
     * @param cycles cycles per cost key, indexed by {@link CostKey#ordinal()} (cycles)
     * @return the keys with cycles above 0 and their share of all of them (percent), largest first; empty when
     *         nothing was charged
     */
    public static Map<String, Double> largestFirst(double[] cycles) {
        CostKey[] keys = CostKey.values();
        double all = 0;
        List<CostKey> charged = new ArrayList<>();
        for (CostKey k : keys) {
            double v = cycles[k.ordinal()];
            if (v > 0) {
                all += v;
                charged.add(k);
            }
        }
        charged.sort((a, b) -> cycles[a.ordinal()] != cycles[b.ordinal()]
                ? Double.compare(cycles[b.ordinal()], cycles[a.ordinal()]) : a.key.compareTo(b.key));
        Map<String, Double> m = new LinkedHashMap<>();
        for (CostKey k : charged) m.put(k.key, 100.0 * cycles[k.ordinal()] / all);
        return m;
    }
}
