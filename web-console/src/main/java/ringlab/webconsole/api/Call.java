package ringlab.webconsole.api;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import ringlab.webconsole.auth.Access;

/**
 * One request to a route: the servlet request and response, the path parameters, who asks, and the most body
 * bytes the route reads ({@link Route#bodyLimit()}).
 */
record Call(HttpServletRequest req, HttpServletResponse resp, Map<String, String> params, Access.Principal who, long bodyLimit) {
    /** Returned by a handler that wrote its answer itself (a stream). */
    static final Object STREAMED = new Object();

    String param(String name) { return params.get(name); }

    /** A query parameter as a whole number, or {@code otherwise} when absent; a malformed one is a 400. */
    long queryLong(String name, long otherwise) {
        String v = req.getParameter(name);
        if (v == null || v.isEmpty()) return otherwise;
        try {
            return Long.parseLong(v.trim());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("query parameter '" + name + "' must be a whole number, not '" + Echo.cut(v) + "'");
        }
    }

    String body() throws IOException, ApiError {
        return new String(bytes(), StandardCharsets.UTF_8);
    }

    byte[] bytes() throws IOException, ApiError {
        return RequestBody.read(req, bodyLimit);
    }
}
