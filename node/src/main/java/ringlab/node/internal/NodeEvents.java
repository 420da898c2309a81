package ringlab.node.internal;

import java.util.List;
import java.util.function.Consumer;
import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;
import org.osgi.framework.BundleEvent;
import org.osgi.framework.SynchronousBundleListener;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import ringlab.node.EventLog;
import ringlab.node.NodeEvent;
import ringlab.node.NodeEvent.Kind;

/**
 * The node's event log, kept in memory (the last {@link #KEEP} events). Bundle events come from a
 * bundle listener, so bundles installed through the API, FileInstall or the Felix console all appear;
 * they are recorded once the framework has started (the start-up burst of every bundle is not news).
 * Events carry the node's virtual time, which the runner keeps current through {@link #clock}.
 */
@Component(service = {EventLog.class, NodeEvents.class}, immediate = true)
public final class NodeEvents implements EventLog {
    static final int KEEP = 2000;

    private final SequencedLog<NodeEvent> events = new SequencedLog<>(KEEP, NodeEvent::seq);
    private volatile long virtualNanos;
    private BundleContext context;
    private final SynchronousBundleListener bundleListener = this::bundleChanged;

    @Activate
    void activate(BundleContext ctx) {
        context = ctx;
        ctx.addBundleListener(bundleListener);
    }

    @Deactivate
    void deactivate() {
        context.removeBundleListener(bundleListener);
        events.clearSubscribers();
    }

    /** The runner's virtual time (the node's timeline, ns), stamped on every event from now on. */
    void clock(long timelineNanos) { virtualNanos = timelineNanos; }

    @Override
    public NodeEvent record(Kind kind, String subject, String message) {
        long now = System.currentTimeMillis();
        double virtual = virtualNanos / 1e9;
        return events.append(seq -> new NodeEvent(seq, kind, subject, message, now, virtual));
    }

    @Override
    public List<NodeEvent> since(long after) { return events.since(after); }

    @Override
    public long lastSeq() { return events.lastSeq(); }

    @Override
    public AutoCloseable subscribe(Consumer<NodeEvent> listener) { return events.subscribe(listener); }

    private void bundleChanged(BundleEvent e) {
        if (context.getBundle(0).getState() != Bundle.ACTIVE) return; // framework starting or stopping
        Kind kind = switch (e.getType()) {
            case BundleEvent.INSTALLED -> Kind.BUNDLE_INSTALLED;
            case BundleEvent.UPDATED -> Kind.BUNDLE_UPDATED;
            case BundleEvent.STARTED -> Kind.BUNDLE_STARTED;
            case BundleEvent.STOPPED -> Kind.BUNDLE_STOPPED;
            case BundleEvent.UNINSTALLED -> Kind.BUNDLE_UNINSTALLED;
            default -> null;
        };
        if (kind == null) return;
        Bundle b = e.getBundle();
        String verb = kind.jsonName().substring("bundle_".length());
        record(kind, b.getSymbolicName(), "bundle " + b.getSymbolicName() + " " + b.getVersion() + " [" + b.getBundleId() + "] " + verb);
    }
}
