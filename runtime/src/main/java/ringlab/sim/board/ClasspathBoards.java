package ringlab.sim.board;

import java.io.IOException;
import java.io.InputStream;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.util.Enumeration;
import java.util.Map;
import java.util.TreeMap;
import ringlab.spi.board.Board;

/** Finds board descriptors on a class path (batch runs and tests; in OSGi the node's extender does this). */
public final class ClasspathBoards {
    public static final String DESCRIPTOR = "META-INF/ringlab/board.json";

    private ClasspathBoards() { }

    /** Every board on the class loader's path, by id (sorted). A broken descriptor is an error naming it. */
    public static Map<String, Board> load(ClassLoader cl) {
        Map<String, Board> boards = new TreeMap<>();
        try {
            Enumeration<URL> urls = cl.getResources(DESCRIPTOR);
            while (urls.hasMoreElements()) {
                Board b = parse(urls.nextElement());
                Board prev = boards.put(b.id(), b);
                if (prev != null) throw new IllegalArgumentException("board id " + b.id() + " is defined twice: " + prev.origin() + " and " + b.origin());
            }
        } catch (IOException e) {
            throw cannotRead(e);
        }
        return boards;
    }

    /** One descriptor, read and parsed; its URL is the board's origin. */
    static Board parse(URL u) {
        try (InputStream in = u.openStream()) {
            return BoardLoader.parse(new String(in.readAllBytes(), StandardCharsets.UTF_8), u.toString());
        } catch (IOException e) {
            throw cannotRead(e);
        }
    }

    static IllegalStateException cannotRead(IOException e) {
        return new IllegalStateException("cannot read board descriptors: " + e.getMessage(), e);
    }
}
