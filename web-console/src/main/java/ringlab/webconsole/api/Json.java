package ringlab.webconsole.api;

import com.google.gson.FormattingStyle;
import com.google.gson.Gson;
import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParseException;
import com.google.gson.JsonParser;
import com.google.gson.JsonPrimitive;
import com.google.gson.Strictness;
import com.google.gson.stream.JsonReader;
import com.google.gson.stream.JsonToken;
import java.io.IOException;
import java.io.StringReader;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
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

    /**
     * Parses a request body that must be one JSON object, strictly (RFC 8259): no comments, single quotes,
     * unquoted names, trailing commas, NaN, duplicate keys or text after the object, which a lenient parser
     * would take silently (a duplicate key's last value winning). The message names what is wrong and where.
     */
    static JsonObject object(String body) {
        if (body == null || body.isBlank()) throw new IllegalArgumentException("the request body must be a JSON object; it is empty");
        JsonReader r = new JsonReader(new StringReader(body));
        r.setStrictness(Strictness.STRICT);
        JsonElement e;
        try {
            e = read(r);
        } catch (IOException | JsonParseException | IllegalStateException ex) {
            throw new IllegalArgumentException("malformed JSON" + where(ex) + " (strict JSON: no comments, single quotes,"
                    + " unquoted names, trailing commas or NaN)");
        }
        if (!e.isJsonObject()) throw new IllegalArgumentException("the request body must be a JSON object, not " + Echo.cut(e));
        try {
            if (r.peek() != JsonToken.END_DOCUMENT) throw new IllegalArgumentException("malformed JSON: text after the object at " + r.getPath());
        } catch (IOException ex) {
            throw new IllegalArgumentException("malformed JSON: text after the object" + where(ex));
        }
        return e.getAsJsonObject();
    }

    private static final Pattern POSITION = Pattern.compile(" at line \\d+ column \\d+ path \\S*");

    /** " at line L column C path P" of a Gson message (its advice to parse leniently left out), or "". */
    private static String where(Exception e) {
        Matcher m = POSITION.matcher(String.valueOf(e.getMessage()));
        return m.find() ? m.group() : ": " + Echo.cut(e.getMessage());
    }

    /** One value; an object with a key twice is refused (Gson's tree would keep the last one). */
    private static JsonElement read(JsonReader r) throws IOException {
        switch (r.peek()) {
            case BEGIN_OBJECT -> {
                JsonObject o = new JsonObject();
                r.beginObject();
                while (r.hasNext()) {
                    String name = r.nextName();
                    if (o.has(name)) throw new IllegalArgumentException("malformed JSON: duplicate key '" + Echo.cut(name) + "' at " + r.getPath());
                    o.add(name, read(r));
                }
                r.endObject();
                return o;
            }
            case BEGIN_ARRAY -> {
                JsonArray a = new JsonArray();
                r.beginArray();
                while (r.hasNext()) a.add(read(r));
                r.endArray();
                return a;
            }
            default -> {
                return JsonParser.parseReader(r); // a string, number, boolean or null, as Gson's tree has it
            }
        }
    }

    /** A field that must be a JSON string; the message names the field. */
    static String string(String field, JsonElement v) {
        if (v == null || !v.isJsonPrimitive() || !v.getAsJsonPrimitive().isString()) {
            throw new IllegalArgumentException("field '" + field + "' must be a string, not " + Echo.cut(v));
        }
        return v.getAsString();
    }

    /**
     * A JSON number as a BigDecimal; the message names the field when it cannot be one (Gson refuses an
     * exponent beyond about 10,000, and BigDecimal one beyond an int, with messages that name nothing).
     */
    static BigDecimal decimal(String field, JsonPrimitive p) {
        try {
            return p.getAsBigDecimal();
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("field '" + Echo.cut(field) + "' is a number out of any range this node takes: " + Echo.cut(p.getAsString()));
        }
    }

    /** A field that must be a whole number; the message names the field. */
    static long whole(String field, JsonElement v) {
        if (v != null && v.isJsonPrimitive() && v.getAsJsonPrimitive().isNumber()) {
            try {
                return decimal(field, v.getAsJsonPrimitive()).longValueExact();
            } catch (ArithmeticException e) {
                // below
            }
        }
        throw new IllegalArgumentException("field '" + field + "' must be a whole number, not " + Echo.cut(v));
    }

    /**
     * A field that is a string, or an array of strings joined with {@code sep} (feature lists, iperf3 arguments).
     * The node keeps the joined line and splits it again, so an element holding the separator (or, for
     * arguments, any white space) would come back as two: refused, naming the element.
     */
    static String stringOrList(String field, JsonElement v, String sep) {
        if (v == null || !v.isJsonArray()) return string(field, v);
        List<String> parts = new ArrayList<>();
        int i = 0;
        for (JsonElement e : v.getAsJsonArray()) {
            String part = string(field + "[" + i + "]", e);
            boolean splits = sep.isBlank() ? part.chars().anyMatch(Character::isWhitespace) : part.contains(sep);
            if (splits) {
                throw new IllegalArgumentException("field '" + field + "[" + i + "]' must not contain " + (sep.isBlank() ? "white space" : "'" + sep + "'")
                        + ", not " + Echo.cut(e) + ": the node keeps the list as one line split at " + (sep.isBlank() ? "white space" : "'" + sep + "'"));
            }
            parts.add(part);
            i++;
        }
        return String.join(sep, parts);
    }
}
