package ringlab.sim.feature;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import ringlab.spi.board.Board;
import ringlab.spi.feature.DriverFeature;

/**
 * Resolves a feature list as the CLI and the node accept it: comma-separated ids, "stock" for the board's
 * stock set, "-id" to remove one; then checks each feature is installed, runs on the board, has its
 * requirements and no conflicts. Errors are one line naming the feature, what is missing and the board.
 */
public final class FeatureResolver {
    private FeatureResolver() { }

    /**
     * The feature ids a list names on a board, in order, without checking that they are installed; empty or null
     * means "stock". The list is read left to right: "stock" adds the board's stock set, "id" adds one, "-id"
     * removes one from what precedes it. What would otherwise be silently dropped or merged is refused with one
     * line naming the list: an empty item ("gro,,bql", ","), an id (or "stock") named twice, and a removal of an
     * id that is not in the set so far ("-gro" alone, or "stock,-batched-rx" where the stock set lacks it), since
     * each of those is a typo or a misreading of the grammar, never a request that means something else.
     */
    public static List<String> ids(String list, Board board) {
        if (list == null || list.isBlank()) return List.copyOf(new LinkedHashSet<>(board.stockFeatures()));
        checkItems(list);
        Set<String> ids = new LinkedHashSet<>();
        for (String raw : list.split(",")) {
            String t = raw.trim();
            if (t.startsWith("-")) {
                String id = t.substring(1);
                if (!ids.remove(id)) {
                    throw new IllegalArgumentException("feature list '" + list + "': '" + t + "' removes '" + id
                            + "', which is not in the set before it (" + (ids.isEmpty() ? "empty" : String.join(",", ids))
                            + "); a removal applies to what precedes it, as in stock," + t);
                }
            } else if (t.equals("stock")) {
                ids.addAll(board.stockFeatures());
            } else {
                ids.add(t);
            }
        }
        return List.copyOf(ids);
    }

    /**
     * What is wrong with a non-blank list whatever the board: an empty item, a bare "-", an id (or "stock") named
     * twice. Sweep specs check this once for the whole spec; the board-dependent part (a removal of what is not
     * there) is {@link #ids}'s.
     */
    public static void checkItems(String list) {
        Set<String> named = new HashSet<>();
        for (String raw : list.split(",", -1)) { // -1 keeps trailing empty items, to refuse them too
            String t = raw.trim();
            if (t.isEmpty()) {
                throw new IllegalArgumentException("feature list '" + list + "' has an empty item (ids are separated by single commas)");
            }
            String id = t.startsWith("-") ? t.substring(1) : t;
            if (id.isEmpty()) throw new IllegalArgumentException("'-' names no feature to remove (write -id)");
            if (!named.add(id)) throw new IllegalArgumentException("feature list '" + list + "': '" + id + "' is named twice");
        }
    }

    public static List<DriverFeature> resolve(String list, Board board, Map<String, DriverFeature> installed) {
        checkRemovals(list, board, installed);
        List<String> ids = ids(list, board);
        List<DriverFeature> out = new ArrayList<>();
        for (String id : ids) {
            DriverFeature f = installed.get(id);
            if (f == null) {
                throw notInstalled("feature '" + id + "'", installed);
            }
            String why = f.unsupportedReason(board);
            if (why != null) throw new IllegalArgumentException("feature '" + id + "' cannot run on board " + board.id() + ": " + why);
            out.add(f);
        }
        for (DriverFeature f : out) {
            for (String r : f.requires()) {
                if (!ids.contains(r)) throw new IllegalArgumentException("feature '" + f.id() + "' requires '" + r + "', which is not in the set, on board " + board.id());
            }
            for (String c : f.conflicts()) {
                if (ids.contains(c)) throw new IllegalArgumentException("feature '" + f.id() + "' conflicts with '" + c + "' on board " + board.id());
            }
        }
        return out;
    }

    /**
     * A "-id" must name a feature that is installed or in the board's stock set (whose bundle may be gone: then
     * "stock,-id" is how to run without it); anything else is a typo that would otherwise be ignored.
     */
    private static void checkRemovals(String list, Board board, Map<String, DriverFeature> installed) {
        if (list == null) return;
        for (String raw : list.split(",")) {
            String t = raw.trim();
            if (!t.startsWith("-")) continue;
            String id = t.substring(1);
            if (id.isEmpty()) throw new IllegalArgumentException("'-' names no feature to remove (write -id)");
            if (!installed.containsKey(id) && !board.stockFeatures().contains(id)) {
                throw notInstalled("feature '" + id + "' in '" + t + "'", installed);
            }
        }
    }

    private static IllegalArgumentException notInstalled(String what, Map<String, DriverFeature> installed) {
        return new IllegalArgumentException(what + " is not installed (installed: "
                + (installed.isEmpty() ? "none" : String.join(", ", installed.keySet())) + ")");
    }
}
