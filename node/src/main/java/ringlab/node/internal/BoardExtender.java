package ringlab.node.internal;

import java.io.IOException;
import java.io.InputStream;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.util.Collections;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentSkipListMap;
import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;
import org.osgi.framework.BundleEvent;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.util.tracker.BundleTracker;
import org.osgi.util.tracker.BundleTrackerCustomizer;
import ringlab.node.BoardCatalog;
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

    /** By bundle id, so that the first installed bundle wins when two declare the same board id. */
    private final Map<Long, Board> byBundle = new ConcurrentSkipListMap<>();
    private BundleTracker<Board> tracker;

    @Activate
    void activate(BundleContext context) {
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
            byBundle.put(bundle.getBundleId(), board);
            return board;
        } catch (IOException | RuntimeException e) {
            // A broken board must not take the node down; it is simply not offered.
            System.err.println("ringlab: ignoring board " + origin + ": " + e);
            return null;
        }
    }

    @Override
    public void modifiedBundle(Bundle bundle, BundleEvent event, Board board) {
        // STARTING -> ACTIVE changes nothing for a data bundle.
    }

    @Override
    public void removedBundle(Bundle bundle, BundleEvent event, Board board) {
        byBundle.remove(bundle.getBundleId());
    }

    private static String read(URL entry) throws IOException {
        try (InputStream in = entry.openStream()) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }
}
