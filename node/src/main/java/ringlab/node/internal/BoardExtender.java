package ringlab.node.internal;

import java.io.IOException;
import java.io.InputStream;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentSkipListMap;
import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;
import org.osgi.framework.BundleEvent;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Reference;
import org.osgi.util.tracker.BundleTracker;
import org.osgi.util.tracker.BundleTrackerCustomizer;
import ringlab.node.BoardCatalog;
import ringlab.node.NodeEvent.Kind;
import ringlab.sim.board.BoardLoader;
import ringlab.spi.board.Board;

/**
 * Extender for board bundles: a bundle that names a JSON descriptor in its {@code Ringlab-Board}
 * header provides that board while it is started. Board bundles hold no code, so the descriptor
 * is read with getEntry (no class loading) and parsed by the runtime, the same parser the CLI
 * uses on the class path.
 */
@Component(service = BoardCatalog.class, immediate = true)
public final class BoardExtender implements BoardCatalog, BundleTrackerCustomizer<Board> {
    static final String HEADER = BoardCatalog.HEADER;

    /** The admitted boards by bundle id; one bundle per board id ({@link #admit}). */
    private final Map<Long, Board> byBundle = new ConcurrentSkipListMap<>();
    private final Map<Long, Rejected> rejected = new ConcurrentSkipListMap<>();
    private BundleContext context;
    private BundleTracker<Board> tracker;

    @Reference
    private NodeEvents events;

    @Activate
    void activate(BundleContext context) {
        this.context = context;
        // STARTING too: a lazily activated bundle is usable before its first class load.
        tracker = new BundleTracker<>(context, Bundle.STARTING | Bundle.ACTIVE, this);
        tracker.open();
    }

    @Deactivate
    void deactivate() {
        tracker.close();
    }

    @Override
    public Map<String, Board> boards() {
        Map<String, Board> byId = new TreeMap<>();
        byBundle.values().forEach(b -> byId.putIfAbsent(b.id(), b));
        return Collections.unmodifiableMap(byId);
    }

    @Override
    public List<Rejected> rejected() {
        // a refused bundle is not tracked: drop the entries of bundles that were stopped or removed since
        rejected.keySet().removeIf(id -> {
            Bundle b = context.getBundle(id);
            return b == null || (b.getState() & (Bundle.STARTING | Bundle.ACTIVE)) == 0;
        });
        return List.copyOf(rejected.values());
    }

    @Override
    public Board addingBundle(Bundle bundle, BundleEvent event) {
        String path = bundle.getHeaders("").get(HEADER);
        if (path == null) {
            return null; // not a board bundle: not tracked
        }
        String origin = bundle.getSymbolicName() + "/" + path;
        try {
            URL entry = bundle.getEntry(path.trim());
            if (entry == null) {
                throw new IOException("no such entry");
            }
            Board board = BoardLoader.parse(read(entry), origin);
            return admit(bundle, board) ? board : null;
        } catch (IOException | RuntimeException e) {
            // A broken board must not take the node down; it is simply not offered.
            String why = "board " + origin + " refused: " + (e.getMessage() != null ? e.getMessage() : e.toString());
            // an untracked bundle is offered again at its next event (STARTING, then ACTIVE): one event per rejection
            Rejected before = rejected.put(bundle.getBundleId(), new Rejected(bundle.getSymbolicName(), bundle.getBundleId(), why));
            if (before == null || !before.error().equals(why)) events.record(Kind.BOARD_REJECTED, bundle.getSymbolicName(), why);
            return null;
        }
    }

    /**
     * A board id is provided by one bundle. A second bundle with that id is refused, naming the holder, and
     * stays refused while it is started, even after the holder goes (it is looked at again when it starts
     * again). When both start at once (a bundle installed later may start first, at a lower start level),
     * the bundle installed first (lower bundle id) holds the id.
     */
    private synchronized boolean admit(Bundle bundle, Board board) {
        for (Map.Entry<Long, Board> e : byBundle.entrySet()) {
            long holder = e.getKey();
            if (holder == bundle.getBundleId() || !e.getValue().id().equals(board.id())) continue;
            if (holder < bundle.getBundleId()) {
                refuse(bundle, board, holder);
                return false;
            }
            byBundle.remove(holder);
            Bundle h = context.getBundle(holder);
            if (h != null) refuse(h, e.getValue(), bundle.getBundleId());
            break;
        }
        byBundle.put(bundle.getBundleId(), board);
        rejected.remove(bundle.getBundleId());
        return true;
    }

    private void refuse(Bundle bundle, Board board, long holderId) {
        Bundle holder = context.getBundle(holderId);
        String why = "board '" + board.id() + "' of bundle " + bundle.getSymbolicName() + " [" + bundle.getBundleId()
                + "] refused: the id is already provided by bundle " + (holder == null ? "?" : holder.getSymbolicName()) + " [" + holderId + "]";
        Rejected r = new Rejected(bundle.getSymbolicName(), bundle.getBundleId(), why);
        if (r.equals(rejected.put(bundle.getBundleId(), r))) return; // the tracker asks again at STARTED: said once
        events.record(Kind.BOARD_REJECTED, bundle.getSymbolicName(), why);
    }

    @Override
    public void modifiedBundle(Bundle bundle, BundleEvent event, Board board) {
        // STARTING -> ACTIVE changes nothing for a data bundle.
    }

    @Override
    public void removedBundle(Bundle bundle, BundleEvent event, Board board) {
        byBundle.remove(bundle.getBundleId(), board);
    }

    private static String read(URL entry) throws IOException {
        try (InputStream in = entry.openStream()) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }
}
