package ringlab.sweep;

import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.TreeMap;
import java.util.WeakHashMap;
import ringlab.sim.board.ClasspathBoards;
import ringlab.spi.board.Board;
import ringlab.spi.feature.DriverFeature;

/**
 * The boards and features a class loader sees: descriptors at {@link ClasspathBoards#DESCRIPTOR} and
 * DriverFeature services. On the driver that is the sweep's class path plus the --bundles jars; on an
 * executor it is the task's class loader, which holds the jars the driver shipped (SparkConf.setJars), so
 * both sides see the same boards and features.
 */
record SweepCatalog(Map<String, Board> boards, Map<String, DriverFeature> features) {
    private static final Map<ClassLoader, SweepCatalog> CACHE = new WeakHashMap<>();

    /** Once per class loader: an executor runs many tasks with the same one. */
    static synchronized SweepCatalog of(ClassLoader cl) {
        return CACHE.computeIfAbsent(cl, SweepCatalog::load);
    }

    private static SweepCatalog load(ClassLoader cl) {
        Map<String, DriverFeature> fs = new TreeMap<>();
        for (DriverFeature f : ServiceLoader.load(DriverFeature.class, cl)) {
            DriverFeature prev = fs.putIfAbsent(f.id(), f);
            if (prev != null && prev.getClass() != f.getClass()) throw new IllegalArgumentException("feature id '" + f.id() + "' is provided twice");
        }
        return new SweepCatalog(ClasspathBoards.load(cl), fs);
    }

    /** The driver's class loader with the plug-in jars added (the same jars go to the executors). */
    static ClassLoader withJars(List<Path> jars) {
        ClassLoader parent = SweepCatalog.class.getClassLoader();
        if (jars.isEmpty()) return parent;
        URL[] urls = new URL[jars.size()];
        try {
            for (int i = 0; i < urls.length; i++) urls[i] = jars.get(i).toUri().toURL();
        } catch (MalformedURLException e) {
            throw new IllegalArgumentException("--bundles: " + e.getMessage());
        }
        return new URLClassLoader(urls, parent);
    }
}
