package ringlab.sim.cost;

import ringlab.spi.board.CostKey;

import java.util.Map;
import ringlab.spi.board.Board;

/** A board's cost parameters as a flat array indexed by {@link CostKey#ordinal()}, for the hot path. */
public final class CostProfile {
    private final double[] cycles = new double[CostKey.values().length];

    private CostProfile() { }

    /** Reads every key from the board; a missing or unknown key is an error naming it. */
    public static CostProfile of(Board board) {
        CostProfile p = new CostProfile();
        Map<String, Board.Cost> costs = board.costs();
        for (String k : costs.keySet()) {
            if (CostKey.byKey(k) == null) {
                throw new IllegalArgumentException("board " + board.id() + ": unknown cost parameter '" + k + "'");
            }
        }
        for (CostKey k : CostKey.values()) {
            Board.Cost c = costs.get(k.key);
            if (c == null) throw new IllegalArgumentException("board " + board.id() + ": missing cost parameter '" + k.key + "'");
            if (c.cycles() < 0) throw new IllegalArgumentException("board " + board.id() + ": cost '" + k.key + "' is negative");
            p.cycles[k.ordinal()] = c.cycles();
        }
        return p;
    }

    /** A profile where everything is free: the ideal peer. */
    public static CostProfile free() { return new CostProfile(); }

    public double cycles(CostKey k) { return cycles[k.ordinal()]; }
}
