package ringlab.webconsole.ui;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletRequestWrapper;
import java.util.Enumeration;
import java.util.Map;

/**
 * A request whose parameters fail as the client's error. Jetty decodes the query string (and a form body) at
 * the first getParameter and throws its own BadMessageException for what does not decode (a bad %-escape,
 * bytes that are not UTF-8) or an IllegalStateException for a form over its size or key limits: runtime
 * exceptions that reached the servlets' defect branch as a 500, or Jetty's HTML error page. Through this
 * wrapper they are an {@link IllegalArgumentException} naming the query or the form, which the servlets answer
 * with a 400 as any other bad input.
 */
public final class ParameterGuard extends HttpServletRequestWrapper {
    public ParameterGuard(HttpServletRequest req) { super(req); }

    @Override
    public String getParameter(String name) {
        try {
            return super.getParameter(name);
        } catch (RuntimeException e) {
            throw unreadable(e);
        }
    }

    @Override
    public String[] getParameterValues(String name) {
        try {
            return super.getParameterValues(name);
        } catch (RuntimeException e) {
            throw unreadable(e);
        }
    }

    @Override
    public Map<String, String[]> getParameterMap() {
        try {
            return super.getParameterMap();
        } catch (RuntimeException e) {
            throw unreadable(e);
        }
    }

    @Override
    public Enumeration<String> getParameterNames() {
        try {
            return super.getParameterNames();
        } catch (RuntimeException e) {
            throw unreadable(e);
        }
    }

    private IllegalArgumentException unreadable(RuntimeException e) {
        if (e instanceof IllegalArgumentException iae) return iae;
        String why = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage().replaceFirst("^\\d{3}: ", "");
        boolean form = "POST".equals(getMethod()) && getContentType() != null && getContentType().startsWith("application/x-www-form-urlencoded");
        return new IllegalArgumentException((form ? "the form or the query string" : "the query string") + " cannot be read (" + why
                + "): a malformed %-escape, bytes that are not UTF-8" + (form ? ", or a form over Jetty's size or key limits" : ""));
    }
}
