package ringlab.sim.board;

import com.google.gson.stream.JsonReader;
import com.google.gson.stream.JsonToken;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.util.AbstractMap;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Enumeration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import ringlab.spi.board.Board;

/**
 * The class path's boards by id, each descriptor parsed only when its board is asked for: a run needs one
 * board, and parsing and checking every descriptor cost a cold CLI start about as much as the run's own set-up.
 * The ids come from a streaming read of each descriptor's top-level "id" (the rest is skipped unparsed), so the
 * key set, an unknown id's error and a duplicate id's error are what {@link ClasspathBoards#load} gives.
 * A descriptor whose id cannot be read this way (not JSON, no string id) is parsed in full, and so refused with
 * {@link BoardDescriptorException}'s usual line, only when an id the others lack, or every board, is asked for:
 * a broken descriptor no longer stops a run of another board. Iterating the map parses every descriptor.
 * Boards from elsewhere (out-of-tree jars) can be put in beside them.
 */
public final class LazyBoards extends AbstractMap<String, Board> {
    /** By id: a parsed {@link Board}, or the {@link URL} of a descriptor not parsed yet. */
    private final TreeMap<String, Object> byId = new TreeMap<>();
    private final List<URL> unindexed = new ArrayList<>();

    /** Indexes every descriptor on the class loader's path; a duplicate id is an error naming both. */
    public static LazyBoards index(ClassLoader cl) {
        LazyBoards boards = new LazyBoards();
        try {
            Enumeration<URL> urls = cl.getResources(ClasspathBoards.DESCRIPTOR);
            while (urls.hasMoreElements()) {
                URL u = urls.nextElement();
                String id = idOf(u);
                if (id == null) {
                    boards.unindexed.add(u);
                    continue;
                }
                Object prev = boards.byId.put(id, u);
                if (prev != null) throw new IllegalArgumentException("board id " + id + " is defined twice: " + prev + " and " + u);
            }
        } catch (IOException e) {
            throw ClasspathBoards.cannotRead(e);
        }
        return boards;
    }

    /** The descriptor's first top-level "id" string (lenient, as Gson's JsonParser reads), or null if none. */
    private static String idOf(URL u) {
        try (InputStream in = u.openStream(); JsonReader r = new JsonReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
            r.setLenient(true);
            r.beginObject();
            while (r.hasNext()) {
                boolean id = r.nextName().equals("id");
                if (id && r.peek() == JsonToken.STRING) {
                    String s = r.nextString();
                    return s.isBlank() ? null : s;
                }
                r.skipValue();
            }
            return null;
        } catch (IOException | RuntimeException e) { // not JSON, or not an object: the full parse says why
            return null;
        }
    }

    @Override
    public Board get(Object key) {
        if (!byId.containsKey(key)) parseUnindexed(); // it may be one of them (or their error is the answer)
        Object v = byId.get(key);
        if (v instanceof URL u) {
            Board b = ClasspathBoards.parse(u);
            if (!b.id().equals(key)) throw new IllegalArgumentException(u + ": its id reads as '" + key + "' and as '" + b.id() + "'");
            byId.put(b.id(), b);
            return b;
        }
        return (Board) v;
    }

    @Override
    public boolean containsKey(Object key) {
        if (!byId.containsKey(key)) parseUnindexed();
        return byId.containsKey(key);
    }

    @Override
    public Board put(String id, Board board) {
        Board prev = byId.containsKey(id) ? get(id) : null;
        byId.put(id, board);
        return prev;
    }

    /** The ids, sorted; read without parsing when every descriptor's id could be read. */
    @Override
    public Set<String> keySet() {
        parseUnindexed();
        return Collections.unmodifiableSet(byId.keySet());
    }

    /** Every board, parsed (a broken descriptor is refused here). */
    @Override
    public Set<Map.Entry<String, Board>> entrySet() {
        parseUnindexed();
        for (String id : List.copyOf(byId.keySet())) get(id);
        Map<String, Board> all = new TreeMap<>();
        byId.forEach((id, b) -> all.put(id, (Board) b));
        return Collections.unmodifiableMap(all).entrySet();
    }

    private void parseUnindexed() {
        while (!unindexed.isEmpty()) {
            URL u = unindexed.get(0);
            Board b = ClasspathBoards.parse(u); // throws for the broken descriptor it almost surely is (and stays listed)
            unindexed.remove(0);
            Object prev = byId.putIfAbsent(b.id(), b);
            if (prev != null) throw new IllegalArgumentException("board id " + b.id() + " is defined twice: " + origin(prev) + " and " + u);
        }
    }

    private static String origin(Object boardOrUrl) { return boardOrUrl instanceof Board b ? b.origin() : boardOrUrl.toString(); }
}
