package ringlab.cli;

import aQute.bnd.annotation.spi.ServiceConsumer;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.TreeMap;
import ringlab.sim.board.ClasspathBoards;
import ringlab.sim.board.LazyBoards;
import ringlab.spi.board.Board;
import ringlab.spi.feature.DriverFeature;

/**
 * Boards and features on the CLI's class path or module path (descriptor resources; META-INF/services
 * entries or the modules' provides clauses, which @ServiceConsumer's uses clause lets ServiceLoader see).
 */
@ServiceConsumer(DriverFeature.class)
final class Catalog {
    private Catalog() { }

    static Map<String, Board> boards() { return ClasspathBoards.load(Catalog.class.getClassLoader()); }

    /** The same boards, each descriptor parsed only when asked for (a run needs one; see {@link LazyBoards}). */
    static Map<String, Board> lazyBoards() { return LazyBoards.index(Catalog.class.getClassLoader()); }

    static Map<String, DriverFeature> features() {
        Map<String, DriverFeature> m = new TreeMap<>();
        for (DriverFeature f : ServiceLoader.load(DriverFeature.class, Catalog.class.getClassLoader())) m.put(f.id(), f);
        return m;
    }
}
