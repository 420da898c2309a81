package ringlab.webconsole.ui;

import jakarta.servlet.http.HttpServletResponse;

/**
 * The headers every ringlab page and answer carries: a Content-Security-Policy that allows scripts, styles
 * and connections from this node only (no inline scripts, no CDN), no framing, no MIME sniffing, no
 * referrer. No CORS header is ever sent, so other sites' scripts cannot read answers.
 */
public final class SecurityHeaders {
    private SecurityHeaders() { }

    static final String CSP = "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
            + "connect-src 'self'; font-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

    public static void set(HttpServletResponse resp) {
        resp.setHeader("Content-Security-Policy", CSP);
        resp.setHeader("X-Frame-Options", "DENY");
        resp.setHeader("X-Content-Type-Options", "nosniff");
        resp.setHeader("Referrer-Policy", "no-referrer");
    }
}
