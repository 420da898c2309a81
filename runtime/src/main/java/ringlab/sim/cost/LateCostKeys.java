package ringlab.sim.cost;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import ringlab.spi.board.Board;
import ringlab.spi.board.CostKey;

/**
 * Cost keys added after boards were first described, which a board may leave out: a vendor's descriptor or
 * Board from before keeps working, with a figure derived from keys it does give (the note says so).
 */
public final class LateCostKeys {
    /** The keys a board may leave out. */
    public static final List<String> KEYS = List.of(CostKey.SELECT.key, CostKey.DRAM_STREAM.key);
    /** sys.select left out: this many syscall entries, the reference profile's ratio (BMIPS4350: 2500 / 500). */
    static final int SELECT_PER_SYSCALL = 5;

    private LateCostKeys() { }

    /**
     * A board's costs with each late key it leaves out added at its fallback (where the keys it is derived from
     * are there): what the loader shows (`ringlab list --costs`) and what a Board built in Java is charged.
     * The same map when nothing is added.
     */
    public static Map<String, Board.Cost> withFallbacks(Map<String, Board.Cost> costs) {
        Map<String, Board.Cost> out = costs;
        for (String late : KEYS) {
            if (costs.containsKey(late)) continue;
            Board.Cost derived = fallback(late, costs);
            if (derived == null) continue;
            if (out == costs) out = new LinkedHashMap<>(costs);
            out.put(late, derived);
        }
        return out;
    }

    /** The figure for a late key the board leaves out, from the board's other costs; null if those lack it too. */
    static Board.Cost fallback(String key, Map<String, Board.Cost> costs) {
        if (key.equals(CostKey.DRAM_STREAM.key)) {
            Board.Cost miss = costs.get(CostKey.DRAM_MISS.key);
            if (miss == null) return null;
            return new Board.Cost(miss.cycles(), "not given (a board described before ringlab charged sequential runs apart):"
                    + " dram.miss, every line waits for its own fill as on a core without a prefetcher");
        }
        if (!key.equals(CostKey.SELECT.key)) return null;
        Board.Cost syscall = costs.get(CostKey.SYSCALL.key);
        if (syscall == null) return null;
        return new Board.Cost(SELECT_PER_SYSCALL * syscall.cycles(), "not given (a board described before ringlab charged"
                + " select()'s work): " + SELECT_PER_SYSCALL + " x syscall, the reference profile's ratio");
    }
}
