package ringlab.webconsole.api;

import java.lang.reflect.Type;
import java.util.Map;

/**
 * One operation of the REST API: method, path template under /api/v1 ("/features/{id}"), what it does,
 * the types of its request and answer bodies (for the OpenAPI document) and its handler. The servlet
 * dispatches from the same table the OpenAPI document is generated from, so the two cannot disagree.
 *
 * @param request the request body's type, null without a body; {@link #JAR} for a bundle upload
 * @param response the answer's type; {@link #EVENT_STREAM} for server-sent events, {@link #JSON_ATTACHMENT} for a
 *        JSON document to download
 * @param query documented query parameters: name to description
 * @param success the status of a successful answer (200, or 202 for work started and still going)
 * @param refusals statuses the route answers besides those every route of its kind may (400, 401, 403, 404 ...),
 *        for the OpenAPI document: 409 (a conflict with the node's state), 412 (If-Match), 503 (no room now)
 */
record Route(String method, String path, String summary, Type request, Type response, Map<String, String> query, Handler handler,
        int success, java.util.Set<Integer> refusals) {
    Route(String method, String path, String summary, Type request, Type response, Map<String, String> query, Handler handler) {
        this(method, path, summary, request, response, query, handler, 200, java.util.Set.of());
    }

    /** This route, answering {@code status} on success. */
    Route answering(int status) { return new Route(method, path, summary, request, response, query, handler, status, refusals); }

    /** This route, documented to answer these statuses too. */
    Route refusing(Integer... statuses) {
        java.util.Set<Integer> all = new java.util.HashSet<>(refusals); // the document lists responses in status order itself
        all.addAll(java.util.List.of(statuses));
        return new Route(method, path, summary, request, response, query, handler, success, java.util.Set.copyOf(all));
    }

    /** Marks a jar upload (application/java-archive). */
    static final Type JAR = byte[].class;
    /** Marks a text/event-stream answer. */
    static final Type EVENT_STREAM = Void.class;
    /**
     * Marks a JSON document sent as a download (Content-Disposition: attachment) whose shape is not one of
     * our records but iperf3's -J output with a "ringlab" key (an experiment's report).
     */
    static final Type JSON_ATTACHMENT = com.google.gson.JsonObject.class;
    /** Marks an HTML page sent as it is stored (a sweep's report.html). */
    static final Type HTML = CharSequence.class;
    /** The largest JSON request body (scenario, tunables, experiments are a few hundred bytes). */
    static final long JSON_LIMIT = 1L << 20;
    /** The largest jar upload. */
    static final long JAR_LIMIT = 64L << 20;

    /**
     * The largest body this route reads, checked from Content-Length before reading and while reading a body
     * without one: {@link #JAR_LIMIT} for an upload, {@link #JSON_LIMIT} for everything else (a route without a
     * body never reads one). Derived from the request type so that every route has one.
     */
    long bodyLimit() { return request == JAR ? JAR_LIMIT : JSON_LIMIT; }

    /**
     * The media types (Content-Type without parameters) this route accepts for its body; empty without a body.
     * A jar as application/java-archive (the console, ./ringlab deploy) or application/octet-stream (generic clients).
     */
    java.util.List<String> mediaTypes() {
        if (request == null) return java.util.List.of();
        return request == JAR ? java.util.List.of("application/java-archive", "application/octet-stream") : java.util.List.of("application/json");
    }

    /** Handles one matched request; returns the answer body, or {@link Call#STREAMED} when it wrote the answer itself. */
    @FunctionalInterface
    interface Handler {
        Object handle(Call call) throws ApiError, java.io.IOException;
    }

    /** The path parameters of {@code path} (segments of the request path) if it matches this route's template, else null. */
    Map<String, String> match(String[] segments) {
        String[] t = path.substring(1).split("/");
        if (t.length != segments.length) return null;
        Map<String, String> params = new java.util.LinkedHashMap<>();
        for (int i = 0; i < t.length; i++) {
            if (t[i].startsWith("{")) params.put(t[i].substring(1, t[i].length() - 1), segments[i]);
            else if (!t[i].equals(segments[i])) return null;
        }
        return params;
    }
}
