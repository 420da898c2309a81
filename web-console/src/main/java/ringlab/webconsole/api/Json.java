package ringlab.webconsole.api;

import com.google.gson.Gson;
import com.google.gson.GsonBuilder;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParseException;
import com.google.gson.JsonParser;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.Map;

/** JSON for the REST API (Gson): output with non-finite numbers as null, input objects with clear errors. */
final class Json {
    private Json() { }

    static final Gson GSON = new GsonBuilder().serializeNulls().disableHtmlEscaping().setPrettyPrinting().create();

    static String write(Object value) { return GSON.toJson(finite(value)); }

    /** Parses a request body that must be a JSON object; the message names what is wrong. */
    static JsonObject object(String body) {
        if (body == null || body.isBlank()) throw new IllegalArgumentException("the request body must be a JSON object; it is empty");
        JsonElement e;
        try {
            e = JsonParser.parseString(body);
        } catch (JsonParseException ex) {
            Throwable c = ex.getCause() != null ? ex.getCause() : ex;
            throw new IllegalArgumentException("malformed JSON: " + c.getMessage());
        }
        if (!e.isJsonObject()) throw new IllegalArgumentException("the request body must be a JSON object, not " + e);
        return e.getAsJsonObject();
    }

    /**
     * NaN and infinities (e.g. a rate before the first interval) are not JSON: Gson refuses them,
     * so they become null instead of breaking the endpoint.
     */
    static Object finite(Object value) {
        if (value instanceof Double d && !Double.isFinite(d) || value instanceof Float f && !Float.isFinite(f)) {
            return null;
        }
        if (value instanceof Map<?, ?> m) {
            Map<Object, Object> out = new LinkedHashMap<>();
            m.forEach((k, v) -> out.put(k, finite(v)));
            return out;
        }
        if (value instanceof Collection<?> c) {
            return c.stream().map(Json::finite).collect(ArrayList::new, ArrayList::add, ArrayList::addAll);
        }
        return value;
    }
}
