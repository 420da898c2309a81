package ringlab.webconsole.api;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;
import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;
import org.osgi.framework.BundleException;
import org.osgi.framework.Constants;
import org.osgi.framework.FrameworkEvent;
import org.osgi.framework.wiring.FrameworkWiring;
import ringlab.node.BoardCatalog;
import ringlab.node.FeatureCatalog;

/**
 * The bundle operations of the API, one at a time (one lock: eight parallel uploads of one name install
 * it once, the others get 409), each complete or undone: an install that does not resolve, start or
 * provide what it declares is uninstalled again; an update that does not start is rolled back to the jar
 * of the previous revision; a start has a deadline ({@code ringlab.bundle.start.timeout}, seconds, 30).
 */
final class BundleOps {
    static final String TIMEOUT_PROPERTY = "ringlab.bundle.start.timeout";

    private final ReentrantLock lock = new ReentrantLock();
    private final BundleContext context;
    private final FeatureCatalog features;
    private final BoardCatalog boards;
    private final Infrastructure infra;

    BundleOps(BundleContext context, FeatureCatalog features, BoardCatalog boards) {
        this.context = context;
        this.features = features;
        this.boards = boards;
        this.infra = new Infrastructure(context);
    }

    /** The start deadline: framework property {@value #TIMEOUT_PROPERTY} (seconds), 30 by default. */
    private Duration startLimit() {
        String t = context.getProperty(TIMEOUT_PROPERTY);
        return Duration.ofSeconds(t == null || t.isBlank() ? 30 : Long.parseLong(t.trim()));
    }

    Bundle install(byte[] jar) throws ApiError {
        JarManifest mf = JarManifest.read(jar);
        lock.lock();
        try {
            for (Bundle b : context.getBundles()) {
                if (mf.symbolicName().equals(b.getSymbolicName())) {
                    throw new ApiError(409, "bundle " + mf.symbolicName() + " is already installed as bundle " + b.getBundleId()
                            + " (version " + b.getVersion() + "): PUT /api/v1/bundles/" + b.getBundleId() + " updates it");
                }
            }
            infra.checkExports(mf);
            Bundle b;
            try {
                b = context.installBundle(Infrastructure.API_LOCATION + mf.symbolicName(), new ByteArrayInputStream(jar));
            } catch (BundleException | RuntimeException e) {
                throw new IllegalArgumentException("not a valid bundle: " + message(e));
            }
            try {
                start(b, failure -> uninstallLate(b));
            } catch (StartDeadline.Expired e) {
                throw new IllegalArgumentException(e.getMessage() + "; it is uninstalled when the activator returns");
            } catch (BundleException | RuntimeException e) {
                uninstallQuietly(b);
                throw new IllegalArgumentException("bundle " + mf.symbolicName() + " refused (uninstalled again): " + message(e));
            }
            return b;
        } finally {
            lock.unlock();
        }
    }

    Bundle update(Bundle b, byte[] jar) throws ApiError {
        JarManifest mf = JarManifest.read(jar);
        lock.lock();
        try {
            infra.guard(b, "updated");
            infra.folderOwned(b, "updated");
            if (!mf.symbolicName().equals(b.getSymbolicName())) {
                throw new IllegalArgumentException("the jar is " + mf.symbolicName() + ", bundle " + b.getBundleId() + " is " + b.getSymbolicName()
                        + ": POST /api/v1/bundles installs a different bundle");
            }
            infra.checkExports(mf);
            boolean wasActive = (b.getState() & (Bundle.ACTIVE | Bundle.STARTING)) != 0;
            String oldVersion = b.getVersion().toString();
            byte[] previous;
            try {
                previous = BundleSnapshot.of(b);
            } catch (IOException e) {
                throw new ApiError(500, "bundle " + b.getBundleId() + " not updated: its current jar cannot be kept for a rollback (" + e.getMessage() + ")");
            }
            try {
                // stopped first: update() would restart it itself, without a deadline or a way back
                if (wasActive) b.stop();
                b.update(new ByteArrayInputStream(jar));
            } catch (BundleException | IllegalStateException e) {
                throw new IllegalArgumentException("update of bundle " + b.getBundleId() + " failed, version " + b.getVersion() + " kept ("
                        + (wasActive ? restartQuietly(b) : BundleRoutes.state(b.getState())) + "): " + message(e));
            }
            refresh();
            if (!wasActive) return b;
            try {
                start(b, failure -> {
                    if (failure != null) withLock(() -> rollback(b, previous, oldVersion));
                });
            } catch (StartDeadline.Expired e) {
                throw new IllegalArgumentException(e.getMessage() + "; if its start fails it is rolled back to version " + oldVersion);
            } catch (BundleException | RuntimeException e) {
                String why = message(e);
                throw new IllegalArgumentException("update of bundle " + b.getBundleId() + " (" + b.getSymbolicName() + ") refused, it does not start: "
                        + why + "; " + rollback(b, previous, oldVersion));
            }
            return b;
        } finally {
            lock.unlock();
        }
    }

    void uninstall(Bundle b) throws ApiError {
        lock.lock();
        try {
            infra.guard(b, "uninstalled");
            infra.folderOwned(b, "uninstalled");
            try {
                b.uninstall();
            } catch (BundleException | IllegalStateException e) {
                throw new ApiError(400, "cannot uninstall bundle " + b.getBundleId() + ": " + e.getMessage());
            }
            refresh(); // drop the old wiring, so its class loader can go
        } finally {
            lock.unlock();
        }
    }

    void startStop(Bundle b, boolean start) {
        lock.lock();
        try {
            if (start) {
                start(b, failure -> { });
            } else {
                infra.guard(b, "stopped");
                b.stop();
            }
        } catch (StartDeadline.Expired e) {
            throw new IllegalArgumentException(e.getMessage());
        } catch (BundleException | IllegalStateException e) {
            if (start) stopQuietly(b); // started, but refused (a rejected board): not left half in use
            throw new IllegalArgumentException("cannot " + (start ? "start" : "stop") + " bundle " + b.getBundleId() + " (" + b.getSymbolicName() + "): " + message(e));
        } finally {
            lock.unlock();
        }
    }

    /**
     * Starts (a fragment: resolves) within the deadline, then refuses what the node would not use: a board
     * or feature the catalogs rejected (a broken descriptor, metadata that throws, an id another bundle has).
     */
    private void start(Bundle b, java.util.function.Consumer<Throwable> late) throws BundleException, StartDeadline.Expired {
        if (b.getHeaders("").get(Constants.FRAGMENT_HOST) != null) {
            if (!context.getBundle(0).adapt(FrameworkWiring.class).resolveBundles(List.of(b))) {
                throw new BundleException("fragment does not resolve (host or imports missing)");
            }
            return;
        }
        StartDeadline.start(b, startLimit(), late);
        List<String> why = new ArrayList<>();
        for (FeatureCatalog.Rejected r : features.rejected()) if (r.bundleId() == b.getBundleId()) why.add(r.error());
        for (BoardCatalog.Rejected r : boards.rejected()) if (r.bundleId() == b.getBundleId()) why.add(r.error());
        if (!why.isEmpty()) throw new BundleException(String.join("; ", why));
    }

    /** Puts the previous jar back and starts it; says what state is left. */
    private String rollback(Bundle b, byte[] previous, String oldVersion) {
        try {
            b.update(new ByteArrayInputStream(previous));
            refresh();
            b.start();
            return "rolled back to version " + oldVersion + " (" + BundleRoutes.state(b.getState()) + ")";
        } catch (BundleException | RuntimeException e) {
            return "the rollback to version " + oldVersion + " failed too (" + message(e) + "): left version " + b.getVersion()
                    + ", " + BundleRoutes.state(b.getState());
        }
    }

    private void uninstallLate(Bundle b) {
        withLock(() -> uninstallQuietly(b));
    }

    private void withLock(Runnable r) {
        lock.lock();
        try {
            r.run();
        } finally {
            lock.unlock();
        }
    }

    private static String restartQuietly(Bundle b) {
        try {
            b.start();
        } catch (BundleException | IllegalStateException e) {
            return BundleRoutes.state(b.getState()) + ", its start failed: " + e.getMessage();
        }
        return BundleRoutes.state(b.getState());
    }

    private static void stopQuietly(Bundle b) {
        try {
            if (b.getState() == Bundle.ACTIVE) b.stop();
        } catch (BundleException | IllegalStateException ignored) {
            // not started after all
        }
    }

    private void uninstallQuietly(Bundle b) {
        try {
            b.uninstall();
            refresh();
        } catch (BundleException | IllegalStateException ignored) {
            // already gone
        }
    }

    /** The exception's message and its root cause's (an activator's exception is the cause of Felix's "Activator start error"). */
    static String message(Throwable e) {
        String m = e.getMessage() != null ? e.getMessage() : e.toString();
        Throwable root = e;
        while (root.getCause() != null && root.getCause() != root) root = root.getCause();
        return root == e ? m : m + " (" + root + ")";
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
