package ringlab.node.internal;

import java.util.Map;
import ringlab.node.ScenarioSpec;

/**
 * Reads scenario fields from an API request or a configuration's properties (a .cfg file in DATA/deploy
 * gives strings): the one place that turns untyped values into a {@link ScenarioSpec}, so a file is
 * refused with the same words as the API. Fields left out keep the base's value.
 */
final class ScenarioProperties {
    private ScenarioProperties() { }

    /** The scenario of a node that has never accepted one (the Metatype's defaults, PacedRunner.Config). */
    static final ScenarioSpec DEFAULTS = new ScenarioSpec("bcm6328", "stock", "-M 512", "1", 1);
    /** Wall milliseconds between the runner's advances when the configuration does not say. */
    static final long DEFAULT_TICK_MILLIS = 20;

    private static final String FIELDS = "board, features, workload, pace, seed";

    /**
     * {@code base} with the fields in {@code changes}; an unknown field, or a value of the wrong kind, is an
     * IllegalArgumentException naming it. Keys with a dot (ConfigAdmin's and FileInstall's bookkeeping,
     * DS's component.*) and tickMillis (a node setting, not part of the scenario) are skipped when
     * {@code fromConfiguration}.
     */
    static ScenarioSpec merge(ScenarioSpec base, Map<String, ?> changes, boolean fromConfiguration) {
        String board = base.board(), features = base.features(), workload = base.workload(), pace = base.pace();
        long seed = base.seed();
        for (Map.Entry<String, ?> e : changes.entrySet()) {
            String k = e.getKey();
            Object v = e.getValue();
            if (fromConfiguration && (k.indexOf('.') >= 0 || k.equals("tickMillis"))) continue;
            switch (k) {
                case "board" -> board = text(k, v);
                case "features" -> features = text(k, v);
                case "workload" -> workload = text(k, v);
                case "pace" -> pace = v instanceof Number n ? n.toString() : text(k, v);
                case "seed" -> seed = whole(k, v);
                default -> throw new IllegalArgumentException("unknown field '" + k + "' (fields: " + FIELDS + ")");
            }
        }
        return new ScenarioSpec(board, features, workload, pace, seed);
    }

    /** The configuration's tickMillis, or the default (a malformed one is refused like any field). */
    static long tickMillis(Map<String, ?> props) {
        Object v = props == null ? null : props.get("tickMillis");
        return v == null ? DEFAULT_TICK_MILLIS : Math.max(1, whole("tickMillis", v));
    }

    static String text(String field, Object v) {
        if (v instanceof String s) return s;
        throw new IllegalArgumentException("field '" + field + "' must be a string, not " + shown(v));
    }

    static long whole(String field, Object v) {
        if (v instanceof Long || v instanceof Integer || v instanceof Short || v instanceof Byte) return ((Number) v).longValue();
        try {
            if (v instanceof java.math.BigDecimal d) return d.longValueExact();
            if (v instanceof Number n && n.doubleValue() == Math.rint(n.doubleValue()) && Math.abs(n.doubleValue()) < 9e15) return n.longValue();
            if (v instanceof String s) return Long.parseLong(s.trim());
        } catch (ArithmeticException | NumberFormatException e) {
            // below
        }
        throw new IllegalArgumentException("field '" + field + "' must be a whole number, not " + shown(v));
    }

    /** A value as a message shows it: quoted text cut to a few hundred characters. */
    private static String shown(Object v) {
        if (v == null) return "null";
        String s = v.toString();
        if (s.length() > 200) s = s.substring(0, 200) + "...";
        return v instanceof String ? "'" + s + "'" : s;
    }
}
