package ringlab.webconsole.auth;

import jakarta.servlet.http.Cookie;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.net.URI;
import java.security.MessageDigest;
import java.nio.charset.StandardCharsets;
import ringlab.node.NodeData;

/**
 * Who is asking: a script with the API token ("Authorization: Bearer TOKEN", as Prometheus sends it) or a
 * browser with a session cookie. A browser's state-changing request must also carry its session's CSRF
 * token (X-CSRF-Token) and, if it says where it comes from (Origin), come from this node.
 */
public final class Access {
    private Access() { }

    /** The header a browser sends its session's CSRF token in. */
    public static final String CSRF_HEADER = "X-CSRF-Token";

    /** How a request authenticated; a session is present for browser requests. */
    public record Principal(boolean token, Sessions.Session session) { }

    /** The request's principal, or null when it has neither the token nor a live session. */
    public static Principal of(HttpServletRequest req, Sessions sessions, NodeData data) {
        String auth = req.getHeader("Authorization");
        if (auth != null && auth.regionMatches(true, 0, "Bearer ", 0, 7)) {
            return data.acceptsToken(auth.substring(7).trim()) ? new Principal(true, null) : null;
        }
        Sessions.Session s = sessions.find(sessionId(req));
        return s == null ? null : new Principal(false, s);
    }

    /**
     * For a request {@link #of} refused: sets the bearer challenge (never Basic, so no browser password box)
     * and returns the one-line reason for the 401 body.
     */
    public static String unauthorized(HttpServletRequest req, HttpServletResponse resp) {
        resp.setHeader("WWW-Authenticate", "Bearer realm=\"ringlab\"");
        return req.getHeader("Authorization") == null && sessionId(req) == null
                ? "missing Authorization: Bearer TOKEN (the token is in the node's data folder, file token) or a console session"
                : "wrong token or expired session";
    }

    /** The session cookie's value, or null. */
    public static String sessionId(HttpServletRequest req) {
        Cookie[] cookies = req.getCookies();
        if (cookies == null) return null;
        for (Cookie c : cookies) if (Sessions.COOKIE.equals(c.getName())) return c.getValue();
        return null;
    }

    /** Null if the request may change state, else why not (for a 403). Token requests always may. */
    public static String refusesChange(HttpServletRequest req, Principal p) {
        String m = req.getMethod();
        if (p.token() || m.equals("GET") || m.equals("HEAD") || m.equals("OPTIONS")) return null;
        String origin = req.getHeader("Origin");
        if (origin != null && !sameOrigin(origin, req)) return "cross-origin request refused (Origin " + origin + ")";
        String csrf = req.getHeader(CSRF_HEADER);
        if (!csrfMatches(p.session(), csrf)) {
            return "missing or wrong " + CSRF_HEADER + " header (GET /api/v1/session gives this session's token)";
        }
        return null;
    }

    /** Whether {@code token} is the session's CSRF token (constant-time comparison). */
    public static boolean csrfMatches(Sessions.Session session, String token) {
        return token != null && MessageDigest.isEqual(token.getBytes(StandardCharsets.UTF_8), session.csrf().getBytes(StandardCharsets.UTF_8));
    }

    /** True when the Origin header's authority is this request's Host. */
    static boolean sameOrigin(String origin, HttpServletRequest req) {
        try {
            URI o = URI.create(origin);
            String host = req.getHeader("Host");
            return host != null && host.equalsIgnoreCase(o.getRawAuthority());
        } catch (IllegalArgumentException e) {
            return false;
        }
    }

    /**
     * {@code path} if it is a path on this node that a redirect may go to after login, else null: it must start
     * with one "/" (not "//" nor "/\\", which browsers read as another host), have no backslash and no control
     * character, and be at most 2048 characters long. This keeps /login?next= from being an open redirect.
     */
    public static String localPath(String path) {
        if (path == null || path.isEmpty() || path.length() > 2048 || path.charAt(0) != '/') return null;
        if (path.length() > 1 && (path.charAt(1) == '/' || path.charAt(1) == '\\')) return null;
        for (int i = 0; i < path.length(); i++) {
            char c = path.charAt(i);
            if (c == '\\' || c < 0x20 || c == 0x7f) return null;
        }
        return path;
    }

    /** Sets or clears the session cookie: HttpOnly, SameSite=Strict, the whole site. */
    public static void setCookie(HttpServletResponse resp, String value, long maxAgeSeconds) {
        Cookie c = new Cookie(Sessions.COOKIE, value == null ? "" : value);
        c.setHttpOnly(true);
        c.setPath("/");
        c.setMaxAge(value == null ? 0 : (int) Math.min(Integer.MAX_VALUE, maxAgeSeconds));
        c.setAttribute("SameSite", "Strict");
        resp.addCookie(c);
    }
}
