package ringlab.node.internal;

import com.google.gson.Gson;
import com.google.gson.GsonBuilder;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.ToNumberPolicy;
import com.google.gson.reflect.TypeToken;
import java.util.Map;
import ringlab.sim.report.ReportJson;
import ringlab.sim.report.SimStatus;

/**
 * Bridge from the simulation's typed {@link SimStatus} to the flat map the node's status and metrics still
 * read (the device detail's keys next to virtual_ns, and each port's feature counters next to its "active"
 * list), so GET /status keeps its shape until the node has status records of its own embedding SimStatus.
 */
final class FlatSimStatus {
    private FlatSimStatus() { }

    /** Whole numbers come back as Long, others as Double, like the maps the simulation used to build. */
    private static final Gson MAPS = new GsonBuilder().setObjectToNumberStrategy(ToNumberPolicy.LONG_OR_DOUBLE).create();

    static Map<String, Object> of(SimStatus status) {
        JsonObject tree = ReportJson.toJsonTree(status).getAsJsonObject();
        JsonObject device = tree.remove("device").getAsJsonObject();
        device.entrySet().forEach(e -> tree.add(e.getKey(), e.getValue()));
        JsonObject features = new JsonObject();
        for (Map.Entry<String, JsonElement> port : device.getAsJsonObject("features").entrySet()) {
            JsonObject p = port.getValue().getAsJsonObject();
            JsonObject flat = new JsonObject();
            flat.add("active", p.get("active"));
            p.getAsJsonObject("counters").entrySet().forEach(e -> flat.add(e.getKey(), e.getValue()));
            if (p.has("rx_buffers")) flat.add("rx_buffers", p.get("rx_buffers"));
            features.add(port.getKey(), flat);
        }
        tree.add("features", features);
        return MAPS.fromJson(tree, new TypeToken<Map<String, Object>>() { }.getType());
    }
}
