package ringlab.webconsole.api;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonPrimitive;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import ringlab.node.NodeConfig;
import ringlab.node.ScenarioSpec;

/**
 * /scenario: what the node runs. A PUT names only the fields it changes; the node merges them into the
 * accepted scenario (under its configuration lock, so no change is lost) and validates the result as a
 * whole, with the same rules and words as for a .cfg file. ETag / If-Match: {@link Versions}.
 */
final class ScenarioRoutes {
    private final NodeConfig config;

    ScenarioRoutes(NodeConfig config) { this.config = config; }

    List<Route> routes() {
        return List.of(
                new Route("GET", "/scenario", "The accepted scenario (board, features, workload, pace, seed); the ETag header is its version",
                        null, ScenarioSpec.class, Map.of(), c -> {
                            NodeConfig.Versioned<ScenarioSpec> v = config.scenario();
                            Versions.tag(c, v.version());
                            return v.value();
                        }),
                new Route("PUT", "/scenario", "Changes fields of the scenario (the others are kept); validated as a whole, refused (400) without any effect, "
                        + "or applied at the next safe point in virtual time. With If-Match (an ETag of GET /scenario), a scenario changed since is a 412",
                        ScenarioSpec.class, Answers.ScenarioAccepted.class, Map.of(), c -> {
                            NodeConfig.Versioned<ScenarioSpec> v = config.applyScenario(changes(Json.object(c.body())), Versions.ifMatch(c));
                            Versions.tag(c, v.version());
                            return new Answers.ScenarioAccepted(v.value(), "at the next safe point in virtual time");
                        }));
    }

    /** The request's fields as plain values (text, numbers; lists joined); the node checks them. */
    private static Map<String, Object> changes(JsonObject o) {
        Map<String, Object> m = new LinkedHashMap<>();
        for (Map.Entry<String, JsonElement> e : o.entrySet()) {
            String k = e.getKey();
            JsonElement v = e.getValue();
            if (v.isJsonArray() && (k.equals("features") || k.equals("workload"))) {
                m.put(k, Json.stringOrList(k, v, k.equals("features") ? "," : " "));
            } else if (v.isJsonPrimitive()) {
                JsonPrimitive p = v.getAsJsonPrimitive();
                m.put(k, p.isNumber() ? Json.decimal(k, p) : p.isString() ? p.getAsString() : (Object) p.getAsBoolean());
            } else {
                m.put(k, v); // null, an object or an array: not text, so the node refuses it naming the field (its JSON shown)
            }
        }
        return m;
    }
}
