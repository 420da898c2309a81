package ringlab.experiment.calibrate;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import ringlab.spi.board.Board;

/**
 * One free parameter of a core type's cost profile: a factor on a group of cost keys that one physical
 * quantity sets (the core's IPC on kernel code sets every instruction-bound key, the DRAM latency every
 * miss). 1 leaves the profile as it is. The bounds are the plausible range of that quantity around the
 * profile's estimate, with the reason in {@code why}; the fit never leaves them.
 *
 * @param name  the parameter's name on the command line (--free)
 * @param doc   what it stands for
 * @param lower the smallest factor (inclusive)
 * @param upper the largest factor (inclusive)
 * @param why   why the bounds are where they are
 * @param keys  the cost keys it multiplies
 */
public record FreeParameter(String name, String doc, double lower, double upper, String why, List<String> keys) {
    public FreeParameter {
        if (!(lower > 0 && lower <= 1 && upper >= 1)) throw new IllegalArgumentException(name + ": bounds must enclose 1, got " + lower + ".." + upper);
        keys = List.copyOf(keys);
    }

    /** The board with this parameter's keys multiplied by {@code factor}; the notes say so. */
    public Board apply(Board b, double factor) {
        Map<String, Board.Cost> costs = new LinkedHashMap<>(b.costs());
        for (String k : keys) {
            Board.Cost c = costs.get(k);
            if (c != null) costs.put(k, new Board.Cost(c.cycles() * factor, c.note()));
        }
        return new Board(b.id(), b.name(), b.soc(), b.nic(), b.stockFeatures(), costs, b.origin(), b.published(), b.stockSettings(), b.calibration(),
                b.fieldNotes());
    }
}
