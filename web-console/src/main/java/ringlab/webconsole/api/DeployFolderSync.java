package ringlab.webconsole.api;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;
import org.osgi.framework.BundleException;
import org.osgi.framework.wiring.BundleRevision;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Reference;
import ringlab.node.EventLog;
import ringlab.node.NodeEvent.Kind;

/**
 * The deploy folder's promise after a restart: a jar in it is installed and started, a jar removed from it is
 * uninstalled. FileInstall 3.7.4 keeps it while the node runs, but not across a restart: a jar removed while the
 * node was down (or just before it was killed) leaves its bundle installed, and a bundle FileInstall installed
 * and had not started yet when the node was killed is not persistently started, so FileInstall never starts it
 * while its file stays unchanged (the chaos soak's test.dropped, stuck RESOLVED). So,
 * shortly after the node starts, what is still in such a state at two looks {@link #SETTLE_MILLIS} apart (FileInstall
 * has had several polls by then) is mended, once, with a warning that says so. Only then: while the node runs,
 * a folder bundle stopped through the API stays stopped.
 */
@Component(immediate = true)
public final class DeployFolderSync {
    /** How a folder bundle is out of step with its file. */
    enum Drift {
        /** Its file is missing: it should have been uninstalled. */
        GONE,
        /** Its file is there but it is not started. */
        STOPPED
    }

    /** The first look after the node started, and the second (which acts), in milliseconds. */
    static final long FIRST_LOOK_MILLIS = 3_000, SETTLE_MILLIS = 5_000;

    @Reference
    private EventLog events;

    private BundleContext context;
    private Infrastructure infra;
    private ScheduledExecutorService timer;

    @Activate
    void activate(BundleContext ctx) {
        context = ctx;
        infra = new Infrastructure(ctx);
        timer = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "ringlab-deploy-folder-sync");
            t.setDaemon(true);
            return t;
        });
        timer.schedule(() -> {
            Map<Long, Drift> first = stuck();
            timer.schedule(() -> mend(first), SETTLE_MILLIS, TimeUnit.MILLISECONDS);
        }, FIRST_LOOK_MILLIS, TimeUnit.MILLISECONDS);
    }

    @Deactivate
    void deactivate() {
        timer.shutdownNow();
    }

    /** Folder bundles out of step with their files, by id. */
    Map<Long, Drift> stuck() {
        Map<Long, Drift> out = new HashMap<>();
        for (Bundle b : context.getBundles()) {
            Path file = infra.deployFile(b);
            if (file == null || b.getState() == Bundle.UNINSTALLED) continue;
            if (!Files.exists(file)) {
                out.put(b.getBundleId(), Drift.GONE);
            } else if ((b.getState() == Bundle.INSTALLED || b.getState() == Bundle.RESOLVED) && !fragment(b)) {
                out.put(b.getBundleId(), Drift.STOPPED);
            }
        }
        return out;
    }

    private void mend(Map<Long, Drift> first) {
        Map<Long, Drift> now = stuck();
        now.forEach((id, what) -> {
            if (what != first.get(id)) return; // changed between the looks: FileInstall is still at work
            Bundle b = context.getBundle(id);
            if (b == null) return;
            String file = "deploy/" + infra.deployFile(b).getFileName();
            try {
                if (what == Drift.GONE) {
                    b.uninstall();
                    events.record(Kind.WARNING, file, file + " is gone but its bundle " + b.getSymbolicName() + " [" + id
                            + "] was still installed (the node was stopped before FileInstall uninstalled it): uninstalled");
                } else {
                    b.start();
                    events.record(Kind.WARNING, file, file + ": its bundle " + b.getSymbolicName() + " [" + id
                            + "] was installed but not started (the node was stopped between the two): started");
                }
            } catch (BundleException | IllegalStateException | SecurityException e) {
                events.record(Kind.WARNING, file, file + ": its bundle " + b.getSymbolicName() + " [" + id + "] is "
                        + (what == Drift.GONE ? "installed without its file" : "not started") + " and could not be mended: " + e.getMessage());
            }
        });
    }

    private static boolean fragment(Bundle b) {
        BundleRevision r = b.adapt(BundleRevision.class);
        return r != null && (r.getTypes() & BundleRevision.TYPE_FRAGMENT) != 0;
    }
}
