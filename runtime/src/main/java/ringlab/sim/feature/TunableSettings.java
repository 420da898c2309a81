package ringlab.sim.feature;

import java.util.Collections;
import java.util.Map;
import java.util.TreeMap;

/**
 * Tunable values per feature: feature id to kernel name to value. Each feature's install() sees only its
 * own entry (DriverHooks.tunable), so two features may both have a tunable called, say, "limit". A
 * feature without an entry, or a name without a value, gets the board's stock setting or the default.
 */
public final class TunableSettings {
    public static final TunableSettings NONE = new TunableSettings(Map.of());

    private final Map<String, Map<String, Long>> byFeature;

    private TunableSettings(Map<String, Map<String, Long>> byFeature) {
        this.byFeature = byFeature;
    }

    /** A copy of {@code byFeature} (feature id to kernel name to value); empty inner maps are dropped. */
    public static TunableSettings of(Map<String, ? extends Map<String, Long>> byFeature) {
        Map<String, Map<String, Long>> m = new TreeMap<>();
        byFeature.forEach((id, values) -> {
            if (!values.isEmpty()) m.put(id, Collections.unmodifiableMap(new TreeMap<>(values)));
        });
        return new TunableSettings(Collections.unmodifiableMap(m));
    }

    /** These settings with the values of {@code featureId} replaced by {@code values} (empty: its defaults). */
    public TunableSettings with(String featureId, Map<String, Long> values) {
        Map<String, Map<String, Long>> m = new TreeMap<>(byFeature);
        m.put(featureId, values);
        return of(m);
    }

    /** The value set for a feature's tunable, or null. */
    public Long value(String featureId, String name) {
        return byFeature.getOrDefault(featureId, Map.of()).get(name);
    }

    /** Feature id to kernel name to value, sorted. */
    public Map<String, Map<String, Long>> byFeature() { return byFeature; }

    @Override public boolean equals(Object o) { return o instanceof TunableSettings t && t.byFeature.equals(byFeature); }

    @Override public int hashCode() { return byFeature.hashCode(); }

    @Override public String toString() { return byFeature.toString(); }
}
