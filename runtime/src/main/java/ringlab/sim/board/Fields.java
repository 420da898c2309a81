package ringlab.sim.board;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.function.Function;

/**
 * Reads the fields of a descriptor and collects a problem for each one that is missing, of the wrong
 * type or out of range, instead of stopping at the first: a vendor fixes the whole file in one go.
 * Each problem names the field by its path (soc.cores). A reader returns a neutral value for a bad
 * field; the caller throws once {@link #problems} is not empty.
 */
final class Fields {
    private final List<String> problems = new ArrayList<>();

    List<String> problems() { return problems; }

    void problem(String text) { problems.add(text); }

    /** Every key of {@code o} that is not in {@code known} is a problem: a misspelt optional field would otherwise be silently left at its default. */
    void onlyKnown(JsonObject o, String path, Set<String> known) {
        for (String k : o.keySet()) {
            if (!known.contains(k)) problem(at(path, k) + " is not a known field (known: " + String.join(", ", known) + ")");
        }
    }

    JsonElement get(JsonObject o, String path, String k, boolean required) {
        JsonElement e = o.get(k);
        if (e == null || e.isJsonNull()) {
            if (required) problem(at(path, k) + " is missing");
            return null;
        }
        return e;
    }

    JsonObject obj(JsonObject o, String path, String k, boolean required) {
        JsonElement e = get(o, path, k, required);
        if (e == null) return null;
        if (!e.isJsonObject()) {
            problem(at(path, k) + " must be an object, not " + shown(e));
            return null;
        }
        return e.getAsJsonObject();
    }

    JsonArray arr(JsonObject o, String path, String k, boolean required) {
        JsonElement e = get(o, path, k, required);
        if (e == null) return null;
        if (!e.isJsonArray()) {
            problem(at(path, k) + " must be an array, not " + shown(e));
            return null;
        }
        return e.getAsJsonArray();
    }

    String str(JsonObject o, String path, String k) { return str(o, path, k, true); }

    String str(JsonObject o, String path, String k, boolean required) {
        JsonElement e = get(o, path, k, required);
        if (e == null) return null;
        return str(e, at(path, k));
    }

    String str(JsonElement e, String where) {
        if (!isString(e)) {
            problem(where + " must be a string, not " + shown(e));
            return null;
        }
        return e.getAsString();
    }

    boolean bool(JsonObject o, String path, String k) { return bool(o, path, k, null); }

    /** A boolean; {@code fallback} when absent and optional (null: required). */
    boolean bool(JsonObject o, String path, String k, Boolean fallback) {
        JsonElement e = get(o, path, k, fallback == null);
        if (e == null) return fallback != null && fallback;
        if (!e.isJsonPrimitive() || !e.getAsJsonPrimitive().isBoolean()) {
            problem(at(path, k) + " must be true or false, not " + shown(e));
            return false;
        }
        return e.getAsBoolean();
    }

    int integer(JsonObject o, String path, String k, int min) {
        return (int) whole(o, path, k, min, Integer.MAX_VALUE);
    }

    long lng(JsonObject o, String path, String k, long min) {
        return whole(o, path, k, min, Long.MAX_VALUE);
    }

    /** An optional whole number >= min; {@code absent} when the field is not there. */
    int integerOr(JsonObject o, String path, String k, int min, int absent) {
        return get(o, path, k, false) == null ? absent : integer(o, path, k, min);
    }

    /** A JSON number without a fraction, in [min, max]. */
    long whole(JsonObject o, String path, String k, long min, long max) {
        JsonElement e = get(o, path, k, true);
        if (e == null) return min;
        Double d = number(e);
        if (d == null || d != Math.rint(d) || d < min || d > max) {
            problem(at(path, k) + " must be a whole number >= " + min + ", not " + shown(e));
            return min;
        }
        return (long) (double) d;
    }

    /** A JSON number >= min. */
    double dbl(JsonObject o, String path, String k, double min) {
        JsonElement e = get(o, path, k, true);
        if (e == null) return min;
        Double d = number(e);
        if (d == null || d.isNaN() || d < min) {
            problem(at(path, k) + " must be a number >= " + (min == Math.rint(min) ? String.valueOf((long) min) : String.valueOf(min)) + ", not " + shown(e));
            return min;
        }
        return d;
    }

    /** One of the values an enum spells in descriptors; {@code fallback} when absent and optional. */
    <E extends Enum<E>> E oneOf(JsonObject o, String path, String k, Class<E> type, Function<E, String> spelling, E fallback) {
        JsonElement e = get(o, path, k, fallback == null);
        if (e == null) return fallback;
        List<String> names = new ArrayList<>();
        for (E v : type.getEnumConstants()) {
            if (isString(e) && spelling.apply(v).equals(e.getAsString())) return v;
            names.add(spelling.apply(v));
        }
        problem(at(path, k) + " must be one of " + String.join(", ", names) + ", not " + shown(e));
        return fallback != null ? fallback : type.getEnumConstants()[0];
    }

    static String at(String path, String k) { return path.isEmpty() ? k : path + "." + k; }

    private static boolean isString(JsonElement e) { return e.isJsonPrimitive() && e.getAsJsonPrimitive().isString(); }

    private static Double number(JsonElement e) {
        if (!e.isJsonPrimitive() || !e.getAsJsonPrimitive().isNumber()) return null;
        return e.getAsDouble();
    }

    /** The offending value as JSON (escaped: no line breaks), shortened. */
    static String shown(JsonElement e) {
        String s = e.toString();
        return s.length() > 40 ? s.substring(0, 37) + "..." : s;
    }
}
