package ringlab.sim.board;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.google.gson.JsonObject;
import java.io.IOException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import ringlab.spi.board.Board;

/**
 * The lazily parsed boards give what {@link ClasspathBoards#load} gives (boards, ids, errors), except that a
 * broken descriptor no longer stops the use of another board.
 */
class LazyBoardsTest {
    @TempDir
    Path dir;
    private int folders;

    /** A class loader over one folder per descriptor text, in this order. */
    private ClassLoader path(String... descriptors) throws IOException {
        List<URL> urls = new ArrayList<>();
        for (String descriptor : descriptors) {
            Path root = dir.resolve("b" + folders++);
            Path f = root.resolve(ClasspathBoards.DESCRIPTOR);
            Files.createDirectories(f.getParent());
            Files.writeString(f, descriptor);
            urls.add(root.toUri().toURL());
        }
        return new URLClassLoader(urls.toArray(URL[]::new), null);
    }

    private static String withId(String id) {
        JsonObject d = Descriptors.bcm6328();
        d.addProperty("id", id);
        return d.toString();
    }

    private static String brokenWithId(String id) {
        JsonObject d = Descriptors.bcm6328();
        d.addProperty("id", id);
        d.getAsJsonObject("nic").addProperty("txRing", -4);
        return d.toString();
    }

    @Test
    void theBoardsAreTheEagerLoadersBoards() throws IOException {
        ClassLoader cl = path(withId("zeta"), Descriptors.read(Descriptors.BCM6328), withId("alpha"));
        Map<String, Board> eager = ClasspathBoards.load(cl);
        LazyBoards lazy = LazyBoards.index(cl);
        assertEquals(List.of("alpha", "bcm6328", "zeta"), List.copyOf(lazy.keySet()));
        assertEquals(eager.get("bcm6328"), lazy.get("bcm6328"));
        assertEquals(eager, lazy);
    }

    @Test
    void aBrokenDescriptorOfAnotherBoardDoesNotStopThisOne() throws IOException {
        ClassLoader cl = path(brokenWithId("acme-x"), Descriptors.read(Descriptors.BCM6328), "{ not json");
        assertThrows(BoardDescriptorException.class, () -> ClasspathBoards.load(cl)); // every board refused
        LazyBoards lazy = LazyBoards.index(cl);
        assertEquals("bcm6328", lazy.get("bcm6328").id());
        BoardDescriptorException e = assertThrows(BoardDescriptorException.class, () -> lazy.get("acme-x"));
        assertEquals("acme-x", e.boardId());
    }

    @Test
    void anUnknownIdGetsTheBrokenDescriptorsErrorAsTheEagerLoaderGivesIt() throws IOException {
        ClassLoader cl = path(Descriptors.read(Descriptors.BCM6328), "[1, 2]");
        String eager = assertThrows(BoardDescriptorException.class, () -> ClasspathBoards.load(cl)).getMessage();
        LazyBoards lazy = LazyBoards.index(cl);
        assertEquals(eager, assertThrows(BoardDescriptorException.class, () -> lazy.get("nosuch")).getMessage());
        assertThrows(BoardDescriptorException.class, () -> List.copyOf(lazy.values())); // every board: refused as before
    }

    @Test
    void aDuplicateIdIsTheSameError() throws IOException {
        ClassLoader cl = path(withId("twin"), withId("twin"));
        String eager = assertThrows(IllegalArgumentException.class, () -> ClasspathBoards.load(cl)).getMessage();
        assertEquals(eager, assertThrows(IllegalArgumentException.class, () -> LazyBoards.index(cl)).getMessage());
    }

    @Test
    void aBoardPutBesideThemIsKeptAndAnIdTakenIsAnswered() throws IOException {
        ClassLoader cl = path(Descriptors.read(Descriptors.BCM6328));
        Board other = ClasspathBoards.load(path(withId("other"))).get("other");
        LazyBoards lazy = LazyBoards.index(cl);
        assertEquals(null, lazy.putIfAbsent("other", other));
        assertEquals("bcm6328", lazy.putIfAbsent("bcm6328", other).id()); // the in-tree one stays
        assertEquals(List.of("bcm6328", "other"), List.copyOf(lazy.keySet()));
        assertEquals(other, lazy.get("other"));
    }
}
