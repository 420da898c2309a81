package ringlab.sim.report.format;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * A JSON document's key tree with value types, as the lines "path {key:type,...}" of every object (array elements
 * at "path[]"), for comparing ringlab's output with real iperf3's recorded in src/test/resources/iperf3. Values
 * are not compared (the fixtures come from loopback), only which keys each object has, in which order, and the
 * type of each value: boolean, string, integer where iperf3 always prints an integer, number where it prints a
 * double (the keys it writes with %f; a whole double prints without a fraction there and here).
 */
final class KeyTree {
    /** iperf3 3.12 writes these with "%f" (iperf_api.c); every other number it prints is an integer. */
    static final Set<String> DOUBLE_KEYS = Set.of("start", "end", "seconds", "bits_per_second", "jitter_ms",
            "lost_percent", "host_total", "host_user", "host_system", "remote_total", "remote_user", "remote_system");
    /** The keys ringlab adds at the top level, documented; nothing else may differ. */
    static final List<String> RINGLAB_KEYS = List.of("ringlab", "wall_clock");

    private KeyTree() {
    }

    /** A recorded iperf3 output by name (e.g. "tcp-bidir"), from the test resources. */
    static JsonObject fixture(String name) {
        try (InputStream in = KeyTree.class.getResourceAsStream("/iperf3/" + name + ".json")) {
            assertNotNull(in, "fixture iperf3/" + name + ".json (record-fixtures.sh records it)");
            return JsonParser.parseString(new String(in.readAllBytes(), StandardCharsets.UTF_8)).getAsJsonObject();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** ringlab's document without its own top-level keys: what must match iperf3's. */
    static JsonObject iperfPart(String ringlabJson) {
        JsonObject doc = JsonParser.parseString(ringlabJson).getAsJsonObject();
        RINGLAB_KEYS.forEach(doc::remove);
        return doc;
    }

    /** Asserts that ringlab's JSON has the fixture's key tree and value types, showing the differing lines. */
    static void assertSameTree(String fixture, String ringlabJson) {
        assertEquals(String.join("\n", of(fixture(fixture))), String.join("\n", of(iperfPart(ringlabJson))),
                "key tree of ringlab's output vs real iperf3's " + fixture + ".json");
    }

    static Set<String> of(JsonElement doc) {
        Set<String> lines = new TreeSet<>();
        walk(doc, "", null, lines);
        return lines;
    }

    /** Returns the type of {@code e} at {@code key}, adding the object lines below it. */
    private static String walk(JsonElement e, String path, String key, Set<String> lines) {
        if (e.isJsonObject()) {
            List<String> keys = new ArrayList<>();
            for (Map.Entry<String, JsonElement> m : e.getAsJsonObject().entrySet()) {
                keys.add(m.getKey() + ":" + walk(m.getValue(), path + "." + m.getKey(), m.getKey(), lines));
            }
            lines.add((path.isEmpty() ? "." : path) + " {" + String.join(",", keys) + "}");
            return "object";
        }
        if (e.isJsonArray()) {
            Set<String> types = new TreeSet<>();
            e.getAsJsonArray().forEach(x -> types.add(walk(x, path + "[]", key, lines)));
            return "array" + types;
        }
        if (e.isJsonNull()) {
            return "null";
        }
        var p = e.getAsJsonPrimitive();
        if (p.isBoolean()) {
            return "boolean";
        }
        if (p.isString()) {
            return "string";
        }
        if (DOUBLE_KEYS.contains(key)) {
            return "number";
        }
        return p.getAsBigDecimal().stripTrailingZeros().scale() <= 0 ? "integer" : "number";
    }
}
