package ringlab.node.internal;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicLong;
import org.osgi.framework.Bundle;
import org.osgi.framework.ServiceReference;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.osgi.service.component.annotations.ReferencePolicy;
import org.osgi.service.component.annotations.ReferencePolicyOption;
import ringlab.node.FeatureCatalog;
import ringlab.node.NodeEvent.Kind;
import ringlab.node.RegisteredFeature;
import ringlab.spi.feature.DriverFeature;

/**
 * Tracks DriverFeature services. Dynamic and greedy from the start, so installing or removing a
 * feature bundle changes the catalog in place without restarting this component or the runner.
 *
 * <p>A service's metadata is read once, here ({@link RegisteredFeature#read}); a service whose metadata
 * throws or is null is refused. An id is held by one bundle: a second service with that id is refused,
 * naming the holder, and stays refused while it is registered, even after the holder goes away (it is
 * looked at again only when it registers again, i.e. when its bundle restarts or is updated). When both
 * register at once (the framework starts bundles in start-level order, and a bundle installed later
 * through the API or the deploy folder may start first), the bundle installed first (lower bundle id)
 * holds the id, so an impostor never takes over an in-tree feature across a restart.
 */
@Component(service = {FeatureCatalog.class, FeatureRegistry.class}, immediate = true)
public final class FeatureRegistry implements FeatureCatalog {
    /** Told of every feature that becomes usable or stops being usable (FeatureConfigs). */
    interface Listener {
        void added(RegisteredFeature f);

        void removed(RegisteredFeature f);
    }

    private final Map<String, RegisteredFeature> byId = new TreeMap<>();
    private final Map<DriverFeature, RegisteredFeature> byService = new IdentityHashMap<>();
    private final Map<DriverFeature, Rejected> rejected = new IdentityHashMap<>();
    private final List<Listener> listeners = new CopyOnWriteArrayList<>();
    private volatile List<RegisteredFeature> snapshot = List.of();
    private final AtomicLong generation = new AtomicLong();

    @Reference
    private NodeEvents events;

    /**
     * The features' DS components. SPI Fly (in the node for slf4j) also registers the META-INF/services
     * providers of bundles that ask for its registrar, as bnd's @ServiceProvider makes the features do; those
     * copies carry serviceloader.mediator (OSGi Service Loader Mediator spec) and are not features twice.
     */
    @Reference(
            service = DriverFeature.class,
            target = "(!(serviceloader.mediator=*))",
            cardinality = ReferenceCardinality.MULTIPLE,
            policy = ReferencePolicy.DYNAMIC,
            policyOption = ReferencePolicyOption.GREEDY,
            unbind = "removeFeature")
    void addFeature(DriverFeature feature, ServiceReference<DriverFeature> ref) {
        Bundle b = ref.getBundle();
        String bsn = b == null ? "?" : b.getSymbolicName();
        long bundleId = b == null ? -1 : b.getBundleId();
        RegisteredFeature f;
        try {
            f = RegisteredFeature.read(feature, bsn, bundleId);
        } catch (IllegalArgumentException e) {
            refuse(feature, new Rejected(bsn, bundleId, null, "feature service " + feature.getClass().getName() + " of bundle "
                    + bsn + " [" + bundleId + "] refused: " + e.getMessage()));
            return;
        }
        RegisteredFeature holder;
        boolean accepted;
        synchronized (this) {
            holder = byId.get(f.id());
            accepted = holder == null || f.bundleId() < holder.bundleId();
            if (accepted) {
                if (holder != null) {
                    byService.remove(holder.plugin());
                    rejected.put(holder.plugin(), duplicate(holder, f));
                }
                byId.put(f.id(), f);
                byService.put(feature, f);
                changed();
            }
        }
        // events and listeners outside the lock: the event log calls its subscribers
        if (!accepted) {
            refuse(feature, duplicate(f, holder));
            return;
        }
        if (holder != null) {
            events.record(Kind.FEATURE_REJECTED, f.id(), duplicate(holder, f).error());
            for (Listener l : listeners) l.removed(holder);
        }
        for (Listener l : listeners) l.added(f);
    }

    void removeFeature(DriverFeature feature) {
        RegisteredFeature f;
        synchronized (this) {
            rejected.remove(feature);
            f = byService.remove(feature);
            if (f == null) return;
            byId.remove(f.id(), f);
            changed();
        }
        for (Listener l : listeners) l.removed(f);
    }

    private static Rejected duplicate(RegisteredFeature f, RegisteredFeature holder) {
        return new Rejected(f.bundle(), f.bundleId(), f.id(), "feature '" + f.id() + "' of bundle " + f.bundleName()
                + " refused: the id is already registered by bundle " + holder.bundleName());
    }

    private void refuse(DriverFeature feature, Rejected r) {
        synchronized (this) {
            rejected.put(feature, r);
        }
        events.record(Kind.FEATURE_REJECTED, r.id() != null ? r.id() : r.bundle(), r.error());
    }

    private void changed() {
        List<RegisteredFeature> l = new ArrayList<>(byId.values());
        l.sort(Comparator.comparing(RegisteredFeature::id));
        snapshot = List.copyOf(l);
        generation.incrementAndGet();
    }

    /** Adds a listener, told at once of the features registered now. */
    void listen(Listener l) {
        listeners.add(l);
        for (RegisteredFeature f : snapshot) l.added(f);
    }

    void unlisten(Listener l) {
        listeners.remove(l);
    }

    @Override
    public List<RegisteredFeature> features() {
        return snapshot;
    }

    @Override
    public Map<String, DriverFeature> byId() {
        Map<String, DriverFeature> m = new LinkedHashMap<>();
        for (RegisteredFeature f : snapshot) m.put(f.id(), f);
        return m;
    }

    @Override
    public synchronized List<Rejected> rejected() {
        List<Rejected> l = new ArrayList<>(rejected.values());
        l.sort(Comparator.comparing(Rejected::bundleId));
        return List.copyOf(l);
    }

    @Override
    public long generation() {
        return generation.get();
    }
}
