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

    /**
     * For answers that are data, never a page (the REST API's JSON, /metrics): nothing may load or run from
     * them, whatever a browser takes them for.
     */
    static final String DATA_CSP = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

    /** The headers of the console's pages and assets. */
    public static void set(HttpServletResponse resp) { set(resp, CSP); }

    /** The headers of an answer that is data (JSON, the Prometheus text). */
    public static void setForData(HttpServletResponse resp) { set(resp, DATA_CSP); }

    private static void set(HttpServletResponse resp, String csp) {
        resp.setHeader("Content-Security-Policy", csp);
        resp.setHeader("X-Frame-Options", "DENY");
        resp.setHeader("X-Content-Type-Options", "nosniff");
        resp.setHeader("Referrer-Policy", "no-referrer");
    }
}
