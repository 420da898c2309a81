package ringlab.webconsole.metrics;

import io.prometheus.metrics.expositionformats.PrometheusTextFormatWriter;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import jakarta.servlet.Servlet;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.servlet.whiteboard.propertytypes.HttpWhiteboardServletName;
import org.osgi.service.servlet.whiteboard.propertytypes.HttpWhiteboardServletPattern;
import ringlab.node.NodeData;
import ringlab.node.NodeRunner;
import ringlab.node.Telemetry;
import ringlab.webconsole.auth.Access;
import ringlab.webconsole.auth.Sessions;
import ringlab.webconsole.ui.SecurityHeaders;

/**
 * GET /metrics: the node's figures in the Prometheus text exposition format (version 0.0.4), written by the
 * Prometheus Java client from a registry whose one collector ({@link NodeMetrics}) reads the node's status at
 * scrape time. Authenticated like the REST API: the API token as "Authorization: Bearer TOKEN" (Prometheus's
 * {@code authorization} / {@code bearer_token_file} scrape settings) or a console session; 401 otherwise.
 */
@Component(service = Servlet.class)
@HttpWhiteboardServletName("ringlab-metrics")
@HttpWhiteboardServletPattern("/metrics")
public final class PrometheusServlet extends HttpServlet {
    private static final long serialVersionUID = 1L;

    @Reference
    private transient NodeRunner runner;
    @Reference
    private transient Telemetry telemetry;
    @Reference
    private transient NodeData data;
    @Reference
    private transient Sessions sessions;

    private final transient PrometheusTextFormatWriter writer = PrometheusTextFormatWriter.create();
    private transient PrometheusRegistry registry;
    private transient AutoCloseable subscription;

    @Activate
    void activate() {
        NodeMetrics metrics = new NodeMetrics(runner);
        registry = new PrometheusRegistry();
        registry.register(metrics);
        subscription = telemetry.subscribe(metrics::sampled);
    }

    @Deactivate
    void deactivate() throws Exception {
        subscription.close();
    }

    @Override
    protected void service(HttpServletRequest req, HttpServletResponse resp) throws IOException {
        SecurityHeaders.setForData(resp);
        resp.setHeader("Cache-Control", "no-store");
        if (Access.of(req, sessions, data) == null) {
            plain(resp, 401, Access.unauthorized(req, resp));
            return;
        }
        if (!req.getMethod().equals("GET") && !req.getMethod().equals("HEAD")) {
            resp.setHeader("Allow", "GET, HEAD");
            plain(resp, 405, req.getMethod() + " is not supported on /metrics");
            return;
        }
        // written to memory first: a failing collector gives a 500, never half an exposition
        ByteArrayOutputStream body = new ByteArrayOutputStream(32 * 1024);
        writer.write(body, registry.scrape());
        resp.setStatus(200);
        resp.setContentType(writer.getContentType());
        resp.setContentLength(body.size());
        if (req.getMethod().equals("GET")) body.writeTo(resp.getOutputStream());
    }

    private static void plain(HttpServletResponse resp, int status, String message) throws IOException {
        resp.setStatus(status);
        resp.setContentType("text/plain; charset=utf-8");
        resp.getWriter().write(message + "\n");
    }
}
