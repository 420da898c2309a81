package ringlab.sim.feature;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import ringlab.spi.feature.DriverFeature;

/**
 * The order a driver installs a feature set in: a stable topological order of {@link DriverFeature#requires()}.
 * Each feature keeps its place in the list, except that a requirement listed after it moves to just before
 * it. Features hand the driver strategies (rx buffers, delivery...) and a later install replaces an earlier
 * one's, so a feature built on another (page-pool on build-skb) must come after it; without this the
 * result depended on the order the user happened to list them in.
 *
 * <p>Requirements missing from the set are ignored here ({@link FeatureResolver} refuses them where a
 * list is read). A cycle of requirements has no such order: it is cut at its first listed member, which
 * goes after the rest of the cycle (no bundle declares one). Entries are placed by position, so a list
 * that names a feature twice still installs it twice, as before; a requirement is its first entry.
 */
public final class InstallOrder {
    private static final int NEW = 0, VISITING = 1, PLACED = 2;

    private InstallOrder() { }

    public static List<DriverFeature> of(List<DriverFeature> features) {
        Map<String, Integer> firstById = new HashMap<>();
        for (int i = 0; i < features.size(); i++) firstById.putIfAbsent(features.get(i).id(), i);
        int[] state = new int[features.size()];
        List<DriverFeature> out = new ArrayList<>(features.size());
        for (int i = 0; i < features.size(); i++) place(i, features, firstById, state, out);
        return List.copyOf(out);
    }

    private static void place(int i, List<DriverFeature> features, Map<String, Integer> firstById, int[] state,
                              List<DriverFeature> out) {
        if (state[i] != NEW) return;
        state[i] = VISITING;
        for (String r : features.get(i).requires()) {
            Integer req = firstById.get(r);
            if (req != null) place(req, features, firstById, state, out);
        }
        state[i] = PLACED;
        out.add(features.get(i));
    }
}
