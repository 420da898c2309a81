package ringlab.webconsole.api;

import com.google.gson.reflect.TypeToken;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.jar.JarInputStream;
import java.util.jar.Manifest;
import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;
import org.osgi.framework.BundleException;
import org.osgi.framework.Constants;
import org.osgi.framework.FrameworkEvent;
import org.osgi.framework.FrameworkUtil;
import org.osgi.framework.wiring.FrameworkWiring;
import ringlab.node.BoardCatalog;
import ringlab.node.FeatureCatalog;
import ringlab.node.NodeRunner;
import ringlab.node.RegisteredFeature;
import ringlab.spi.board.Board;

/**
 * /api/v1/bundles: list, install from a jar body (and start), start, stop, update from a body,
 * uninstall. A body that is not a jar with a Bundle-SymbolicName, a bundle that does not resolve or
 * start, or one whose feature or board the node's catalogs refused (metadata that throws, an id another
 * bundle has) is refused (400) and uninstalled again, so nothing else changes. The system bundle, the node
 * bundle and this web console bundle cannot be stopped or removed through the API that they serve.
 */
final class BundleRoutes {
    static final String LOCATION = "ringlab-api:";

    private final BundleContext context;
    private final FeatureCatalog features;
    private final BoardCatalog boards;

    BundleRoutes(BundleContext context, FeatureCatalog features, BoardCatalog boards) {
        this.context = context;
        this.features = features;
        this.boards = boards;
    }

    List<Route> routes() {
        return List.of(
                new Route("GET", "/bundles", "Installed bundles with what they provide", null,
                        new TypeToken<List<BundleInfo>>() { }.getType(), Map.of(), c -> list()),
                new Route("POST", "/bundles", "Installs and starts a bundle from the jar in the body; refused (400) and uninstalled again if it does not resolve or start, or the node refuses a feature or board it provides",
                        Route.JAR, BundleInfo.class, Map.of(), c -> describe(install(c.bytes()))),
                new Route("GET", "/bundles/{id}", "One bundle", null, BundleInfo.class, Map.of(), c -> describe(bundle(c.param("id")))),
                new Route("PUT", "/bundles/{id}", "Updates a bundle from the jar in the body (same symbolic name)", Route.JAR, BundleInfo.class, Map.of(),
                        c -> describe(update(bundle(c.param("id")), c.bytes()))),
                new Route("DELETE", "/bundles/{id}", "Uninstalls a bundle", null, BundleInfo.class, Map.of(), c -> uninstall(bundle(c.param("id")))),
                new Route("POST", "/bundles/{id}/start", "Starts a bundle", null, BundleInfo.class, Map.of(), c -> startStop(bundle(c.param("id")), true)),
                new Route("POST", "/bundles/{id}/stop", "Stops a bundle", null, BundleInfo.class, Map.of(), c -> startStop(bundle(c.param("id")), false)));
    }

    private BundleInfo uninstall(Bundle b) throws ApiError {
        guard(b, "uninstalled");
        BundleInfo d = describe(b);
        try {
            b.uninstall();
        } catch (BundleException e) {
            throw new ApiError(400, "cannot uninstall bundle " + b.getBundleId() + ": " + e.getMessage());
        }
        refresh(); // drop the old wiring, so its class loader can go
        return d.withState("UNINSTALLED");
    }

    private BundleInfo startStop(Bundle b, boolean start) throws ApiError {
        try {
            if (start) {
                b.start();
            } else {
                guard(b, "stopped");
                b.stop();
            }
        } catch (BundleException | IllegalStateException e) {
            throw new ApiError(400, "cannot " + (start ? "start" : "stop") + " bundle " + b.getBundleId() + " (" + b.getSymbolicName() + "): " + e.getMessage());
        }
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

    private void guard(Bundle b, String what) throws ApiError {
        if (b.getBundleId() == 0) throw new ApiError(400, "the system bundle cannot be " + what + " through the API");
        if (b.getBundleId() == context.getBundle().getBundleId()) {
            throw new ApiError(400, "the web console bundle (" + b.getSymbolicName() + ") serves this API and cannot be " + what + " through it");
        }
        Bundle node = FrameworkUtil.getBundle(NodeRunner.class);
        if (node != null && b.getBundleId() == node.getBundleId()) {
            throw new ApiError(400, "the node bundle (" + b.getSymbolicName() + ") runs the scenario this API steers and cannot be " + what + " through it");
        }
    }

    List<BundleInfo> list() {
        List<BundleInfo> out = new ArrayList<>();
        for (Bundle b : context.getBundles()) out.add(describe(b));
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

    /** The manifest's symbolic name, or a 400 saying why the body is not a bundle. */
    static String symbolicName(byte[] jar) {
        if (jar.length == 0) throw new IllegalArgumentException("not a bundle: the request body is empty (send the jar, Content-Type: application/java-archive)");
        Manifest mf;
        try (JarInputStream in = new JarInputStream(new ByteArrayInputStream(jar))) {
            mf = in.getManifest();
            if (mf == null && in.getNextJarEntry() == null) throw new IOException("no zip entries");
        } catch (IOException | RuntimeException e) {
            throw new IllegalArgumentException("not a bundle: the body is not a jar (" + e.getMessage() + ")");
        }
        if (mf == null) throw new IllegalArgumentException("not a bundle: the jar has no META-INF/MANIFEST.MF");
        String bsn = mf.getMainAttributes().getValue(Constants.BUNDLE_SYMBOLICNAME);
        if (bsn == null || bsn.isBlank()) throw new IllegalArgumentException("not a bundle: the manifest has no Bundle-SymbolicName");
        return bsn.split(";")[0].trim();
    }

    Bundle install(byte[] jar) throws ApiError {
        String bsn = symbolicName(jar);
        for (Bundle b : context.getBundles()) {
            if (bsn.equals(b.getSymbolicName())) {
                throw new ApiError(409, "bundle " + bsn + " is already installed as bundle " + b.getBundleId()
                        + " (version " + b.getVersion() + "): PUT /api/v1/bundles/" + b.getBundleId() + " updates it");
            }
        }
        Bundle b;
        try {
            b = context.installBundle(LOCATION + bsn, new ByteArrayInputStream(jar));
        } catch (BundleException | RuntimeException e) {
            throw new IllegalArgumentException("not a valid bundle: " + e.getMessage());
        }
        try {
            start(b);
        } catch (BundleException | RuntimeException e) {
            try {
                b.uninstall();
                refresh();
            } catch (BundleException | IllegalStateException ignored) {
                // already gone
            }
            throw new IllegalArgumentException("bundle " + bsn + " refused (uninstalled again): " + e.getMessage());
        }
        String refused = refusedByCatalogs(b);
        if (refused != null) {
            try {
                b.uninstall();
                refresh();
            } catch (BundleException | IllegalStateException ignored) {
                // already gone
            }
            throw new IllegalArgumentException("bundle " + bsn + " refused (uninstalled again): " + refused);
        }
        return b;
    }

    /** Why the feature or board catalog refused what the started bundle {@code b} provides, or null. */
    private String refusedByCatalogs(Bundle b) {
        List<String> why = new ArrayList<>();
        for (FeatureCatalog.Rejected r : features.rejected()) if (r.bundleId() == b.getBundleId()) why.add(r.error());
        for (BoardCatalog.Rejected r : boards.rejected()) if (r.bundleId() == b.getBundleId()) why.add(r.error());
        return why.isEmpty() ? null : String.join("; ", why);
    }

    private void start(Bundle b) throws BundleException {
        if (b.getHeaders("").get(Constants.FRAGMENT_HOST) != null) {
            if (!context.getBundle(0).adapt(FrameworkWiring.class).resolveBundles(List.of(b))) {
                throw new BundleException("fragment does not resolve (host or imports missing)");
            }
            return;
        }
        b.start();
    }

    Bundle update(Bundle b, byte[] jar) throws ApiError {
        guard(b, "updated");
        String bsn = symbolicName(jar);
        if (!bsn.equals(b.getSymbolicName())) {
            throw new IllegalArgumentException("the jar is " + bsn + ", bundle " + b.getBundleId() + " is " + b.getSymbolicName()
                    + ": POST /api/v1/bundles installs a different bundle");
        }
        boolean wasActive = b.getState() == Bundle.ACTIVE;
        try {
            b.update(new ByteArrayInputStream(jar));
        } catch (BundleException e) {
            throw new IllegalArgumentException("update of bundle " + b.getBundleId() + " failed: " + e.getMessage());
        }
        refresh();
        if (wasActive && b.getState() != Bundle.ACTIVE) {
            try {
                b.start();
            } catch (BundleException e) {
                throw new IllegalArgumentException("bundle " + b.getBundleId() + " updated but does not start (left "
                        + state(b.getState()) + "): " + e.getMessage());
            }
        }
        return b;
    }

    /** Refreshes removal-pending bundles and waits (bounded) for it to finish. */
    private void refresh() {
        CountDownLatch done = new CountDownLatch(1);
        context.getBundle(0).adapt(FrameworkWiring.class).refreshBundles(null, e -> {
            if (e.getType() == FrameworkEvent.PACKAGES_REFRESHED || e.getType() == FrameworkEvent.ERROR) done.countDown();
        });
        try {
            done.await(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
