package ringlab.webconsole.api;

import com.google.gson.JsonObject;
import jakarta.servlet.Servlet;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.osgi.framework.BundleContext;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.metatype.MetaTypeService;
import org.osgi.service.servlet.whiteboard.propertytypes.HttpWhiteboardServletName;
import org.osgi.service.servlet.whiteboard.propertytypes.HttpWhiteboardServletPattern;
import ringlab.node.BoardCatalog;
import ringlab.node.BusyException;
import ringlab.node.EventLog;
import ringlab.node.Experiments;
import ringlab.node.FeatureCatalog;
import ringlab.node.NodeConfig;
import ringlab.node.NodeData;
import ringlab.node.NodeEvent;
import ringlab.node.NodeRunner;
import ringlab.node.ReadOnlyConfigException;
import ringlab.node.StaleVersionException;
import ringlab.node.Telemetry;
import ringlab.webconsole.auth.Access;
import ringlab.webconsole.auth.Sessions;
import ringlab.webconsole.ui.ParameterGuard;
import ringlab.webconsole.ui.SecurityHeaders;

/**
 * The REST API under /api/v1 (JSON by Gson, snake_case): status, hardware, features and tunables, the
 * scenario, live samples, the event log and its stream, bundles, A/B experiments, sweeps. Every request needs the API token
 * ("Authorization: Bearer TOKEN", the token in the data folder) or a console session cookie; a session's
 * state-changing requests also need its CSRF token. Errors are {"error": "..."} with 400 (bad input),
 * 401, 403, 404, 405, 408 (a body that stopped arriving), 409, 412 (a stale If-Match), 413 (a body above the route's limit, refused
 * from its Content-Length before reading), 415 (a body of another Content-Type), 503, or 500 for a defect (also recorded as a warning event); client input in a
 * message is cut to a few hundred characters ({@link Echo}). The routes are one table ({@link Route}); the
 * OpenAPI document at /api/v1/openapi.json is generated from it.
 */
@Component(service = Servlet.class)
@HttpWhiteboardServletName("ringlab-api")
@HttpWhiteboardServletPattern("/api/v1/*")
public final class ApiServlet extends HttpServlet {
    private static final long serialVersionUID = 1L;

    @Reference
    private transient NodeRunner runner;
    @Reference
    private transient NodeConfig config;
    @Reference
    private transient BoardCatalog boards;
    @Reference
    private transient FeatureCatalog features;
    @Reference
    private transient NodeData data;
    @Reference
    private transient Telemetry telemetry;
    @Reference
    private transient EventLog events;
    @Reference
    private transient Sessions sessions;
    @Reference
    private transient MetaTypeService metatype;
    @Reference
    private transient Experiments experiments;

    private transient List<Route> routes;
    private transient LiveFeed feed;
    private transient volatile JsonObject openApi;
    private transient Sweeps sweeps;

    @Activate
    void activate(BundleContext context) {
        feed = new LiveFeed(runner, telemetry, events);
        List<Route> r = new ArrayList<>();
        r.addAll(new NodeRoutes(runner, boards, telemetry, events, feed).routes());
        r.addAll(new ScenarioRoutes(config).routes());
        r.addAll(new FeatureRoutes(features, config, runner, new MetatypeForms(context, metatype)).routes());
        r.addAll(new BundleRoutes(context, features, boards).routes());
        r.addAll(new ExperimentRoutes(experiments).routes());
        sweeps = new Sweeps(data::dir, Sweeps.commandFromProperties());
        r.addAll(new SweepRoutes(sweeps, () -> boards.boards().keySet()).routes());
        r.add(new Route("GET", "/session", "The caller's session: the CSRF token a browser sends back on changes, and the time left",
                null, Answers.Session.class, Map.of(), this::session));
        r.add(new Route("GET", "/openapi.json", "This API as an OpenAPI 3.0 document, generated from the table the servlet dispatches from",
                null, OpenApi.DOCUMENT, Map.of(), c -> openApi()));
        routes = List.copyOf(r);
    }

    @Deactivate
    void deactivate() {
        feed.close();
        sweeps.close();
    }

    /** The routes this servlet serves (for the OpenAPI document). */
    List<Route> routes() { return routes; }

    /** The OpenAPI document of {@link #routes()}, made at the first request (the table is fixed once activated). */
    private JsonObject openApi() {
        JsonObject doc = openApi;
        if (doc == null) openApi = doc = OpenApi.document(routes);
        return doc;
    }

    @Override
    protected void service(HttpServletRequest request, HttpServletResponse resp) throws IOException {
        HttpServletRequest req = new ParameterGuard(request);
        dataHeaders(resp);
        Access.Principal who = Access.of(req, sessions, data);
        if (who == null) {
            send(resp, 401, new Answers.ErrorBody(Access.unauthorized(req, resp)));
            return;
        }
        String refusal = Access.refusesChange(req, who);
        if (refusal != null) {
            send(resp, 403, new Answers.ErrorBody(refusal));
            return;
        }
        try {
            Object answer = dispatch(req, resp, who);
            if (answer != Call.STREAMED) send(resp, 200, answer);
        } catch (ApiError e) {
            send(resp, e.status, new Answers.ErrorBody(e.getMessage()));
        } catch (StaleVersionException e) {
            send(resp, 412, new Answers.ErrorBody(e.getMessage())); // If-Match named an older version
        } catch (ReadOnlyConfigException e) {
            send(resp, 409, new Answers.ErrorBody(e.getMessage())); // a .cfg file owns it and cannot be written
        } catch (BusyException e) {
            resp.setHeader("Retry-After", "5");
            send(resp, 503, new Answers.ErrorBody(e.getMessage())); // no room now; the same request may succeed later
        } catch (IllegalArgumentException e) {
            send(resp, 400, new Answers.ErrorBody(e.getMessage()));
        } catch (RuntimeException e) {
            // a defect (of the node or of a plug-in it called): JSON naming it, not Jetty's error page, and the event log keeps it
            StackTraceElement[] at = e.getStackTrace();
            String what = req.getMethod() + " /api/v1" + path(req) + " failed: " + e + (at.length > 0 ? " at " + at[0] : "");
            events.record(NodeEvent.Kind.WARNING, "api", what);
            if (!resp.isCommitted()) {
                resp.reset(); // drops the headers too: set again
                dataHeaders(resp);
                send(resp, 500, new Answers.ErrorBody("internal error: " + what));
            }
        }
    }

    /** Every API answer: never cached, with the data answers' security headers. */
    private static void dataHeaders(HttpServletResponse resp) {
        resp.setHeader("Cache-Control", "no-store");
        SecurityHeaders.setForData(resp);
    }

    private Object dispatch(HttpServletRequest req, HttpServletResponse resp, Access.Principal who) throws ApiError, IOException {
        String path = path(req);
        String[] seg = path.substring(1).split("/", -1);
        boolean pathKnown = false;
        // HEAD is GET without the body (Jetty sends no content on a HEAD), the event stream's headers alone
        boolean head = req.getMethod().equals("HEAD");
        String method = head ? "GET" : req.getMethod();
        for (Route r : routes) {
            Map<String, String> params = r.match(seg);
            if (params == null) continue;
            pathKnown = true;
            if (r.method().equals(method)) {
                if (head && r.response() == Route.EVENT_STREAM) {
                    resp.setStatus(200);
                    resp.setContentType("text/event-stream");
                    return Call.STREAMED;
                }
                RequestBody.admit(req, r);
                return r.handler().handle(new Call(req, resp, params, who, r.bodyLimit()));
            }
        }
        if (pathKnown) throw new ApiError(405, req.getMethod() + " is not supported on /api/v1" + path);
        throw new ApiError(404, "no such resource: /api/v1" + path);
    }

    private Object session(Call c) {
        Access.Principal who = c.who();
        if (who.token()) return new Answers.Session(null, 0, "token");
        return new Answers.Session(who.session().csrf(), sessions.secondsLeft(who.session()), "session");
    }

    private static String path(HttpServletRequest req) {
        String p = req.getPathInfo();
        if (p == null || p.isEmpty()) return "/";
        return p.length() > 1 && p.endsWith("/") ? p.substring(0, p.length() - 1) : p;
    }

    /** Writes an answer; an error's message is cut ({@link Echo#MESSAGE}), whatever client input it quotes. */
    static void send(HttpServletResponse resp, int status, Object body) throws IOException {
        if (body instanceof Answers.ErrorBody e) body = new Answers.ErrorBody(Echo.cut(e.error(), Echo.MESSAGE));
        resp.setStatus(status);
        resp.setContentType("application/json");
        resp.setCharacterEncoding("UTF-8");
        resp.getWriter().write(Json.write(body));
    }
}
