package ringlab.webconsole.ui;

import jakarta.servlet.Servlet;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.URL;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.servlet.whiteboard.propertytypes.HttpWhiteboardServletName;
import org.osgi.service.servlet.whiteboard.propertytypes.HttpWhiteboardServletPattern;
import ringlab.node.NodeData;
import ringlab.webconsole.auth.Access;
import ringlab.webconsole.auth.Sessions;

/**
 * The browser console's pages and assets, from this bundle (console/ and the WebJars inside it): no CDN,
 * it works offline. Swagger UI on the API's OpenAPI document is the page /api/docs/ (console/api/docs/,
 * the swagger-ui WebJar under /api/docs/vendor/); it runs under the same Content-Security-Policy.
 * Everything but the login page and its style sheet needs a session; without one a page request is sent
 * to /login. Also /login (the API token once, or the one-time code of the link printed at start;
 * ?next=/local/path returns there afterwards, as /system/console's login does) and /logout.
 */
@Component(service = Servlet.class)
@HttpWhiteboardServletName("ringlab-console")
@HttpWhiteboardServletPattern("/")
public final class ConsoleServlet extends HttpServlet {
    private static final long serialVersionUID = 1L;
    /** Where WebJars keep their files inside this bundle, by the URL prefix they are served under. */
    static final Map<String, String> VENDOR = Map.of(
            "/vendor/uplot/", "META-INF/resources/webjars/uplot/1.6.30/dist/",
            "/api/docs/vendor/", "META-INF/resources/webjars/swagger-ui/5.35.0/");
    private static final Map<String, String> TYPES = Map.of(
            "html", "text/html; charset=utf-8", "js", "text/javascript; charset=utf-8", "css", "text/css; charset=utf-8",
            "svg", "image/svg+xml", "png", "image/png", "json", "application/json", "ico", "image/x-icon", "txt", "text/plain; charset=utf-8");

    @Reference
    private transient Sessions sessions;
    @Reference
    private transient NodeData data;

    private transient Bundle bundle;

    @Activate
    void activate(BundleContext context) { bundle = context.getBundle(); }

    @Override
    protected void service(HttpServletRequest req, HttpServletResponse resp) throws IOException {
        String path = req.getPathInfo() == null ? req.getServletPath() : req.getServletPath() + req.getPathInfo();
        if (path == null || path.isEmpty()) path = "/";
        SecurityHeaders.set(resp);
        switch (path) {
            case "/login" -> {
                try {
                    login(new ParameterGuard(req), resp);
                } catch (IllegalArgumentException e) { // a form or query that does not decode: the page again, saying so
                    resp.setStatus(400);
                    loginPage(resp, "That request could not be read (a malformed form or query string, or a form too large): log in with the API token.");
                }
            }
            case "/login.css" -> file(resp, "console/login.css");
            case "/logout" -> {
                try {
                    logout(new ParameterGuard(req), resp);
                } catch (IllegalArgumentException e) {
                    resp.sendError(400, e.getMessage());
                }
            }
            default -> {
                Access.Principal who = Access.of(req, sessions, data);
                if (who == null) {
                    if (path.endsWith("/") || path.endsWith(".html") || path.equals("/api/docs")) resp.sendRedirect("/login");
                    else resp.sendError(401);
                    return;
                }
                if (!req.getMethod().equals("GET") && !req.getMethod().equals("HEAD")) {
                    resp.sendError(405);
                    return;
                }
                asset(path, resp);
            }
        }
    }

    private void asset(String path, HttpServletResponse resp) throws IOException {
        if (path.equals("/")) {
            file(resp, "console/index.html");
            return;
        }
        if (path.contains("..") || path.contains("//")) {
            resp.sendError(404);
            return;
        }
        if (path.equals("/api/docs")) { // Swagger UI is the page /api/docs/ (console/api/docs/index.html)
            resp.sendRedirect("/api/docs/");
            return;
        }
        if (path.endsWith("/")) path += "index.html";
        for (Map.Entry<String, String> v : VENDOR.entrySet()) {
            if (path.startsWith(v.getKey())) {
                file(resp, v.getValue() + path.substring(v.getKey().length()));
                return;
            }
        }
        file(resp, "console" + path);
    }

    /**
     * Logs in and goes to "/", or to {@code next} when that is a local path (Access.localPath: never another
     * site). The login form has no action, so it posts to the page's own URL and {@code next} comes along in
     * the query; the page itself carries nothing from the request.
     */
    private void login(HttpServletRequest req, HttpServletResponse resp) throws IOException {
        String next = Access.localPath(req.getParameter("next"));
        String secret = req.getMethod().equals("POST") ? req.getParameter("token") : req.getParameter("code");
        if (secret == null) {
            if (Access.of(req, sessions, data) != null) resp.sendRedirect(next == null ? "/" : next);
            else loginPage(req, resp);
            return;
        }
        Sessions.Session s = sessions.login(secret);
        if (s == null) {
            resp.sendRedirect("/login?failed=" + (req.getMethod().equals("POST") ? "token" : "code")
                    + (next == null ? "" : "&next=" + URLEncoder.encode(next, StandardCharsets.UTF_8)));
            return;
        }
        Access.setCookie(resp, s.id(), sessions.secondsLeft(s));
        resp.sendRedirect(next == null ? "/" : next);
    }

    /** The login form, with one line on why the last attempt failed or that the session ended. */
    private void loginPage(HttpServletRequest req, HttpServletResponse resp) throws IOException {
        String failed = req.getParameter("failed");
        loginPage(resp, "token".equals(failed) ? "That is not this node's API token."
                : "code".equals(failed) ? "That login link was used already or is not this node's: log in with the API token."
                : req.getParameter("bye") != null ? "Logged out."
                : req.getParameter("ended") != null ? "Your session ended (it expired, was logged out elsewhere, or the node restarted): log in again." : "");
    }

    private void loginPage(HttpServletResponse resp, String message) throws IOException {
        URL url = bundle.getEntry("console/login.html");
        String html;
        try (InputStream in = url.openStream()) {
            html = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        resp.setContentType(TYPES.get("html"));
        resp.setHeader("Cache-Control", "no-store");
        resp.getWriter().write(html.replace("<!--message-->", message)); // fixed texts only: nothing from the request
    }

    private void logout(HttpServletRequest req, HttpServletResponse resp) throws IOException {
        if (!req.getMethod().equals("POST")) {
            resp.sendError(405);
            return;
        }
        Access.Principal who = Access.of(req, sessions, data);
        if (who != null && who.session() != null) {
            // a form post cannot carry a header: the CSRF token comes as a form field
            String csrf = req.getParameter("csrf");
            if (!Access.csrfMatches(who.session(), csrf)) {
                resp.sendError(403, "missing or wrong csrf field");
                return;
            }
            sessions.end(who.session().id());
        }
        Access.setCookie(resp, null, 0);
        resp.sendRedirect("/login?bye");
    }

    private void file(HttpServletResponse resp, String entry) throws IOException {
        URL url = bundle.getEntry(entry);
        // a folder of the bundle is an entry too (its stream is empty): not a file to serve
        if (url == null || entry.endsWith("/") || bundle.getEntry(entry + "/") != null) {
            resp.sendError(404);
            return;
        }
        String ext = entry.substring(entry.lastIndexOf('.') + 1);
        resp.setContentType(TYPES.getOrDefault(ext, "application/octet-stream"));
        // pages always fresh (they name the assets); assets revalidated, they change with the bundle
        resp.setHeader("Cache-Control", ext.equals("html") ? "no-store" : "no-cache");
        try (InputStream in = url.openStream(); OutputStream out = resp.getOutputStream()) {
            in.transferTo(out);
        }
    }
}
