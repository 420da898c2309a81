package ringlab.webconsole.api;

import com.google.gson.FormattingStyle;
import com.google.gson.Gson;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParseException;
import com.google.gson.JsonParser;
import java.util.ArrayList;
import java.util.List;
import ringlab.sim.report.ReportJson;

/**
 * JSON of the node's HTTP answers: the same rules as the CLI's reports (ReportJson: record components
 * snake_case, null parts left out, NaN and infinities as null, plain numbers), pretty-printed for the
 * REST API and on one line for server-sent events; request objects parsed with clear errors.
 */
public final class Json {
    private Json() { }

    private static final Gson COMPACT = ReportJson.GSON.newBuilder().setFormattingStyle(FormattingStyle.COMPACT).create();

    /** Pretty-printed, for REST answers. */
    public static String write(Object value) { return ReportJson.GSON.toJson(value); }

    /** On one line, for a server-sent event's data field. */
    public static String line(Object value) { return COMPACT.toJson(value); }

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

    /** A field that must be a JSON string; the message names the field. */
    static String string(String field, JsonElement v) {
        if (v == null || !v.isJsonPrimitive() || !v.getAsJsonPrimitive().isString()) {
            throw new IllegalArgumentException("field '" + field + "' must be a string, not " + v);
        }
        return v.getAsString();
    }

    /** A field that must be a whole number; the message names the field. */
    static long whole(String field, JsonElement v) {
        if (v != null && v.isJsonPrimitive() && v.getAsJsonPrimitive().isNumber()) {
            try {
                return v.getAsBigDecimal().longValueExact();
            } catch (ArithmeticException e) {
                // below
            }
        }
        throw new IllegalArgumentException("field '" + field + "' must be a whole number, not " + v);
    }

    /** A field that is a string, or an array of strings joined with {@code sep} (feature lists, iperf3 arguments). */
    static String stringOrList(String field, JsonElement v, String sep) {
        if (v == null || !v.isJsonArray()) return string(field, v);
        List<String> parts = new ArrayList<>();
        for (JsonElement e : v.getAsJsonArray()) parts.add(string(field + "[]", e));
        return String.join(sep, parts);
    }
}
