package ringlab.node.internal;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;
import ringlab.spi.feature.DriverFeature;
import ringlab.spi.feature.Tunable;

/**
 * Validates tunable values for one feature (PID ringlab.feature.ID, or PUT /api/v1/features/ID) against
 * its declared tunables: known names, whole numbers, within min/max. All or nothing.
 */
final class TunableValues {
    private TunableValues() { }

    /** Configuration keys that are not tunables (ConfigAdmin's, FileInstall's). */
    static boolean bookkeeping(String key) {
        return key.indexOf('.') >= 0;
    }

    /** The tunable values among a configuration's properties (none when there is no configuration). */
    static Map<String, Object> values(Map<String, Object> props) {
        Map<String, Object> raw = new LinkedHashMap<>();
        if (props != null) props.forEach((k, v) -> {
            if (!bookkeeping(k)) raw.put(k, v);
        });
        return raw;
    }

    /** The declared default of a tunable of {@code f}, 0 if it has none of that name. */
    static long defaultOf(DriverFeature f, String name) {
        for (Tunable t : f.tunables()) if (t.name().equals(name)) return t.defaultValue();
        return 0;
    }

    /** Values by kernel name, sorted; each must be a tunable of {@code f} in its range. */
    static Map<String, Long> validate(DriverFeature f, Map<String, ?> raw) {
        Map<String, Tunable> byName = new LinkedHashMap<>();
        for (Tunable t : f.tunables()) byName.put(t.name(), t);
        Map<String, Long> out = new TreeMap<>();
        for (Map.Entry<String, ?> e : raw.entrySet()) {
            Tunable t = byName.get(e.getKey());
            if (t == null) {
                throw new IllegalArgumentException("feature '" + f.id() + "' has no tunable '" + e.getKey() + "' (tunables: "
                        + (byName.isEmpty() ? "none" : String.join(", ", byName.keySet())) + ")");
            }
            long v = whole(f, t, e.getValue());
            if (v < t.min() || v > t.max()) {
                throw new IllegalArgumentException("tunable " + f.id() + "/" + t.name() + " = " + v + " is out of range ["
                        + t.min() + ", " + t.max() + "] " + t.unit());
            }
            out.put(t.name(), v);
        }
        return out;
    }

    private static long whole(DriverFeature f, Tunable t, Object v) {
        String where = "tunable " + f.id() + "/" + t.name();
        if (v instanceof Long || v instanceof Integer || v instanceof Short || v instanceof Byte) return ((Number) v).longValue();
        if (v instanceof Number n) {
            double d = n.doubleValue();
            if (d == Math.rint(d) && Math.abs(d) < 9e15) return (long) d;
            throw new IllegalArgumentException(where + " must be a whole number, not " + v);
        }
        if (v instanceof String s) {
            try {
                return Long.parseLong(s.trim());
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException(where + " must be a whole number, not '" + s + "'");
            }
        }
        throw new IllegalArgumentException(where + " must be a whole number, not " + (v == null ? "null" : v.getClass().getSimpleName()));
    }
}
