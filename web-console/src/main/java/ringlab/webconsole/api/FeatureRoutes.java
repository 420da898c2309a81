package ringlab.webconsole.api;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonPrimitive;
import com.google.gson.reflect.TypeToken;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.osgi.framework.Bundle;
import org.osgi.framework.FrameworkUtil;
import ringlab.node.FeatureCatalog;
import ringlab.node.NodeConfig;
import ringlab.node.NodeRunner;
import ringlab.node.NodeStatus;
import ringlab.node.RegisteredFeature;
import ringlab.spi.feature.Counter;
import ringlab.spi.feature.DriverFeature;
import ringlab.spi.feature.Tunable;

/** /features: the installed features, their state in the running scenario, their tunables and declared counters. */
final class FeatureRoutes {
    private final FeatureCatalog features;
    private final NodeConfig config;
    private final NodeRunner runner;
    private final MetatypeForms forms;

    FeatureRoutes(FeatureCatalog features, NodeConfig config, NodeRunner runner, MetatypeForms forms) {
        this.features = features;
        this.config = config;
        this.runner = runner;
        this.forms = forms;
    }

    List<Route> routes() {
        return List.of(
                new Route("GET", "/features", "Installed features with their state, bundle, tunables and declared counters", null,
                        new TypeToken<List<FeatureInfo>>() { }.getType(), Map.of(), c -> list()),
                new Route("GET", "/features/{id}", "One feature; the ETag header is the version of its tunables", null, FeatureInfo.class, Map.of(),
                        c -> {
                            DriverFeature f = feature(c.param("id"));
                            Versions.tag(c, config.tunables(c.param("id")).version());
                            return describe(f, runner.status());
                        }),
                new Route("PUT", "/features/{id}", "Sets tunables of a feature (kernel names; all or nothing, merged into those set); applies at the driver's "
                        + "next NAPI poll. With If-Match (an ETag of GET /features/{id}), tunables changed since are a 412",
                        new TypeToken<Map<String, Long>>() { }.getType(), Answers.TunablesAccepted.class, Map.of(),
                        c -> putTunables(c, c.param("id"), Json.object(c.body()))),
                new Route("DELETE", "/features/{id}/tunables", "Clears the tunables set for a feature: each back to its default at the driver's next NAPI poll. "
                        + "With If-Match (an ETag of GET /features/{id}), tunables changed since are a 412",
                        null, Answers.TunablesAccepted.class, Map.of(), c -> {
                            feature(c.param("id"));
                            NodeConfig.Versioned<Map<String, Long>> v = config.clearTunables(c.param("id"), Versions.ifMatch(c));
                            Versions.tag(c, v.version());
                            return new Answers.TunablesAccepted(c.param("id"), v.value(), "at the driver's next NAPI poll");
                        }),
                new Route("GET", "/forms/{pid}", "The configuration form of a PID, generated from its published Metatype (ringlab.scenario, ringlab.feature.ID, ...)",
                        null, MetatypeForms.Form.class, Map.of(), c -> {
                            MetatypeForms.Form form = forms.form(c.param("pid"));
                            if (form == null) throw new ApiError(404, "no Metatype is published for PID '" + c.param("pid") + "'");
                            return form;
                        }));
    }

    private DriverFeature feature(String id) throws ApiError {
        DriverFeature f = features.byId().get(id);
        if (f == null) throw new ApiError(404, "feature '" + id + "' is not installed");
        return f;
    }

    private List<FeatureInfo> list() {
        NodeStatus status = runner.status();
        List<FeatureInfo> out = new ArrayList<>();
        for (DriverFeature f : features.byId().values()) out.add(describe(f, status));
        return out;
    }

    private FeatureInfo describe(DriverFeature f, NodeStatus status) {
        String id = f.id();
        Map<String, Long> set = config.tunables().getOrDefault(id, Map.of());
        List<FeatureInfo.TunableInfo> ts = new ArrayList<>();
        for (Tunable t : f.tunables()) {
            ts.add(new FeatureInfo.TunableInfo(t.name(), t.unit(), t.defaultValue(), t.min(), t.max(),
                    set.getOrDefault(t.name(), t.defaultValue()), t.doc()));
        }
        List<FeatureInfo.CounterInfo> cs = new ArrayList<>();
        for (Counter k : f.counters()) cs.add(new FeatureInfo.CounterInfo(k.name(), k.unit(), k.kind().name().toLowerCase(java.util.Locale.ROOT), k.doc()));
        String state = "available", reason = null;
        for (NodeStatus.QuarantinedFeature q : status.quarantined()) {
            if (q.id().equals(id)) {
                state = "quarantined";
                reason = q.error();
            }
        }
        if (reason == null) {
            if (status.scenario().activeFeatures().contains(id)) {
                state = "active";
            } else if (status.scenario().unavailableFeatures().containsKey(id)) {
                state = "unavailable";
                reason = status.scenario().unavailableFeatures().get(id);
            }
        }
        // the plug-in's class, not the node's RegisteredFeature wrapper around it
        Bundle b = FrameworkUtil.getBundle(f instanceof RegisteredFeature r ? r.plugin().getClass() : f.getClass());
        FeatureInfo.BundleRef bundle = b == null ? null : new FeatureInfo.BundleRef(b.getBundleId(), b.getSymbolicName(), b.getVersion().toString());
        String pid = NodeConfig.featurePid(id);
        return new FeatureInfo(id, f.summary(), pid, f.requires(), f.conflicts(), state, reason, bundle, ts, cs, form(pid, f));
    }

    /** The Metatype form of the feature's PID, with each tunable's range and unit (which Metatype cannot say). */
    private MetatypeForms.Form form(String pid, DriverFeature f) {
        MetatypeForms.Form form = forms.form(pid);
        if (form == null) return null;
        List<MetatypeForms.Field> fields = new ArrayList<>();
        for (MetatypeForms.Field x : form.fields()) {
            Tunable t = f.tunables().stream().filter(u -> u.name().equals(x.id())).findFirst().orElse(null);
            fields.add(t == null ? x : x.withRange(t.min(), t.max(), t.unit()));
        }
        return new MetatypeForms.Form(form.pid(), form.name(), form.description(), fields);
    }

    private Answers.TunablesAccepted putTunables(Call c, String id, JsonObject o) throws ApiError {
        feature(id);
        JsonObject values = o.has("tunables") && o.size() == 1 && o.get("tunables").isJsonObject() ? o.getAsJsonObject("tunables") : o;
        Map<String, Object> raw = new LinkedHashMap<>();
        for (Map.Entry<String, JsonElement> e : values.entrySet()) {
            JsonElement v = e.getValue();
            if (!v.isJsonPrimitive()) throw new IllegalArgumentException("tunable " + id + "/" + e.getKey() + " must be a whole number, not " + v);
            JsonPrimitive p = v.getAsJsonPrimitive();
            raw.put(e.getKey(), p.isNumber() ? (Object) Json.decimal(e.getKey(), p) : p.isString() ? p.getAsString() : (Object) p.getAsBoolean());
        }
        NodeConfig.Versioned<Map<String, Long>> v = config.applyTunables(id, raw, Versions.ifMatch(c));
        Versions.tag(c, v.version());
        return new Answers.TunablesAccepted(id, v.value(), "at the driver's next NAPI poll");
    }
}
