package ringlab.node.internal;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;
import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;
import org.osgi.framework.BundleEvent;
import org.osgi.framework.FrameworkEvent;
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

    private final ArrayDeque<NodeEvent> events = new ArrayDeque<>();
    private final List<Consumer<NodeEvent>> listeners = new CopyOnWriteArrayList<>();
    private long seq;
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
        listeners.clear();
    }

    /** The runner's virtual time (the node's timeline, ns), stamped on every event from now on. */
    void clock(long timelineNanos) { virtualNanos = timelineNanos; }

    /** Records an event and hands it to the subscribers. */
    NodeEvent record(Kind kind, String subject, String message) {
        NodeEvent e;
        synchronized (events) {
            e = new NodeEvent(++seq, kind, subject, message, System.currentTimeMillis(), virtualNanos / 1e9);
            events.addLast(e);
            if (events.size() > KEEP) events.removeFirst();
        }
        for (Consumer<NodeEvent> l : listeners) {
            try {
                l.accept(e);
            } catch (RuntimeException ignored) {
                // a subscriber's failure is its own; the log and the others go on
            }
        }
        return e;
    }

    @Override
    public List<NodeEvent> since(long after) {
        synchronized (events) {
            List<NodeEvent> out = new ArrayList<>();
            for (NodeEvent e : events) if (e.seq() > after) out.add(e);
            return out;
        }
    }

    @Override
    public long lastSeq() {
        synchronized (events) {
            return seq;
        }
    }

    @Override
    public AutoCloseable subscribe(Consumer<NodeEvent> listener) {
        listeners.add(listener);
        return () -> listeners.remove(listener);
    }

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
