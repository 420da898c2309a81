package ringlab.node.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import ringlab.node.RegisteredFeature;
import ringlab.spi.feature.DriverFeature;
import ringlab.spi.feature.DriverHooks;

/** Issue 10 item 3: a fault is blamed by class loader, a repeat takes out the whole bundle, rebuilds in a row back off. */
class FaultAttributionTest {

    /** A feature of its own class loader (a bundle's, in the node). */
    public static final class Loaded implements DriverFeature {
        @Override public String id() { return "loaded"; }
        @Override public String summary() { return "test"; }
        @Override public void install(DriverHooks hooks) { }
    }

    /** A class in Loaded's package that its loader does not define (an import, for a bundle). */
    public static final class Neighbour { }

    /** Defines {@code only} itself, from the parent's bytes; everything else comes from the parent. */
    static final class OwnLoader extends ClassLoader {
        private final String only;

        OwnLoader(String only) {
            super(FaultAttributionTest.class.getClassLoader());
            this.only = only;
        }

        @Override
        protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
            if (!name.equals(only)) return super.loadClass(name, resolve);
            synchronized (getClassLoadingLock(name)) {
                Class<?> c = findLoadedClass(name);
                if (c != null) return c;
                try (InputStream in = getParent().getResourceAsStream(name.replace('.', '/') + ".class")) {
                    byte[] b = in.readAllBytes();
                    return defineClass(name, b, 0, b.length);
                } catch (IOException e) {
                    throw new ClassNotFoundException(name, e);
                }
            }
        }
    }

    static StackTraceElement frame(Class<?> c) {
        return new StackTraceElement(c.getName(), "deliver", "X.java", 1);
    }

    @Test
    void aFeatureOwnsOnlyClassesItsOwnLoaderDefines() throws Exception {
        DriverFeature f = (DriverFeature) new OwnLoader(Loaded.class.getName()).loadClass(Loaded.class.getName()).getConstructor().newInstance();
        RuntimeException inNeighbour = new RuntimeException("x");
        inNeighbour.setStackTrace(new StackTraceElement[] {frame(Neighbour.class)});
        // before: a class-name (package) test blamed f for a class it does not have
        assertEquals(List.of(), Culprit.find(inNeighbour, List.of(f)));
        RuntimeException inLoaded = new RuntimeException("x");
        inLoaded.setStackTrace(new StackTraceElement[] {frame(Neighbour.class), frame(Loaded.class)});
        assertEquals(List.of(f), Culprit.find(inLoaded, List.of(f)));
    }

    @Test
    void twoLoadersWithTheClassAreBothCulprits() throws Exception {
        String name = Loaded.class.getName();
        DriverFeature a = (DriverFeature) new OwnLoader(name).loadClass(name).getConstructor().newInstance();
        DriverFeature b = (DriverFeature) new OwnLoader(name).loadClass(name).getConstructor().newInstance();
        RuntimeException e = new RuntimeException("x");
        e.setStackTrace(new StackTraceElement[] {frame(Loaded.class)});
        assertEquals(List.of(a, b), Culprit.find(e, List.of(a, b)), "a stack trace cannot tell them apart");
    }

    @Test
    void aBundleQuarantineTakesOutEveryInstalledFeatureOfTheCulpritsBundleOnly() {
        QuarantineBook book = new QuarantineBook(new NodeEvents());
        DriverFeature culprit = RegisteredFeature.read(new FeatureRefusalTest.Plugin("a"), "test.bad", 7);
        DriverFeature sibling = RegisteredFeature.read(new FeatureRefusalTest.Plugin("b"), "test.bad", 7); // installed, not active
        DriverFeature other = RegisteredFeature.read(new FeatureRefusalTest.Plugin("c"), "test.good", 8);
        Map<String, DriverFeature> installed = Map.of("a", culprit, "b", sibling, "c", other);
        book.quarantineBundles(List.of(culprit), installed, new IllegalStateException("again"), 0);
        assertTrue(book.holds("a", culprit) && book.holds("b", sibling));
        assertFalse(book.holds("c", other));
        assertEquals(Map.of("c", other), book.usable(installed));
    }

    @Test
    void rebuildsInARowBackOffBoundedAndASettledRunEndsTheStreak() {
        RebuildBackoff b = new RebuildBackoff();
        assertEquals(0, b.fault(), "the first fault rebuilds at once");
        assertTrue(b.justRebuilt());
        long ms = TimeUnit.MILLISECONDS.toNanos(1);
        assertEquals(100 * ms, b.fault());
        assertEquals(200 * ms, b.fault());
        assertEquals(400 * ms, b.fault());
        long last = 0;
        for (int i = 0; i < 100; i++) last = b.fault();
        assertEquals(RebuildBackoff.MAX_NANOS, last);
        b.ran(RebuildBackoff.SETTLED_NANOS - 1);
        assertTrue(b.justRebuilt());
        b.ran(RebuildBackoff.SETTLED_NANOS);
        assertEquals(0, b.fault(), "a new streak");
    }
}
