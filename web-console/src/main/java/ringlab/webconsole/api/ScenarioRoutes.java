package ringlab.webconsole.api;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import java.util.List;
import java.util.Map;
import ringlab.node.NodeConfig;
import ringlab.node.ScenarioSpec;

/** /scenario: what the node runs. A PUT names only the fields it changes; the result is validated as a whole. */
final class ScenarioRoutes {
    private final NodeConfig config;

    ScenarioRoutes(NodeConfig config) { this.config = config; }

    List<Route> routes() {
        return List.of(
                new Route("GET", "/scenario", "The accepted scenario (board, features, workload, pace, seed)", null, ScenarioSpec.class, Map.of(),
                        c -> config.wanted()),
                new Route("PUT", "/scenario", "Changes fields of the scenario; validated as a whole, refused (400) without any effect, or applied at the next safe point in virtual time",
                        ScenarioSpec.class, Answers.ScenarioAccepted.class, Map.of(), c -> put(Json.object(c.body()))));
    }

    private Answers.ScenarioAccepted put(JsonObject o) {
        ScenarioSpec cur = config.wanted();
        String board = cur.board(), feats = cur.features(), workload = cur.workload(), pace = cur.pace();
        long seed = cur.seed();
        for (Map.Entry<String, JsonElement> e : o.entrySet()) {
            JsonElement v = e.getValue();
            switch (e.getKey()) {
                case "board" -> board = Json.string(e.getKey(), v);
                case "features" -> feats = Json.stringOrList(e.getKey(), v, ",");
                case "workload" -> workload = Json.stringOrList(e.getKey(), v, " ");
                case "pace" -> pace = v.isJsonPrimitive() && v.getAsJsonPrimitive().isNumber() ? v.getAsString() : Json.string(e.getKey(), v);
                case "seed" -> seed = Json.whole(e.getKey(), v);
                default -> throw new IllegalArgumentException("unknown field '" + e.getKey() + "' (fields: board, features, workload, pace, seed)");
            }
        }
        ScenarioSpec next = config.applyScenario(new ScenarioSpec(board, feats, workload, pace, seed));
        return new Answers.ScenarioAccepted(next, "at the next safe point in virtual time");
    }
}
