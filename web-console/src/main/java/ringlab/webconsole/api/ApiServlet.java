package ringlab.webconsole.api;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonPrimitive;
import jakarta.servlet.Servlet;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;
import org.osgi.framework.FrameworkUtil;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.servlet.whiteboard.propertytypes.HttpWhiteboardServletName;
import org.osgi.service.servlet.whiteboard.propertytypes.HttpWhiteboardServletPattern;
import ringlab.node.BoardCatalog;
import ringlab.node.FeatureCatalog;
import ringlab.node.NodeConfig;
import ringlab.node.NodeData;
import ringlab.node.NodeRunner;
import ringlab.node.ScenarioSpec;
import ringlab.spi.feature.DriverFeature;
import ringlab.spi.feature.Tunable;

/**
 * The REST API under /api/v1 (JSON by Gson): status, hardware, features, metrics, scenario and feature
 * configuration (written to ConfigAdmin after validation, so they persist and FileInstall's .cfg files
 * and the API are one path), and bundle management. Every request needs "Authorization: Bearer TOKEN"
 * (the token in the data folder); errors are {"error": "..."} with 400 (bad input), 401, 404, 409.
 */
@Component(service = Servlet.class)
@HttpWhiteboardServletName("ringlab-api")
@HttpWhiteboardServletPattern("/api/v1/*")
public final class ApiServlet extends HttpServlet {
    private static final long serialVersionUID = 1L;
    static final int MAX_BODY = 64 << 20;

    @Reference
    private transient NodeRunner runner;
    @Reference
    private transient NodeConfig config;
    @Reference
    private transient BoardCatalog boards;
    @Reference
    private transient FeatureCatalog features;
    @Reference
    private transient NodeData data;

    private transient BundleOps bundles;

    @Activate
    void activate(BundleContext context) {
        bundles = new BundleOps(context, features);
    }

    @Override
    protected void service(HttpServletRequest req, HttpServletResponse resp) throws IOException {
        resp.setHeader("Cache-Control", "no-store");
        String auth = req.getHeader("Authorization");
        if (auth == null || !auth.regionMatches(true, 0, "Bearer ", 0, 7) || !data.acceptsToken(auth.substring(7).trim())) {
            resp.setHeader("WWW-Authenticate", "Bearer realm=\"ringlab\"");
            send(resp, 401, error(auth == null ? "missing Authorization: Bearer TOKEN (the token is in the node's data folder, file token)"
                    : "wrong token"));
            return;
        }
        try {
            send(resp, 200, route(req.getMethod(), path(req), req));
        } catch (ApiError e) {
            send(resp, e.status, error(e.getMessage()));
        } catch (IllegalArgumentException e) {
            send(resp, 400, error(e.getMessage()));
        }
    }

    private static String path(HttpServletRequest req) {
        String p = req.getPathInfo();
        if (p == null || p.isEmpty()) return "/";
        return p.length() > 1 && p.endsWith("/") ? p.substring(0, p.length() - 1) : p;
    }

    private Object route(String method, String path, HttpServletRequest req) throws ApiError, IOException {
        String[] seg = path.substring(1).split("/");
        switch (seg[0]) {
            case "status" -> {
                only(method, "GET", seg, 1);
                Map<String, Object> body = new LinkedHashMap<>(runner.status());
                body.put("boards", List.copyOf(boards.boards().keySet()));
                body.put("features", features.features().stream().map(DriverFeature::id).toList());
                return body;
            }
            case "hardware" -> {
                only(method, "GET", seg, 1);
                return boards.boards();
            }
            case "metrics" -> {
                only(method, "GET", seg, 1);
                return runner.metrics();
            }
            case "scenario" -> {
                if (seg.length != 1) throw notFound(path);
                if (method.equals("GET")) return config.wanted();
                if (!method.equals("PUT")) throw notAllowed(method, path);
                return putScenario(Json.object(body(req)));
            }
            case "features" -> {
                if (seg.length == 1) {
                    only(method, "GET", seg, 1);
                    return featureList();
                }
                if (seg.length != 2) throw notFound(path);
                if (method.equals("GET")) return describe(feature(seg[1]));
                if (!method.equals("PUT")) throw notAllowed(method, path);
                return putTunables(seg[1], Json.object(body(req)));
            }
            case "bundles" -> {
                return bundles.route(method, seg, path, req);
            }
            default -> throw notFound(path);
        }
    }

    // ------------------------------------------------------------------ scenario

    private Object putScenario(JsonObject o) {
        ScenarioSpec cur = config.wanted();
        String board = cur.board(), feats = cur.features(), workload = cur.workload(), pace = cur.pace();
        long seed = cur.seed();
        for (Map.Entry<String, JsonElement> e : o.entrySet()) {
            JsonElement v = e.getValue();
            switch (e.getKey()) {
                case "board" -> board = string(e.getKey(), v);
                case "features" -> feats = v.isJsonArray() ? join(e.getKey(), v.getAsJsonArray(), ",") : string(e.getKey(), v);
                case "workload" -> workload = v.isJsonArray() ? join(e.getKey(), v.getAsJsonArray(), " ") : string(e.getKey(), v);
                case "pace" -> pace = v.isJsonPrimitive() && v.getAsJsonPrimitive().isNumber() ? v.getAsString() : string(e.getKey(), v);
                case "seed" -> seed = whole(e.getKey(), v);
                default -> throw new IllegalArgumentException("unknown field '" + e.getKey() + "' (fields: board, features, workload, pace, seed)");
            }
        }
        ScenarioSpec next = config.applyScenario(new ScenarioSpec(board, feats, workload, pace, seed));
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("accepted", next);
        m.put("applies", "at the next safe point in virtual time");
        return m;
    }

    private static String string(String field, JsonElement v) {
        if (v == null || !v.isJsonPrimitive() || !v.getAsJsonPrimitive().isString()) {
            throw new IllegalArgumentException("field '" + field + "' must be a string, not " + v);
        }
        return v.getAsString();
    }

    private static String join(String field, JsonArray a, String sep) {
        List<String> parts = new ArrayList<>();
        for (JsonElement e : a) parts.add(string(field + "[]", e));
        return String.join(sep, parts);
    }

    private static long whole(String field, JsonElement v) {
        if (v != null && v.isJsonPrimitive() && v.getAsJsonPrimitive().isNumber()) {
            try {
                return v.getAsBigDecimal().longValueExact();
            } catch (ArithmeticException e) {
                // below
            }
        }
        throw new IllegalArgumentException("field '" + field + "' must be a whole number, not " + v);
    }

    // ------------------------------------------------------------------ features

    private DriverFeature feature(String id) throws ApiError {
        for (DriverFeature f : features.features()) if (f.id().equals(id)) return f;
        throw new ApiError(404, "feature '" + id + "' is not installed");
    }

    private List<Object> featureList() {
        List<Object> out = new ArrayList<>();
        for (DriverFeature f : features.features()) out.add(describe(f));
        return out;
    }

    private Map<String, Object> describe(DriverFeature f) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("id", f.id());
        m.put("summary", f.summary());
        m.put("pid", NodeConfig.featurePid(f.id()));
        m.put("requires", f.requires());
        m.put("conflicts", f.conflicts());
        Map<String, Long> set = config.tunables().getOrDefault(f.id(), Map.of());
        List<Object> ts = new ArrayList<>();
        for (Tunable t : f.tunables()) {
            Map<String, Object> tm = new LinkedHashMap<>();
            tm.put("name", t.name());
            tm.put("unit", t.unit());
            tm.put("default", t.defaultValue());
            tm.put("min", t.min());
            tm.put("max", t.max());
            tm.put("value", set.getOrDefault(t.name(), t.defaultValue()));
            tm.put("doc", t.doc());
            ts.add(tm);
        }
        m.put("tunables", ts);
        Bundle b = FrameworkUtil.getBundle(f.getClass());
        if (b != null) m.put("bundle", Map.of("id", b.getBundleId(), "symbolicName", b.getSymbolicName()));
        Object active = ((Map<?, ?>) runner.status().getOrDefault("scenario", Map.of())).get("activeFeatures");
        m.put("active", active instanceof List<?> l && l.contains(f.id()));
        String q = runner.quarantined().get(f.id());
        if (q != null) m.put("quarantined", q);
        return m;
    }

    private Object putTunables(String id, JsonObject o) throws ApiError {
        feature(id);
        JsonObject values = o.has("tunables") && o.size() == 1 && o.get("tunables").isJsonObject() ? o.getAsJsonObject("tunables") : o;
        Map<String, Object> raw = new LinkedHashMap<>();
        for (Map.Entry<String, JsonElement> e : values.entrySet()) {
            JsonElement v = e.getValue();
            if (!v.isJsonPrimitive()) throw new IllegalArgumentException("tunable " + id + "/" + e.getKey() + " must be a whole number, not " + v);
            JsonPrimitive p = v.getAsJsonPrimitive();
            raw.put(e.getKey(), p.isNumber() ? (Object) p.getAsBigDecimal() : p.isString() ? p.getAsString() : (Object) p.getAsBoolean());
        }
        Map<String, Long> valid = config.applyTunables(id, raw); // all or nothing
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("feature", id);
        m.put("accepted", valid);
        m.put("applies", "at the driver's next NAPI poll");
        return m;
    }

    // ------------------------------------------------------------------ plumbing

    static void only(String method, String allowed, String[] seg, int segments) throws ApiError {
        if (seg.length != segments) throw notFound("/" + String.join("/", seg));
        if (!method.equals(allowed)) throw notAllowed(method, "/" + String.join("/", seg));
    }

    static ApiError notFound(String path) {
        return new ApiError(404, "no such resource: /api/v1" + path);
    }

    static ApiError notAllowed(String method, String path) {
        return new ApiError(405, method + " is not supported on /api/v1" + path);
    }

    static String body(HttpServletRequest req) throws IOException, ApiError {
        return new String(bytes(req), StandardCharsets.UTF_8);
    }

    static byte[] bytes(HttpServletRequest req) throws IOException, ApiError {
        try (InputStream in = req.getInputStream()) {
            byte[] b = in.readNBytes(MAX_BODY + 1);
            if (b.length > MAX_BODY) throw new ApiError(413, "request body larger than " + MAX_BODY + " bytes");
            return b;
        }
    }

    private static Map<String, Object> error(String message) {
        return Map.of("error", message == null ? "error" : message);
    }

    private static void send(HttpServletResponse resp, int status, Object body) throws IOException {
        resp.setStatus(status);
        resp.setContentType("application/json");
        resp.setCharacterEncoding("UTF-8");
        resp.getWriter().write(Json.write(body));
    }
}
