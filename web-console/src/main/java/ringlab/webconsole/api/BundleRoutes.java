package ringlab.webconsole.api;

import com.google.gson.reflect.TypeToken;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;
import org.osgi.framework.FrameworkUtil;
import ringlab.node.BoardCatalog;
import ringlab.node.FeatureCatalog;
import ringlab.node.RegisteredFeature;
import ringlab.spi.board.Board;

/**
 * /api/v1/bundles: list, install from a jar body (and start), start, stop, update from a body,
 * uninstall; the operations themselves are {@link BundleOps} (one at a time, each complete or undone) and
 * what may be touched is {@link Infrastructure}.
 */
final class BundleRoutes {
    private final BundleContext context;
    private final BundleOps ops;
    private final FeatureCatalog features;
    private final BoardCatalog boards;

    BundleRoutes(BundleContext context, FeatureCatalog features, BoardCatalog boards) {
        this.context = context;
        this.features = features;
        this.boards = boards;
        this.ops = new BundleOps(context, features, boards);
    }

    List<Route> routes() {
        return List.of(
                new Route("GET", "/bundles", "Installed bundles with what they provide", null,
                        new TypeToken<List<BundleInfo>>() { }.getType(), Map.of(), c -> list()),
                new Route("POST", "/bundles", "Installs and starts a bundle from the jar in the body; refused (400) and uninstalled again if it does not resolve, start (within the deadline) or provide what it declares; 409 if its symbolic name is installed",
                        Route.JAR, BundleInfo.class, Map.of(), c -> describe(ops.install(c.bytes()))).refusing(409),
                new Route("GET", "/bundles/{id}", "One bundle", null, BundleInfo.class, Map.of(), c -> describe(bundle(c.param("id")))),
                new Route("PUT", "/bundles/{id}", "Updates a bundle from the jar in the body (same symbolic name); rolled back to the previous jar (400) if the new one does not start; 409 for a bundle the deploy folder installed (its file manages it)", Route.JAR, BundleInfo.class, Map.of(),
                        c -> describe(ops.update(bundle(c.param("id")), c.bytes()))).refusing(409),
                new Route("DELETE", "/bundles/{id}", "Uninstalls a bundle; the node's infrastructure bundles are refused, and (409) a bundle the deploy folder installed (remove its file)", null, BundleInfo.class, Map.of(), c -> uninstall(bundle(c.param("id")))).refusing(409),
                new Route("POST", "/bundles/{id}/start", "Starts a bundle", null, BundleInfo.class, Map.of(), c -> startStop(bundle(c.param("id")), true)),
                new Route("POST", "/bundles/{id}/stop", "Stops a bundle; the node's infrastructure bundles are refused", null, BundleInfo.class, Map.of(), c -> startStop(bundle(c.param("id")), false)));
    }

    private BundleInfo uninstall(Bundle b) throws ApiError {
        BundleInfo d = describe(b);
        ops.uninstall(b);
        return d.withState("UNINSTALLED");
    }

    private BundleInfo startStop(Bundle b, boolean start) {
        ops.startStop(b, start);
        return describe(b);
    }

    private Bundle bundle(String id) throws ApiError {
        long n;
        try {
            n = Long.parseLong(id);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("bundle id must be a number, not '" + id + "'");
        }
        Bundle b = context.getBundle(n);
        if (b == null) throw new ApiError(404, "no bundle with id " + n);
        return b;
    }

    List<BundleInfo> list() {
        List<BundleInfo> out = new ArrayList<>();
        // a bundle being uninstalled right now is still in the framework's list for a moment: it is gone
        for (Bundle b : context.getBundles()) if (b.getState() != Bundle.UNINSTALLED) out.add(describe(b));
        return out;
    }

    BundleInfo describe(Bundle b) {
        List<String> provided = new ArrayList<>();
        for (RegisteredFeature f : features.features()) {
            if (f.bundleId() == b.getBundleId()) provided.add(f.id());
        }
        List<String> boardIds = new ArrayList<>();
        for (Board board : boards.boards().values()) {
            if (board.origin() != null && board.origin().startsWith(b.getSymbolicName() + "/")) boardIds.add(board.id());
        }
        String descriptor = b.getHeaders("").get(BoardCatalog.HEADER);
        return new BundleInfo(b.getBundleId(), b.getSymbolicName(), b.getVersion().toString(), state(b.getState()), b.getLocation(),
                provided, boardIds, descriptor);
    }

    static String state(int s) {
        return switch (s) {
            case Bundle.UNINSTALLED -> "UNINSTALLED";
            case Bundle.INSTALLED -> "INSTALLED";
            case Bundle.RESOLVED -> "RESOLVED";
            case Bundle.STARTING -> "STARTING";
            case Bundle.STOPPING -> "STOPPING";
            case Bundle.ACTIVE -> "ACTIVE";
            default -> Integer.toString(s);
        };
    }
}
