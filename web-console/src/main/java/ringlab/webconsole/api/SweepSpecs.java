package ringlab.webconsole.api;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import java.math.BigDecimal;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Checks a sweep spec from POST /sweeps before any process starts: what can be checked cheaply here (shape,
 * installed boards, value ranges, the product's size). Feature lists and iperf3 arguments are the sweep's to
 * judge: a combination the resolver refuses is listed in its report, not refused here. "boards": "all" becomes
 * the node's installed boards, so spec.json says what ran.
 */
final class SweepSpecs {
    /** The most runs one sweep may expand to from the API: beyond, a sweep belongs to the CLI and a cluster. */
    static final long MAX_RUNS = 20_000;
    static final Pattern NAME = Pattern.compile("[A-Za-z0-9._-]{1,64}");
    private static final Set<String> FIELDS = Set.of("name", "boards", "features", "workloads", "tunables", "seeds", "topology", "ping");

    private SweepSpecs() { }

    /** The spec to write to spec.json, or an IllegalArgumentException (400) naming the first thing wrong. */
    static JsonObject check(JsonObject o, Set<String> installedBoards) {
        for (String k : o.keySet()) {
            if (!FIELDS.contains(k)) throw bad("unknown field '" + Echo.cut(k) + "' (fields: name, boards, features, workloads, tunables, seeds, topology, ping)");
        }
        JsonObject spec = new JsonObject();
        String name = o.has("name") ? Json.string("name", o.get("name")) : "sweep";
        if (!NAME.matcher(name).matches()) throw bad("field 'name' must be 1 to 64 letters, digits, '.', '_' or '-', not '" + Echo.cut(name) + "'");
        spec.addProperty("name", name);

        JsonElement b = required(o, "boards");
        JsonArray boards = new JsonArray();
        if (b.isJsonPrimitive() && "all".equals(b.getAsString())) {
            if (installedBoards.isEmpty()) throw bad("field 'boards' is \"all\" but the node has no board installed");
            installedBoards.stream().sorted().forEach(boards::add);
        } else {
            if (!b.isJsonArray()) throw bad("field 'boards' must be \"all\" or a list of installed board ids, not " + Echo.cut(b));
            for (String id : strings("boards", b)) {
                if (!installedBoards.contains(id)) throw bad("field 'boards': no installed board '" + Echo.cut(id) + "' (installed: " + String.join(", ", installedBoards.stream().sorted().toList()) + ")");
                boards.add(id);
            }
        }
        spec.add("boards", boards);
        JsonArray features = new JsonArray();
        strings("features", required(o, "features")).forEach(features::add);
        spec.add("features", features);
        spec.add("workloads", workloads(required(o, "workloads")));
        long runs = (long) boards.size() * features.size() * spec.getAsJsonArray("workloads").size();

        if (o.has("tunables")) {
            JsonElement t = o.get("tunables");
            if (!t.isJsonObject()) throw bad("field 'tunables' must be an object of --set keys to value lists or {\"from\", \"to\", \"step\"}");
            for (Map.Entry<String, JsonElement> e : t.getAsJsonObject().entrySet()) runs = times(runs, tunableValues("tunables." + e.getKey(), e.getValue()));
            spec.add("tunables", t);
        }
        if (o.has("seeds")) {
            JsonElement s = o.get("seeds");
            if (s.isJsonObject()) {
                JsonObject so = s.getAsJsonObject();
                if (so.size() != 1 || !so.has("count")) throw bad("field 'seeds' must be a list of seeds or {\"count\": N}");
                long n = Json.whole("seeds.count", so.get("count"));
                if (n < 1 || n > 1000) throw bad("field 'seeds.count' must be 1 to 1000, not " + n);
                runs = times(runs, n);
            } else {
                int n = array("seeds", s).size();
                for (JsonElement e : s.getAsJsonArray()) Json.whole("seeds[]", e);
                runs = times(runs, n);
            }
            spec.add("seeds", s);
        }
        if (o.has("topology")) {
            for (String t : strings("topology", o.get("topology"))) {
                if (!t.equals("direct") && !t.equals("forward")) throw bad("field 'topology': '" + Echo.cut(t) + "' is not direct or forward");
            }
            runs = times(runs, o.getAsJsonArray("topology").size());
            spec.add("topology", o.get("topology"));
        }
        if (o.has("ping")) {
            for (JsonElement e : array("ping", o.get("ping"))) {
                long ms = Json.whole("ping[]", e);
                if (ms < 0 || ms > 60_000) throw bad("field 'ping': " + ms + " is not 0 (none) to 60000 ms");
            }
            runs = times(runs, o.getAsJsonArray("ping").size());
            spec.add("ping", o.get("ping"));
        }
        if (runs > MAX_RUNS) throw bad("the sweep expands to more than " + MAX_RUNS + " runs; run it with `ringlab sweep` (and --master for a cluster)");
        return spec;
    }

    private static JsonArray workloads(JsonElement w) {
        JsonArray out = new JsonArray();
        Set<String> names = new HashSet<>();
        for (JsonElement e : array("workloads", w)) {
            if (!e.isJsonObject()) throw bad("field 'workloads' must be a list of {\"name\", \"iperf\"} objects");
            JsonObject x = e.getAsJsonObject();
            for (String k : x.keySet()) if (!k.equals("name") && !k.equals("iperf")) throw bad("workload field '" + Echo.cut(k) + "' is unknown (fields: name, iperf)");
            String name = Json.string("workloads[].name", x.get("name"));
            if (!NAME.matcher(name).matches()) throw bad("workload name '" + Echo.cut(name) + "' must be 1 to 64 letters, digits, '.', '_' or '-'");
            if (!names.add(name)) throw bad("workload name '" + name + "' is given twice");
            JsonObject clean = new JsonObject();
            clean.addProperty("name", name);
            clean.addProperty("iperf", x.has("iperf") ? Json.string("workloads[].iperf", x.get("iperf")) : "");
            out.add(clean);
        }
        return out;
    }

    /** How many values a tunable's list or range has. */
    private static long tunableValues(String field, JsonElement v) {
        if (v.isJsonArray()) {
            for (JsonElement e : v.getAsJsonArray()) {
                if (!e.isJsonPrimitive() || e.getAsJsonPrimitive().isBoolean()) throw bad("field '" + Echo.cut(field) + "' values must be numbers or strings, not " + Echo.cut(e));
            }
            return array(field, v).size();
        }
        if (!v.isJsonObject()) throw bad("field '" + Echo.cut(field) + "' must be a list of values or {\"from\", \"to\", \"step\"}");
        JsonObject r = v.getAsJsonObject();
        for (String k : r.keySet()) if (!Set.of("from", "to", "step").contains(k)) throw bad("field '" + Echo.cut(field) + "': unknown key '" + Echo.cut(k) + "' (from, to, step)");
        BigDecimal from = number(field + ".from", r.get("from")), to = number(field + ".to", r.get("to")), step = number(field + ".step", r.get("step"));
        if (step.signum() <= 0) throw bad("field '" + Echo.cut(field) + ".step' must be above 0");
        if (from.compareTo(to) > 0) throw bad("field '" + Echo.cut(field) + "': from is above to");
        BigDecimal n = to.subtract(from).divide(step, 0, java.math.RoundingMode.FLOOR).add(BigDecimal.ONE);
        return n.compareTo(BigDecimal.valueOf(MAX_RUNS)) > 0 ? MAX_RUNS + 1 : n.longValue();
    }

    private static BigDecimal number(String field, JsonElement v) {
        if (v == null || !v.isJsonPrimitive() || !v.getAsJsonPrimitive().isNumber()) throw bad("field '" + Echo.cut(field) + "' must be a number, not " + Echo.cut(v));
        return Json.decimal(field, v.getAsJsonPrimitive());
    }

    private static long times(long a, long b) {
        return a > MAX_RUNS || b > MAX_RUNS ? MAX_RUNS + 1 : a * b;
    }

    private static JsonElement required(JsonObject o, String field) {
        JsonElement v = o.get(field);
        if (v == null || v.isJsonNull()) throw bad("field '" + field + "' is required");
        return v;
    }

    private static JsonArray array(String field, JsonElement v) {
        if (v == null || !v.isJsonArray() || v.getAsJsonArray().isEmpty()) throw bad("field '" + field + "' must be a non-empty list");
        return v.getAsJsonArray();
    }

    private static java.util.List<String> strings(String field, JsonElement v) {
        java.util.List<String> out = new java.util.ArrayList<>();
        for (JsonElement e : array(field, v)) {
            String s = Json.string(field + "[]", e);
            if (s.isBlank()) throw bad("field '" + field + "' has an empty entry");
            out.add(s);
        }
        return out;
    }

    private static IllegalArgumentException bad(String message) { return new IllegalArgumentException(message); }

}
