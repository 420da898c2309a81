package ringlab.node.internal;

import com.google.gson.Gson;
import com.google.gson.GsonBuilder;
import jakarta.servlet.Servlet;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.servlet.whiteboard.propertytypes.HttpWhiteboardServletName;
import org.osgi.service.servlet.whiteboard.propertytypes.HttpWhiteboardServletPattern;
import ringlab.node.BoardCatalog;
import ringlab.node.FeatureCatalog;
import ringlab.node.NodeRunner;
import ringlab.spi.feature.DriverFeature;

/** GET /api/v1/status: the node, its boards and features, and the running simulation, as JSON. */
@Component(service = Servlet.class)
@HttpWhiteboardServletName("ringlab-status")
@HttpWhiteboardServletPattern("/api/v1/status")
public final class StatusServlet extends HttpServlet {
    private static final long serialVersionUID = 1L;

    private static final Gson GSON = new GsonBuilder().serializeNulls().setPrettyPrinting().create();

    @Reference
    private transient NodeRunner runner;
    @Reference
    private transient BoardCatalog boards;
    @Reference
    private transient FeatureCatalog features;

    @Override
    protected void doGet(HttpServletRequest req, HttpServletResponse resp) throws IOException {
        Map<String, Object> body = new LinkedHashMap<>(runner.status());
        body.put("boards", List.copyOf(boards.boards().keySet()));
        body.put("features", features.features().stream().map(DriverFeature::id).toList());
        resp.setContentType("application/json");
        resp.setCharacterEncoding("UTF-8");
        resp.setHeader("Cache-Control", "no-store");
        resp.getWriter().write(GSON.toJson(finite(body)));
    }

    /**
     * NaN and infinities (e.g. a rate before the first interval) are not JSON: Gson refuses them,
     * so they become null instead of breaking the endpoint.
     */
    static Object finite(Object value) {
        if (value instanceof Double d && !Double.isFinite(d) || value instanceof Float f && !Float.isFinite(f)) {
            return null;
        }
        if (value instanceof Map<?, ?> m) {
            Map<Object, Object> out = new LinkedHashMap<>();
            m.forEach((k, v) -> out.put(k, finite(v)));
            return out;
        }
        if (value instanceof Collection<?> c) {
            return c.stream().map(StatusServlet::finite).collect(ArrayList::new, ArrayList::add, ArrayList::addAll);
        }
        return value;
    }
}
