package ringlab.webconsole.auth;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import org.apache.felix.webconsole.spi.SecurityProvider;
import org.osgi.framework.Constants;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import ringlab.node.NodeData;

/**
 * ringlab's login for the Apache Felix Web Console at /system/console: the console asks this provider about
 * every request of its context (pages, resources, JSON, actions). A live ringlab session cookie or the API
 * token ("Authorization: Bearer TOKEN") is let in with every right; anything else, HTTP Basic admin:admin
 * included, is refused: a browser asking for a page is sent to /login?next=THE_PAGE, any other request gets
 * 401 (never with a Basic challenge, so no browser password dialog). A session's change (POST and the like)
 * from another origin, or without an Origin header, is refused with 403 (the SameSite=Strict cookie already
 * keeps other sites out; the console's pages cannot send ringlab's CSRF header, their browser sends Origin).
 * The console's logout ends the ringlab session.
 *
 * <p>The node sets the framework property {@code felix.webconsole.security.providers=ringlab}: the console
 * registers only while this provider is there, so its built-in admin/admin provider is never asked. The
 * highest ranking keeps any other provider from taking over.
 */
@Component(service = SecurityProvider.class, property = {
    SecurityProvider.PROPERTY_ID + "=" + FelixConsoleSecurity.ID,
    Constants.SERVICE_RANKING + ":Integer=" + Integer.MAX_VALUE })
public final class FelixConsoleSecurity implements SecurityProvider {
    /** The provider id the node's felix.webconsole.security.providers names. */
    public static final String ID = "ringlab";

    @Reference
    private Sessions sessions;
    @Reference
    private NodeData data;

    @Override
    public Object authenticate(HttpServletRequest req, HttpServletResponse resp) {
        Access.Principal who = Access.of(req, sessions, data);
        try {
            if (who == null) {
                refuse(req, resp);
                return null;
            }
            if (who.session() != null && !safeMethod(req.getMethod())) {
                // the Felix console's own pages cannot send ringlab's CSRF header, but a browser names the page's
                // origin on every POST: a session's change must come with this node's (a script holding only
                // the cookie, without the header, was let in before); other clients send the API token
                String origin = req.getHeader("Origin");
                if (origin == null || !Access.sameOrigin(origin, req)) {
                    resp.sendError(403, origin == null ? "a session's change must come from this node's pages (Origin header) or carry the API token"
                            : "cross-origin request refused");
                    return null;
                }
            }
        } catch (IOException e) {
            return null; // the client went away; refused all the same
        }
        resp.setHeader("X-Frame-Options", "SAMEORIGIN");
        resp.setHeader("X-Content-Type-Options", "nosniff");
        return who;
    }

    @Override
    public boolean authorize(Object user, String role) {
        return user instanceof Access.Principal; // the token and a session may do everything
    }

    @Override
    public void logout(HttpServletRequest req, HttpServletResponse resp) {
        sessions.end(Access.sessionId(req));
        Access.setCookie(resp, null, 0);
        try {
            resp.sendRedirect("/login?bye");
        } catch (IOException e) {
            // the cookie is cleared and the session gone either way
        }
    }

    private static void refuse(HttpServletRequest req, HttpServletResponse resp) throws IOException {
        String accept = req.getHeader("Accept");
        String path = Access.localPath(req.getRequestURI() + (req.getQueryString() == null ? "" : "?" + req.getQueryString()));
        if (safeMethod(req.getMethod()) && accept != null && accept.contains("text/html") && path != null) {
            resp.setHeader("Cache-Control", "no-store");
            resp.sendRedirect("/login?next=" + URLEncoder.encode(path, StandardCharsets.UTF_8));
            return;
        }
        resp.setHeader("WWW-Authenticate", "Bearer realm=\"ringlab\"");
        resp.setHeader("Cache-Control", "no-store");
        resp.setContentType("text/plain; charset=utf-8");
        resp.setStatus(401);
        resp.getWriter().write("401: log in at /login (ringlab session) or send Authorization: Bearer TOKEN\n");
    }

    private static boolean safeMethod(String m) {
        return m.equals("GET") || m.equals("HEAD");
    }
}
