package ringlab.experiment.profile;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParseException;
import com.google.gson.JsonParser;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.BiFunction;
import ringlab.experiment.PlainNumbers;

/** Typed reads from a profile or board file; a wrong or missing field is refused with one line naming the file and the field. */
final class JsonReading {
    private final String origin;

    JsonReading(String origin) {
        this.origin = origin;
    }

    JsonObject parse(String text) {
        try {
            JsonElement e = JsonParser.parseString(text);
            if (!e.isJsonObject()) throw refuse("", "must be a JSON object");
            return e.getAsJsonObject();
        } catch (JsonParseException e) {
            throw new IllegalArgumentException(origin + ": not valid JSON: " + e.getMessage());
        }
    }

    IllegalArgumentException refuse(String path, String what) {
        return new IllegalArgumentException(origin + ": " + (path.isEmpty() ? "" : path + " ") + what);
    }

    JsonObject obj(JsonObject o, String path, String key) {
        JsonElement e = o.get(key);
        if (e == null || !e.isJsonObject()) throw refuse(at(path, key), e == null ? "is missing" : "must be an object");
        return e.getAsJsonObject();
    }

    String str(JsonObject o, String path, String key) {
        JsonElement e = o.get(key);
        if (e == null || !e.isJsonPrimitive() || !e.getAsJsonPrimitive().isString() || e.getAsString().isBlank()) {
            throw refuse(at(path, key), e == null ? "is missing" : "must be a non-empty string");
        }
        return e.getAsString();
    }

    double num(JsonObject o, String path, String key, double min) {
        JsonElement e = o.get(key);
        if (e == null || !e.isJsonPrimitive() || !e.getAsJsonPrimitive().isNumber()) {
            throw refuse(at(path, key), e == null ? "is missing" : "must be a number");
        }
        double v = e.getAsDouble();
        if (!(v >= min) || Double.isInfinite(v)) throw refuse(at(path, key), "must be a number >= " + PlainNumbers.plain(min) + ", not " + e);
        return v;
    }

    double optNum(JsonObject o, String path, String key) {
        return o.has(key) ? num(o, path, key, 0) : 0;
    }

    boolean bool(JsonObject o, String path, String key) {
        JsonElement e = o.get(key);
        if (e == null || !e.isJsonPrimitive() || !e.getAsJsonPrimitive().isBoolean()) {
            throw refuse(at(path, key), e == null ? "is missing" : "must be true or false");
        }
        return e.getAsBoolean();
    }

    /** A {"value": V, "note": "..."} with V >= min. */
    Quantity quantity(JsonObject o, String path, String key, double min) {
        JsonObject q = obj(o, path, key);
        String p = at(path, key);
        only(q, p, Set.of("value", "note"));
        return new Quantity(num(q, p, "value", min), str(q, p, "note"));
    }

    /** An object's entries in file order, each read by the given reader. */
    <T> Map<String, T> entries(JsonObject o, String path, BiFunction<JsonObject, String, T> read) {
        Map<String, T> out = new LinkedHashMap<>();
        for (Map.Entry<String, JsonElement> e : o.entrySet()) {
            String p = at(path, e.getKey());
            if (!e.getValue().isJsonObject()) throw refuse(p, "must be an object");
            out.put(e.getKey(), read.apply(e.getValue().getAsJsonObject(), p));
        }
        return out;
    }

    void only(JsonObject o, String path, Set<String> known) {
        for (String k : o.keySet()) {
            if (!known.contains(k)) throw refuse(at(path, k), "is not a known field (known: " + String.join(", ", new TreeSet<>(known)) + ")");
        }
    }

    static String at(String path, String key) {
        return path.isEmpty() ? key : path + "." + key;
    }
}
