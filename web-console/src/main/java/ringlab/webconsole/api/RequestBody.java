package ringlab.webconsole.api;

import jakarta.servlet.http.HttpServletRequest;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InterruptedIOException;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeoutException;

/**
 * A request's body, admitted and read within its route's bounds (32 parallel 64 MiB JSON bodies once took the
 * JVM to 6.5 GB): the Content-Type must be one the route accepts (415); a Content-Length above the route's
 * limit is refused before a byte is read (413); a body without one (chunked) is read only until it passes the
 * limit. A client that stops sending gets 408 when the connection's idle timeout ends the read, not a 500.
 */
final class RequestBody {
    private RequestBody() { }

    /** Refuses a request whose declared body the route does not take, before anything is read. */
    static void admit(HttpServletRequest req, Route route) throws ApiError {
        List<String> types = route.mediaTypes();
        if (types.isEmpty()) return; // the route reads no body
        long length = req.getContentLengthLong();
        String type = mediaType(req.getContentType());
        if (type == null && length != 0) {
            throw new ApiError(415, "missing Content-Type: send the body as " + String.join(" or ", types));
        }
        if (type != null && !types.contains(type)) {
            throw new ApiError(415, "Content-Type " + Echo.cut(type) + " is not accepted by " + route.method() + " " + route.path()
                    + ": send " + String.join(" or ", types));
        }
        if (length > route.bodyLimit()) throw tooLarge(length + " bytes", route.bodyLimit());
    }

    /** Large bodies (above a JSON body's limit) read at once. */
    static final UploadGate LARGE = new UploadGate(UploadGate.PARALLEL, UploadGate.WAIT);

    /**
     * The whole body, at most {@code limit} bytes: 413 as soon as it passes, 408 when it stops arriving; 503
     * when it may be large ({@code limit} above {@link Route#JSON_LIMIT}) and {@link #LARGE} is full.
     */
    static byte[] read(HttpServletRequest req, long limit) throws ApiError, IOException {
        long declared = req.getContentLengthLong();
        if (declared > limit) throw tooLarge(declared + " bytes", limit);
        if (limit <= Route.JSON_LIMIT) return readBounded(req, declared, limit);
        try (UploadGate.Pass pass = LARGE.enter()) {
            return readBounded(req, declared, limit);
        }
    }

    private static byte[] readBounded(HttpServletRequest req, long declared, long limit) throws ApiError, IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream((int) Math.min(Math.max(declared, 8192), limit));
        byte[] buf = new byte[16384];
        try (InputStream in = req.getInputStream()) {
            long total = 0;
            for (int n; (n = in.read(buf)) != -1; ) {
                total += n;
                if (total > limit) throw tooLarge("more than " + limit + " bytes", limit);
                out.write(buf, 0, n);
            }
        } catch (IOException e) {
            if (timedOut(e)) throw new ApiError(408, "the request body stopped arriving before its end (idle timeout); nothing was applied");
            throw e;
        }
        return out.toByteArray();
    }

    /** "application/json" of "Application/JSON; charset=utf-8"; null when absent or blank. */
    static String mediaType(String contentType) {
        if (contentType == null) return null;
        int semi = contentType.indexOf(';');
        String t = (semi < 0 ? contentType : contentType.substring(0, semi)).trim().toLowerCase(Locale.ROOT);
        return t.isEmpty() ? null : t;
    }

    private static ApiError tooLarge(String size, long limit) {
        return new ApiError(413, "request body of " + size + " is larger than the " + limit + " bytes this operation accepts");
    }

    /** Whether a read failed because the connection's idle timeout passed (Jetty wraps a TimeoutException). */
    static boolean timedOut(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (t instanceof TimeoutException || t instanceof InterruptedIOException) return true;
        }
        return false;
    }
}
