package ringlab.experiment.sweep;

import com.google.gson.Gson;
import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParseException;
import com.google.gson.JsonParser;
import com.google.gson.JsonPrimitive;
import com.google.gson.Strictness;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.snakeyaml.engine.v2.api.Load;
import org.snakeyaml.engine.v2.api.LoadSettings;
import org.snakeyaml.engine.v2.exceptions.Mark;
import org.snakeyaml.engine.v2.exceptions.MarkedYamlEngineException;
import org.snakeyaml.engine.v2.exceptions.YamlEngineException;
import ringlab.experiment.JsonSyntax;
import ringlab.experiment.ReadFailure;

/**
 * Reads a sweep spec from JSON or YAML (the same structure):
 * <pre>
 * {"name": "boards-by-features",
 *  "boards": ["bcm6328", "rzg2ul"] or "all",
 *  "features": ["stock", "stock,-bql", "stock,batched-rx"],
 *  "workloads": [{"name": "tcp-rx", "iperf": "-t 10"}, {"name": "udp-rx", "iperf": "-u -b 1G -t 10"}],
 *  "tunables": {"txqueuelen": [100, 1000], "gro_flush_timeout": {"from": 0, "to": 100000, "step": 20000}},
 *  "seeds": [1, 2, 3] or {"count": 3},
 *  "topology": ["direct"], "ping": [0]}
 * </pre>
 * boards, features and workloads are required. Every error is an IllegalArgumentException with one line naming
 * the key that is wrong.
 */
public final class SweepSpecReader {
    /** The most runs one axis range may produce: a typo in a step must not expand into millions of runs. */
    public static final int MAX_RANGE_VALUES = 10_000;
    private static final Set<String> KEYS = Set.of("name", "boards", "features", "workloads", "tunables", "seeds", "topology", "ping");

    private SweepSpecReader() { }

    /** A spec file: YAML when it ends in .yaml or .yml, else JSON; its name defaults to the file's base name. */
    public static SweepSpec read(Path file) {
        String text;
        try {
            text = Files.readString(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new IllegalArgumentException("cannot read the sweep spec " + file + ": " + ReadFailure.reason(e));
        }
        String fileName = file.getFileName().toString();
        boolean yaml = fileName.endsWith(".yaml") || fileName.endsWith(".yml");
        String base = fileName.replaceFirst("\\.(json|ya?ml)$", "");
        String source = "sweep spec " + file;
        return of(yaml ? yamlTree(text, source) : jsonTree(text, source), base);
    }

    public static SweepSpec fromJson(String text, String defaultName) { return of(jsonTree(text, "sweep spec"), defaultName); }

    /** {@code source} names the text in a syntax error: the spec's file, or "sweep spec". */
    private static JsonElement jsonTree(String text, String source) {
        try {
            com.google.gson.stream.JsonReader r = new com.google.gson.stream.JsonReader(new java.io.StringReader(text));
            r.setStrictness(Strictness.STRICT);
            return JsonParser.parseReader(r);
        } catch (JsonParseException | IllegalStateException e) {
            throw new IllegalArgumentException(source + ": not valid JSON " + JsonSyntax.describe(e, 0));
        }
    }

    /**
     * YAML through snakeyaml-engine (YAML 1.2, the core schema: no implicit types beyond JSON's), turned into
     * the JSON tree the checks read.
     */
    public static SweepSpec fromYaml(String text, String defaultName) { return of(yamlTree(text, "sweep spec"), defaultName); }

    private static JsonElement yamlTree(String text, String source) {
        Object doc;
        try {
            doc = new Load(LoadSettings.builder().setAllowDuplicateKeys(false).build()).loadFromString(text);
        } catch (YamlEngineException e) {
            throw new IllegalArgumentException(source + ": not valid YAML " + yamlError(e));
        }
        return new Gson().toJsonTree(doc);
    }

    /**
     * "at line L, column C: PROBLEM (CONTEXT)" from snakeyaml's marks (counted from 0); its message alone is
     * several lines whose first is only the context ("while parsing a block collection").
     */
    private static String yamlError(YamlEngineException e) {
        if (e instanceof MarkedYamlEngineException m && m.getProblemMark().isPresent()) {
            Mark at = m.getProblemMark().get();
            String context = m.getContext() == null || m.getContext().isBlank() ? "" : " (" + m.getContext().strip() + ")";
            return "at line " + (at.getLine() + 1) + ", column " + (at.getColumn() + 1) + ": " + firstLine(m.getProblem()) + context;
        }
        return firstLine(e.getMessage());
    }

    /** The checks, on the JSON tree of either form. */
    static SweepSpec of(JsonElement root, String defaultName) {
        if (root == null || !root.isJsonObject()) throw bad("the spec", "must be an object with boards, features and workloads");
        JsonObject o = root.getAsJsonObject();
        for (String k : o.keySet()) {
            if (!KEYS.contains(k)) throw new IllegalArgumentException("sweep spec: unknown key '" + k + "' (known: " + String.join(", ", new java.util.TreeSet<>(KEYS)) + ")");
        }
        String name = o.has("name") ? string(o.get("name"), "name") : defaultName;
        if (name == null || !name.matches("[A-Za-z0-9][A-Za-z0-9._-]*")) {
            throw bad("name", "must be letters, digits, '.', '_' or '-' (it names the output folder), got '" + name + "'");
        }
        List<String> boards = null;
        JsonElement b = required(o, "boards");
        if (!(b.isJsonPrimitive() && "all".equals(b.getAsString()))) boards = strings(b, "boards", "a list of board ids or \"all\"");
        List<String> features = strings(required(o, "features"), "features", "a list of feature lists such as \"stock,-bql\"");
        List<SweepSpec.Workload> workloads = workloads(required(o, "workloads"));
        Map<String, List<String>> tunables = tunables(o.get("tunables"));
        List<Long> seeds = seeds(o.get("seeds"));
        List<String> topology = o.has("topology") ? strings(o.get("topology"), "topology", "a list of direct, forward") : List.of("direct");
        for (String t : topology) if (!t.equals("direct") && !t.equals("forward")) throw bad("topology", "values are direct or forward, got '" + t + "'");
        List<Long> ping = o.has("ping") ? longs(o.get("ping"), "ping") : List.of(0L);
        for (long p : ping) if (p < 0 || p > 60_000) throw bad("ping", "values are 0 (none) to 60000 ms, got " + p);
        return new SweepSpec(name, boards, features, workloads, tunables, seeds, topology, ping);
    }

    private static List<SweepSpec.Workload> workloads(JsonElement e) {
        if (!e.isJsonArray() || e.getAsJsonArray().isEmpty()) throw bad("workloads", "must be a non-empty list of {\"name\": ..., \"iperf\": \"-t 10\"}");
        List<SweepSpec.Workload> out = new ArrayList<>();
        Set<String> names = new LinkedHashSet<>();
        for (JsonElement w : e.getAsJsonArray()) {
            if (!w.isJsonObject()) throw bad("workloads", "each workload is an object {\"name\": ..., \"iperf\": ...}");
            JsonObject wo = w.getAsJsonObject();
            for (String k : wo.keySet()) if (!k.equals("name") && !k.equals("iperf")) throw bad("workloads", "unknown key '" + k + "' in a workload (name, iperf)");
            String name = wo.has("name") ? string(wo.get("name"), "workloads.name") : null;
            if (name == null || name.isBlank()) throw bad("workloads.name", "every workload needs a name");
            if (!names.add(name)) throw bad("workloads.name", "'" + name + "' appears twice");
            List<String> iperf;
            JsonElement i = wo.get("iperf");
            if (i == null) iperf = List.of();
            else if (i.isJsonArray()) iperf = strings(i, "workloads." + name + ".iperf", "a string or a list of arguments");
            else iperf = List.of(string(i, "workloads." + name + ".iperf").trim().split("\\s+")).stream().filter(s -> !s.isEmpty()).toList();
            out.add(new SweepSpec.Workload(name, iperf));
        }
        return out;
    }

    private static Map<String, List<String>> tunables(JsonElement e) {
        Map<String, List<String>> out = new LinkedHashMap<>();
        if (e == null) return out;
        if (!e.isJsonObject()) throw bad("tunables", "must be an object: {\"NAME\": [values] or {\"from\": A, \"to\": B, \"step\": S}}");
        for (Map.Entry<String, JsonElement> t : e.getAsJsonObject().entrySet()) {
            String key = "tunables." + t.getKey();
            JsonElement v = t.getValue();
            List<String> values = new ArrayList<>();
            if (v.isJsonArray()) {
                for (JsonElement x : v.getAsJsonArray()) values.add(scalar(x, key));
            } else if (v.isJsonObject()) {
                values.addAll(range(v.getAsJsonObject(), key));
            } else {
                throw bad(key, "must be a list of values or {\"from\": A, \"to\": B, \"step\": S}");
            }
            if (values.isEmpty()) throw bad(key, "has no values");
            out.put(t.getKey(), values);
        }
        return out;
    }

    /** from, from+step, ... up to and including to (when a step lands on it). */
    private static List<String> range(JsonObject r, String key) {
        for (String k : r.keySet()) if (!Set.of("from", "to", "step").contains(k)) throw bad(key, "unknown key '" + k + "' in a range (from, to, step)");
        BigDecimal from = number(r.get("from"), key + ".from"), to = number(r.get("to"), key + ".to");
        BigDecimal step = r.has("step") ? number(r.get("step"), key + ".step") : BigDecimal.ONE;
        if (step.signum() <= 0) throw bad(key + ".step", "must be positive, got " + step.toPlainString());
        if (to.compareTo(from) < 0) throw bad(key, "'to' (" + to.toPlainString() + ") is below 'from' (" + from.toPlainString() + ")");
        List<String> values = new ArrayList<>();
        for (BigDecimal x = from; x.compareTo(to) <= 0; x = x.add(step)) {
            if (values.size() == MAX_RANGE_VALUES) throw bad(key, "expands to more than " + MAX_RANGE_VALUES + " values");
            values.add(plain(x));
        }
        return values;
    }

    private static List<Long> seeds(JsonElement e) {
        if (e == null) return List.of(1L);
        if (e.isJsonObject()) {
            JsonObject o = e.getAsJsonObject();
            if (o.size() != 1 || !o.has("count")) throw bad("seeds", "must be a list of seeds or {\"count\": N}");
            long n = whole(o.get("count"), "seeds.count");
            if (n < 1 || n > MAX_RANGE_VALUES) throw bad("seeds.count", "must be 1 to " + MAX_RANGE_VALUES + ", got " + n);
            List<Long> s = new ArrayList<>();
            for (long i = 1; i <= n; i++) s.add(i);
            return s;
        }
        return longs(e, "seeds");
    }

    private static JsonElement required(JsonObject o, String key) {
        JsonElement e = o.get(key);
        if (e == null || e.isJsonNull()) throw bad(key, "is required");
        return e;
    }

    private static List<String> strings(JsonElement e, String key, String what) {
        if (!e.isJsonArray() || e.getAsJsonArray().isEmpty()) throw bad(key, "must be " + what + " (a non-empty list)");
        List<String> out = new ArrayList<>();
        for (JsonElement x : e.getAsJsonArray()) {
            String s = string(x, key);
            if (s.isBlank()) throw bad(key, "has an empty value");
            out.add(s.strip());
        }
        return out;
    }

    private static List<Long> longs(JsonElement e, String key) {
        if (!e.isJsonArray() || e.getAsJsonArray().isEmpty()) throw bad(key, "must be a non-empty list of whole numbers");
        List<Long> out = new ArrayList<>();
        for (JsonElement x : e.getAsJsonArray()) out.add(whole(x, key));
        return out;
    }

    private static String string(JsonElement e, String key) {
        if (e == null || !e.isJsonPrimitive() || !e.getAsJsonPrimitive().isString()) throw bad(key, "must be a string");
        return e.getAsString();
    }

    /** A tunable's value: a number (written without a fraction when whole) or a string such as a qdisc name. */
    private static String scalar(JsonElement e, String key) {
        if (e == null || !e.isJsonPrimitive()) throw bad(key, "values must be numbers or strings");
        JsonPrimitive p = e.getAsJsonPrimitive();
        if (p.isNumber()) return plain(p.getAsBigDecimal());
        if (p.isBoolean()) return Boolean.toString(p.getAsBoolean());
        return p.getAsString();
    }

    private static BigDecimal number(JsonElement e, String key) {
        if (e == null || !e.isJsonPrimitive() || !e.getAsJsonPrimitive().isNumber()) throw bad(key, "must be a number");
        return e.getAsBigDecimal();
    }

    private static long whole(JsonElement e, String key) {
        BigDecimal d = number(e, key);
        try {
            return d.longValueExact();
        } catch (ArithmeticException x) {
            throw bad(key, "must be a whole number, got " + d.toPlainString());
        }
    }

    private static String plain(BigDecimal d) {
        String s = d.stripTrailingZeros().toPlainString();
        return s.equals("-0") ? "0" : s;
    }

    private static String firstLine(String m) {
        return m == null ? "" : m.strip().lines().findFirst().orElse("");
    }

    private static IllegalArgumentException bad(String key, String why) {
        return new IllegalArgumentException("sweep spec: '" + key + "' " + why);
    }
}
