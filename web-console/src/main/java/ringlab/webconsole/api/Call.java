package ringlab.webconsole.api;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import ringlab.webconsole.auth.Access;

/** One request to a route: the servlet request and response, the path parameters and who asks. */
record Call(HttpServletRequest req, HttpServletResponse resp, Map<String, String> params, Access.Principal who) {
    /** Returned by a handler that wrote its answer itself (a stream). */
    static final Object STREAMED = new Object();
    static final int MAX_BODY = 64 << 20;

    String param(String name) { return params.get(name); }

    /** A query parameter as a whole number, or {@code otherwise} when absent; a malformed one is a 400. */
    long queryLong(String name, long otherwise) {
        String v = req.getParameter(name);
        if (v == null || v.isEmpty()) return otherwise;
        try {
            return Long.parseLong(v.trim());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("query parameter '" + name + "' must be a whole number, not '" + v + "'");
        }
    }

    String body() throws IOException, ApiError {
        return new String(bytes(), StandardCharsets.UTF_8);
    }

    byte[] bytes() throws IOException, ApiError {
        try (InputStream in = req.getInputStream()) {
            byte[] b = in.readNBytes(MAX_BODY + 1);
            if (b.length > MAX_BODY) throw new ApiError(413, "request body larger than " + MAX_BODY + " bytes");
            return b;
        }
    }
}
