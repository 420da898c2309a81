package ringlab.cli;

import java.io.IOException;
import java.io.InputStream;
import java.net.MalformedURLException;
import java.net.URISyntaxException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.CodeSource;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;
import java.util.Set;
import java.util.jar.JarFile;
import java.util.stream.Stream;
import ringlab.sim.board.BoardLoader;
import ringlab.spi.board.Board;
import ringlab.spi.feature.DriverFeature;

/**
 * The boards and features the CLI runs with: the in-tree ones ({@link Catalog}) plus those of out-of-tree
 * plug-in jars, the same jars the node takes: a board bundle names its descriptor in the Ringlab-Board
 * header, a feature bundle lists its DriverFeature classes in META-INF/services (beside its DS component).
 * Each jar gets a class loader whose parent is the CLI's, so it sees the runtime and SPI classes.
 * Every problem is an IllegalArgumentException with one line naming the jar.
 */
record Plugins(Map<String, Board> boards, Map<String, DriverFeature> features) {
    static final String BOARD_HEADER = "Ringlab-Board";
    static final String SERVICES = "META-INF/services/" + DriverFeature.class.getName();

    /** The in-tree boards and features only. */
    static Plugins inTree() { return new Plugins(Catalog.boards(), Catalog.features()); }

    /**
     * In-tree plus the jars of {@code sources} (a folder stands for every *.jar in it, sorted by name).
     * {@code optional}: a folder that does not exist is empty (the node's deploy folder before a node ran).
     */
    static Plugins load(List<Path> sources, boolean optional) { return load(Catalog.boards(), sources, optional); }

    /**
     * {@link #load}, the in-tree descriptors parsed only when their board is asked for: what one run needs
     * (a broken in-tree descriptor then stops only a run of its own board, or one that iterates every board).
     */
    static Plugins loadLazily(List<Path> sources, boolean optional) { return load(Catalog.lazyBoards(), sources, optional); }

    private static Plugins load(Map<String, Board> inTreeBoards, List<Path> sources, boolean optional) {
        Map<String, Board> boards = inTreeBoards; // a fresh map of the catalog's: the jars' boards join it
        Map<String, DriverFeature> features = Catalog.features();
        for (Path jar : jars(sources, optional)) add(jar, boards, features);
        return new Plugins(boards, features);
    }

    /** --bundles DIR|JAR,...: the paths, an empty value none. */
    static List<Path> parse(String list) {
        List<Path> paths = new ArrayList<>();
        for (String s : list.split(",")) if (!s.isBlank()) paths.add(Path.of(s.strip()));
        return paths;
    }

    private static List<Path> jars(List<Path> sources, boolean optional) {
        Set<Path> jars = new LinkedHashSet<>();
        for (Path s : sources) {
            if (Files.isDirectory(s)) {
                try (Stream<Path> files = Files.list(s)) {
                    files.filter(f -> f.getFileName().toString().endsWith(".jar") && Files.isRegularFile(f)).sorted().forEach(jars::add);
                } catch (IOException e) {
                    throw new IllegalArgumentException("--bundles: cannot read the folder " + s + ": " + e.getMessage());
                }
            } else if (Files.isRegularFile(s)) {
                jars.add(s);
            } else if (!optional) {
                throw new IllegalArgumentException("--bundles: no such jar or folder: " + s);
            }
        }
        return new ArrayList<>(jars);
    }

    private static void add(Path jar, Map<String, Board> boards, Map<String, DriverFeature> features) {
        String boardPath;
        List<String> classes;
        try (JarFile j = new JarFile(jar.toFile())) {
            var mf = j.getManifest();
            if (mf == null || mf.getMainAttributes().getValue("Bundle-SymbolicName") == null) {
                throw refused(jar, "not an OSGi bundle (no Bundle-SymbolicName in its manifest)");
            }
            boardPath = mf.getMainAttributes().getValue(BOARD_HEADER);
            var services = j.getJarEntry(SERVICES);
            classes = services == null ? List.of() : serviceNames(j.getInputStream(services));
            if (boardPath == null && classes.isEmpty()) {
                throw refused(jar, "no " + BOARD_HEADER + " header (a board) and no " + SERVICES + " entry (a feature)");
            }
            if (boardPath != null) {
                var entry = j.getJarEntry(boardPath.strip());
                if (entry == null) throw refused(jar, "its " + BOARD_HEADER + " header names " + boardPath + ", which is not in the jar");
                String origin = "jar:" + jar.toUri() + "!/" + entry.getName();
                try (InputStream in = j.getInputStream(entry)) {
                    Board b = BoardLoader.parse(new String(in.readAllBytes(), StandardCharsets.UTF_8), origin);
                    Board prev = boards.putIfAbsent(b.id(), b);
                    if (prev != null) throw new IllegalArgumentException(jar + ": board id '" + b.id() + "' is already taken by " + prev.origin());
                }
            }
        } catch (IOException e) {
            throw refused(jar, "not a readable jar (" + e.getMessage() + ")");
        }
        if (!classes.isEmpty()) addFeatures(jar, classes, features);
    }

    private static void addFeatures(Path jar, List<String> classes, Map<String, DriverFeature> features) {
        URLClassLoader loader;
        try {
            loader = new URLClassLoader(new URL[] {jar.toUri().toURL()}, Plugins.class.getClassLoader()); // open for the run
        } catch (MalformedURLException e) {
            throw refused(jar, e.getMessage());
        }
        List<DriverFeature> loaded = new ArrayList<>();
        try {
            for (ServiceLoader.Provider<DriverFeature> p : ServiceLoader.load(DriverFeature.class, loader).stream().toList()) {
                if (classes.contains(p.type().getName())) loaded.add(p.get()); // skips the parent's services
            }
            for (DriverFeature f : loaded) f.id();
        } catch (ServiceConfigurationError | RuntimeException | LinkageError e) {
            throw new IllegalArgumentException(jar + ": its feature cannot be loaded: " + e);
        }
        if (loaded.size() < classes.size()) throw refused(jar, SERVICES + " names classes the jar does not provide: " + classes);
        for (DriverFeature f : loaded) {
            DriverFeature prev = features.putIfAbsent(f.id(), f);
            if (prev != null) throw new IllegalArgumentException(jar + ": feature id '" + f.id() + "' is already taken by " + where(prev));
        }
    }

    private static List<String> serviceNames(InputStream in) throws IOException {
        List<String> names = new ArrayList<>();
        try (in) {
            for (String line : new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n")) {
                String n = line.replaceAll("#.*", "").strip();
                if (!n.isEmpty()) names.add(n);
            }
        }
        return names;
    }

    /** Where a feature comes from: its jar (or class folder). */
    static String where(DriverFeature f) {
        CodeSource cs = f.getClass().getProtectionDomain().getCodeSource();
        if (cs == null || cs.getLocation() == null) return f.getClass().getName();
        try {
            return Path.of(cs.getLocation().toURI()).toString();
        } catch (URISyntaxException | IllegalArgumentException e) {
            return cs.getLocation().toString();
        }
    }

    private static IllegalArgumentException refused(Path jar, String why) {
        return new IllegalArgumentException(jar + " is not a ringlab plug-in: " + why);
    }
}
