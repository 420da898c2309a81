package ringlab.webconsole.api;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonPrimitive;
import com.google.gson.reflect.TypeToken;
import java.lang.reflect.Type;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import ringlab.sim.report.ReportJson;
import ringlab.webconsole.auth.Access;
import ringlab.webconsole.auth.Sessions;

/**
 * The OpenAPI 3.0.3 document of the REST API (GET /api/v1/openapi.json), generated from the route table the
 * servlet dispatches from, so a route cannot be served without being documented or the other way round.
 * Paths, operations, path and query parameters, request bodies and answers come from the {@link Route}s;
 * the schemas of the records from {@link SchemaGenerator}, with the naming rules of the Gson instance that
 * writes the answers. Every operation may answer the errors {"error": "..."} ({@link Answers.ErrorBody}):
 * each lists the statuses it can give for reasons the table shows (400 with parameters or a body, 401, 403
 * for changes, 404 with path parameters, 408, 413 and 415 with a body, 503 for the stream and uploads); {@code default} covers the
 * rest (such as 409 for a bundle already installed).
 */
final class OpenApi {
    static final String VERSION = "3.0.3";
    static final String BEARER = "bearerToken", COOKIE = "sessionCookie", CSRF = "csrfToken";
    /** The answer type of GET /openapi.json: an object of JSON values (not {@link Route#JSON_ATTACHMENT}, which is a download). */
    static final Type DOCUMENT = new TypeToken<Map<String, JsonElement>>() { }.getType();

    private OpenApi() { }

    /** The document for these routes. */
    static JsonObject document(List<Route> routes) {
        SchemaGenerator schemas = new SchemaGenerator(ReportJson.GSON);
        JsonObject doc = new JsonObject();
        doc.addProperty("openapi", VERSION);
        JsonObject info = new JsonObject();
        info.addProperty("title", "ringlab node API");
        info.addProperty("version", "1");
        info.addProperty("description", "The REST API of a ringlab node: the running scenario, its status and live samples, the"
                + " event log, features and their tunables, boards, bundles. Answers are JSON with snake_case keys (keys that are"
                + " data, such as port names, feature ids and counter names, are written as they are); a null part is left out;"
                + " a figure that is not finite is null. Errors are {\"error\": \"...\"}. Scripts authenticate with"
                + " \"Authorization: Bearer TOKEN\" (the file token in the node's data folder); the browser console with its"
                + " session cookie, and then sends the session's CSRF token (GET /session) in " + Access.CSRF_HEADER
                + " on PUT, POST and DELETE.");
        doc.add("info", info);
        JsonObject server = new JsonObject();
        server.addProperty("url", "/api/v1");
        doc.add("servers", array(server));
        doc.add("security", array(requirement(BEARER), requirement(COOKIE)));

        Map<String, JsonObject> paths = new TreeMap<>();
        Set<String> operationIds = new HashSet<>();
        Set<String> tags = new TreeSet<>();
        for (Route r : routes) {
            JsonObject item = paths.computeIfAbsent(r.path(), p -> new JsonObject());
            String method = r.method().toLowerCase(Locale.ROOT);
            if (item.has(method)) throw new IllegalStateException("two routes for " + r.method() + " " + r.path());
            JsonObject op = operation(r, schemas);
            if (!operationIds.add(op.get("operationId").getAsString())) throw new IllegalStateException("operationId twice: " + op.get("operationId"));
            tags.add(op.getAsJsonArray("tags").get(0).getAsString());
            item.add(method, op);
        }
        JsonArray tagList = new JsonArray();
        for (String t : tags) {
            JsonObject tag = new JsonObject();
            tag.addProperty("name", t);
            tagList.add(tag);
        }
        doc.add("tags", tagList);
        JsonObject p = new JsonObject();
        paths.forEach(p::add);
        doc.add("paths", p);

        JsonObject components = new JsonObject();
        components.add("responses", errorResponses(schemas));
        components.add("securitySchemes", securitySchemes());
        components.add("schemas", schemas.components()); // last: every operation has added its types
        doc.add("components", components);
        return doc;
    }

    private static JsonObject operation(Route r, SchemaGenerator schemas) {
        JsonObject op = new JsonObject();
        op.add("tags", array(tag(r.path())));
        op.addProperty("summary", r.summary());
        op.addProperty("operationId", operationId(r));
        JsonArray params = new JsonArray();
        for (String seg : r.path().substring(1).split("/")) {
            if (seg.startsWith("{")) params.add(parameter(seg.substring(1, seg.length() - 1), "path", true, null));
        }
        boolean pathParams = !params.isEmpty();
        new TreeMap<>(r.query()).forEach((name, doc) -> params.add(parameter(name, "query", false, doc)));
        if (!params.isEmpty()) op.add("parameters", params);

        if (r.request() != null) {
            JsonObject body = new JsonObject();
            body.addProperty("required", true);
            JsonObject media = new JsonObject();
            for (String type : r.mediaTypes()) {
                media.add(type, r.request() == Route.JAR ? mediaOf(binary()) : mediaOf(schemas.requestSchema(r.request())));
            }
            body.add("content", media);
            op.add("requestBody", body);
        }

        JsonObject responses = new JsonObject();
        JsonObject ok = new JsonObject();
        if (r.response() == Route.EVENT_STREAM) {
            ok.addProperty("description", "server-sent events");
            ok.add("content", content("text/event-stream", string()));
        } else if (r.response() == Route.HTML) {
            ok.addProperty("description", "an HTML page");
            ok.add("content", content("text/html", string()));
        } else if (r.response() == Route.JSON_ATTACHMENT) {
            ok.addProperty("description", "a JSON document as a download (not one of the API's records)");
            JsonObject disposition = new JsonObject();
            disposition.addProperty("description", "attachment; filename=\"...\"");
            disposition.add("schema", string());
            JsonObject headers = new JsonObject();
            headers.add("Content-Disposition", disposition);
            ok.add("headers", headers);
            ok.add("content", content("application/json", schemas.schema(Route.JSON_ATTACHMENT)));
        } else {
            ok.addProperty("description", "OK");
            ok.add("content", content("application/json", schemas.schema(r.response())));
        }
        boolean change = !r.method().equals("GET");
        boolean versioned = Versions.PATHS.contains(r.path()) || change && Versions.CHANGES.contains(r.path());
        if (versioned) {
            JsonObject etag = new JsonObject();
            etag.addProperty("description", "the configuration's version (ConfigAdmin's change count of its PID); send it back as If-Match");
            etag.add("schema", string());
            JsonObject headers = new JsonObject();
            headers.add("ETag", etag);
            ok.add("headers", headers);
        }
        responses.add(String.valueOf(r.success()), ok);
        if (versioned && change) {
            JsonObject ifMatch = parameter("If-Match", "header", false,
                    "An ETag of the GET answer: the change is made only if the configuration is still that version, else 412; without it the last writer wins (merged)");
            JsonArray ps = op.has("parameters") ? op.getAsJsonArray("parameters") : new JsonArray();
            ps.add(ifMatch);
            op.add("parameters", ps);
            responses.add("412", errorRef("PreconditionFailed"));
        }
        for (int status : r.refusals()) {
            responses.add(String.valueOf(status), errorRef(switch (status) {
                case 409 -> "Conflict";
                case 412 -> "PreconditionFailed";
                case 503 -> "Unavailable";
                default -> throw new IllegalStateException("no description for status " + status + " of " + r.method() + " " + r.path());
            }));
        }
        if (r.request() != null || !r.query().isEmpty() || pathParams) responses.add("400", errorRef("BadRequest"));
        responses.add("401", errorRef("Unauthorized"));
        if (change) responses.add("403", errorRef("Forbidden"));
        if (pathParams) responses.add("404", errorRef("NotFound"));
        if (r.request() != null) {
            responses.add("408", errorRef("Timeout"));
            responses.add("413", errorRef("TooLarge"));
            responses.add("415", errorRef("UnsupportedType"));
        }
        if (r.response() == Route.EVENT_STREAM || r.request() == Route.JAR) responses.add("503", errorRef("Unavailable"));
        // keyed by status, so the order of the additions above does not matter; the document lists them in order
        JsonObject sorted = new JsonObject();
        responses.keySet().stream().sorted().forEach(k -> sorted.add(k, responses.get(k)));
        sorted.add("default", errorRef("Error"));
        op.add("responses", sorted);

        // a session's change also needs its CSRF token; the bearer token alone suffices
        if (change) {
            JsonObject session = requirement(COOKIE);
            session.add(CSRF, new JsonArray());
            op.add("security", array(requirement(BEARER), session));
        }
        return op;
    }

    /** "get" + the path's segments in camel case, a parameter as "By" + its name: GET /features/{id} is getFeaturesById. */
    static String operationId(Route r) {
        StringBuilder b = new StringBuilder(r.method().toLowerCase(Locale.ROOT));
        for (String seg : r.path().substring(1).split("/")) {
            if (seg.startsWith("{")) {
                b.append("By");
                seg = seg.substring(1, seg.length() - 1);
            }
            for (String word : seg.split("[^A-Za-z0-9]+")) {
                if (!word.isEmpty()) b.append(Character.toUpperCase(word.charAt(0))).append(word.substring(1));
            }
        }
        return b.toString();
    }

    /** The first path segment without an extension: the group Swagger UI shows an operation under. */
    private static String tag(String path) {
        String first = path.substring(1).split("/")[0];
        int dot = first.indexOf('.');
        return dot > 0 ? first.substring(0, dot) : first;
    }

    private static JsonObject parameter(String name, String in, boolean required, String description) {
        JsonObject p = new JsonObject();
        p.addProperty("name", name);
        p.addProperty("in", in);
        p.addProperty("required", required);
        if (description != null) p.addProperty("description", description);
        p.add("schema", string());
        return p;
    }

    private static JsonObject errorResponses(SchemaGenerator schemas) {
        Object[][] errors = {
            {"BadRequest", "Bad input (malformed JSON, a value out of range, a malformed parameter); nothing was applied"},
            {"Unauthorized", "Neither a valid bearer token nor a live session (a WWW-Authenticate header says Bearer)"},
            {"Forbidden", "A session's change without its " + Access.CSRF_HEADER + " header, or from another origin"},
            {"NotFound", "No such feature, bundle or configuration PID"},
            {"PreconditionFailed", "If-Match names a version that is no longer current: read the configuration again and retry"},
            {"TooLarge", "Request body larger than the operation accepts (" + Route.JSON_LIMIT + " bytes of JSON, " + Route.JAR_LIMIT + " bytes of jar), refused from its Content-Length before it is read"},
            {"Timeout", "The request body stopped arriving before its end (the connection's idle timeout); nothing was applied"},
            {"UnsupportedType", "A body whose Content-Type the operation does not take (application/json; a jar as application/java-archive or application/octet-stream)"},
            {"Conflict", "The request conflicts with the node's state (a bundle already installed, one the deploy folder manages, a sweep already running, a report not written yet); nothing was applied"},
            {"Unavailable", "No room now (too many live streams, uploads being read, experiments queued) or the node is stopping: retry later, as Retry-After says where sent"},
            {"Error", "Other errors: 500 for a defect of the node or of a plug-in (also recorded as a warning event)"},
        };
        JsonObject o = new JsonObject();
        for (Object[] e : errors) {
            JsonObject resp = new JsonObject();
            resp.addProperty("description", (String) e[1]);
            resp.add("content", content("application/json", schemas.schema(Answers.ErrorBody.class)));
            o.add((String) e[0], resp);
        }
        return o;
    }

    private static JsonObject securitySchemes() {
        JsonObject bearer = new JsonObject();
        bearer.addProperty("type", "http");
        bearer.addProperty("scheme", "bearer");
        bearer.addProperty("description", "The API token: the file token in the node's data folder (64 hex digits)");
        JsonObject cookie = new JsonObject();
        cookie.addProperty("type", "apiKey");
        cookie.addProperty("in", "cookie");
        cookie.addProperty("name", Sessions.COOKIE);
        cookie.addProperty("description", "The console's session, set by logging in at /login (HttpOnly, SameSite=Strict)");
        JsonObject csrf = new JsonObject();
        csrf.addProperty("type", "apiKey");
        csrf.addProperty("in", "header");
        csrf.addProperty("name", Access.CSRF_HEADER);
        csrf.addProperty("description", "The session's CSRF token (csrf_token of GET /session), needed with the cookie on PUT, POST and DELETE");
        JsonObject o = new JsonObject();
        o.add(BEARER, bearer);
        o.add(COOKIE, cookie);
        o.add(CSRF, csrf);
        return o;
    }

    private static JsonObject errorRef(String name) {
        JsonObject o = new JsonObject();
        o.addProperty("$ref", "#/components/responses/" + name);
        return o;
    }

    private static JsonObject content(String mediaType, JsonObject schema) {
        JsonObject c = new JsonObject();
        c.add(mediaType, mediaOf(schema));
        return c;
    }

    private static JsonObject mediaOf(JsonObject schema) {
        JsonObject media = new JsonObject();
        media.add("schema", schema);
        return media;
    }

    private static JsonObject requirement(String scheme) {
        JsonObject o = new JsonObject();
        o.add(scheme, new JsonArray());
        return o;
    }

    private static JsonObject string() {
        JsonObject o = new JsonObject();
        o.addProperty("type", "string");
        return o;
    }

    private static JsonObject binary() {
        JsonObject o = string();
        o.addProperty("format", "binary");
        return o;
    }

    private static JsonArray array(Object... items) {
        JsonArray a = new JsonArray();
        for (Object i : items) a.add(i instanceof String s ? new JsonPrimitive(s) : (JsonElement) i);
        return a;
    }
}
