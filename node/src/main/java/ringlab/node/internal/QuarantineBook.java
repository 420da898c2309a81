package ringlab.node.internal;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentSkipListMap;
import org.osgi.framework.Bundle;
import org.osgi.framework.FrameworkUtil;
import ringlab.node.NodeEvent.Kind;
import ringlab.node.NodeStatus;
import ringlab.node.RegisteredFeature;
import ringlab.spi.board.Board;
import ringlab.spi.feature.DriverFeature;

/**
 * Features taken out of the run because their code threw, and a board whose simulation cannot be built.
 * A quarantine holds for the service object that failed: when its bundle is updated or restarted, a new
 * service object registers and the quarantine is lifted. Written by the runner thread; read by others.
 */
final class QuarantineBook {
    /** A quarantined feature: the service object that failed and where. */
    record Entry(String id, DriverFeature feature, String bundle, String error, String where, long virtualNanos) { }

    private record BoardFault(Board board, String error) { }

    private final Map<String, Entry> features = new ConcurrentSkipListMap<>();
    private volatile BoardFault boardFault;
    private final NodeEvents events;

    QuarantineBook(NodeEvents events) { this.events = events; }

    void quarantine(DriverFeature f, Throwable e, long virtualNanos) {
        String bundle = bundleName(f);
        String id = FeatureIds.safeId(f);
        features.put(id, new Entry(id, f, bundle, e.toString(), Culprit.where(e, f), virtualNanos));
        events.record(Kind.QUARANTINE, id, "feature '" + id + "' quarantined: " + e + (bundle == null ? "" : " (bundle " + bundle + ")"));
    }

    /**
     * Quarantines every installed feature of the bundles of {@code culprits}, active or not, so that none
     * of that bundle's code is run again until the bundle is updated or restarted.
     */
    void quarantineBundles(List<DriverFeature> culprits, Map<String, DriverFeature> installed, Throwable e, long virtualNanos) {
        java.util.Set<String> bundles = new java.util.LinkedHashSet<>();
        for (DriverFeature c : culprits) bundles.add(bundleName(c));
        for (String b : bundles) {
            events.record(Kind.QUARANTINE, b, "bundle " + b + " quarantined: its code faulted again right after a fault rebuild");
        }
        for (DriverFeature f : installed.values()) {
            for (DriverFeature c : culprits) {
                if (Culprit.sameBundle(f, c) && !holds(f.id(), f)) {
                    quarantine(f, e, virtualNanos);
                    break;
                }
            }
        }
        for (DriverFeature c : culprits) if (!holds(FeatureIds.safeId(c), c)) quarantine(c, e, virtualNanos); // e.g. already uninstalled
    }

    private static String bundleName(DriverFeature f) {
        if (f instanceof RegisteredFeature r) return r.bundleName();
        Bundle b = FrameworkUtil.getBundle(f.getClass());
        return b == null ? null : b.getSymbolicName() + " [" + b.getBundleId() + "]";
    }

    /** Whether this very service object of {@code id} is quarantined. */
    boolean holds(String id, DriverFeature f) {
        Entry q = features.get(id);
        return q != null && q.feature() == f;
    }

    Entry get(String id) { return features.get(id); }

    /** Lifts the quarantines of features whose service object was replaced or removed; clears a replaced board's fault. */
    void liftReplaced(Map<String, DriverFeature> installed, Map<String, Board> boards) {
        features.values().removeIf(q -> installed.get(q.id()) != q.feature());
        BoardFault bf = boardFault;
        if (bf != null && boards.get(bf.board().id()) != bf.board()) boardFault = null;
    }

    /** Installed and not quarantined: what a new configuration may use. */
    Map<String, DriverFeature> usable(Map<String, DriverFeature> installed) {
        Map<String, DriverFeature> m = new java.util.LinkedHashMap<>(installed);
        features.values().forEach(q -> { if (m.get(q.id()) == q.feature()) m.remove(q.id()); });
        return m;
    }

    /** Refuses a configuration that names a quarantined feature, saying how to lift it. */
    void checkNone(List<String> ids, Map<String, DriverFeature> installed) {
        for (String id : ids) {
            Entry q = features.get(id);
            if (q != null && installed.get(id) == q.feature()) {
                throw new IllegalArgumentException("feature '" + id + "' is quarantined (" + q.error()
                        + "); update or restart its bundle " + q.bundle());
            }
        }
    }

    void quarantineBoard(Board board, Throwable e) {
        boardFault = new BoardFault(board, e.toString());
        events.record(Kind.QUARANTINE, board.id(), "board '" + board.id() + "' quarantined: its simulation cannot be built (" + e + ")");
    }

    boolean boardHeld(Board board) {
        BoardFault bf = boardFault;
        return bf != null && bf.board() == board;
    }

    List<NodeStatus.QuarantinedFeature> features() {
        List<NodeStatus.QuarantinedFeature> out = new ArrayList<>();
        for (Entry q : features.values()) out.add(new NodeStatus.QuarantinedFeature(q.id(), q.bundle(), q.error(), q.where(), q.virtualNanos()));
        return out;
    }

    NodeStatus.QuarantinedBoard board() {
        BoardFault bf = boardFault;
        return bf == null ? null : new NodeStatus.QuarantinedBoard(bf.board().id(), bf.error());
    }
}
