package ringlab.sim.cost;

import ringlab.spi.board.CostKey;

import java.util.Map;
import ringlab.spi.board.Board;

/** A board's cost parameters as a flat array indexed by {@link CostKey#ordinal()}, for the hot path. */
public final class CostProfile {
    private final double[] cycles = new double[CostKey.values().length];

    private CostProfile() { }

    /** Reads every key from the board; a missing or unknown key is an error naming it (a late key left out takes its {@link LateCostKeys fallback}). */
    public static CostProfile of(Board board) {
        CostProfile p = new CostProfile();
        Map<String, Board.Cost> costs = LateCostKeys.withFallbacks(board.costs());
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
        // the stack charges a trap per misaligned header access at this cost; where the hardware handles
        // misaligned accesses there is no trap to charge
        if (!board.soc().unalignedTraps() && p.cycles[CostKey.UNALIGNED_TRAP.ordinal()] != 0) {
            throw new IllegalArgumentException("board " + board.id() + ": cost 'unaligned.trap' must be 0 when soc.unalignedTraps is false");
        }
        return p;
    }

    /** A profile where everything is free: the ideal peer. */
    public static CostProfile free() { return new CostProfile(); }

    public double cycles(CostKey k) { return cycles[k.ordinal()]; }

    /** Every key's cycles, indexed by {@link CostKey#ordinal()}: a copy, for a core's charging loop. */
    public double[] toArray() { return cycles.clone(); }
}
