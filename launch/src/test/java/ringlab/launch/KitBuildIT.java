package ringlab.launch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.jar.Attributes;
import java.util.jar.JarFile;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.w3c.dom.Element;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import ringlab.sim.board.ClasspathBoards;
import ringlab.spi.board.Board;

/**
 * Every kit in the tree (a Maven project outside the reactor: the template kits and the examples) is built
 * as an outsider would, with `mvn verify -Dringlab.validate`, in a copy, against the reactor's own jars:
 * these reach the kit through a private local repository holding them under groupId ringlab, beside links
 * to every other group of the build's local repository, so nothing is installed into it. The jar must
 * be a ringlab board or feature bundle and the kit's tests must have run. A new kit folder is found by
 * itself.
 */
class KitBuildIT {
    static final Path ROOT = BundleListsTest.ROOT;
    @TempDir static Path tmp;
    static Path repo;
    static String version;

    /** Maven projects under bundles/ and examples/ whose parent is not ringlab's root pom. */
    static List<String> kits() throws IOException {
        List<String> kits = new ArrayList<>();
        for (String top : List.of("bundles", "examples")) {
            try (Stream<Path> s = Files.walk(ROOT.resolve(top), 4)) {
                for (Path pom : s.filter(p -> p.getFileName().toString().equals("pom.xml")
                        && !p.toString().contains("/target/")).sorted().toList()) {
                    if (!pomText(pom).contains("<parent>")) kits.add(ROOT.relativize(pom.getParent()).toString());
                }
            }
        }
        return kits;
    }

    @Test
    void theKitsAreFound() throws IOException {
        List<String> kits = kits();
        assertTrue(kits.containsAll(List.of("bundles/hardware/template-kit", "examples/thirdparty-board", "bundles/features/template-kit",
                "examples/thirdparty-feature")), "kits found: " + kits);
    }

    @BeforeAll
    static void privateRepository() throws Exception {
        Element rootPom = BundleListsTest.pom(ROOT.resolve("pom.xml"));
        version = BundleListsTest.text(rootPom, "version");
        Path m2 = Path.of(System.getProperty("ringlab.m2.repo", System.getProperty("user.home") + "/.m2/repository"));
        repo = Files.createDirectories(tmp.resolve("repo"));
        try (Stream<Path> s = Files.list(m2)) {
            for (Path g : s.toList()) if (!g.getFileName().toString().equals("ringlab")) Files.createSymbolicLink(repo.resolve(g.getFileName()), g);
        }
        put("ringlab", version, ROOT.resolve("pom.xml"), null);
        for (String module : BundleListsTest.texts(BundleListsTest.child(rootPom, "modules"), "module")) {
            Path dir = ROOT.resolve(module);
            Element pom = BundleListsTest.pom(dir.resolve("pom.xml"));
            String artifactId = BundleListsTest.text(pom, "artifactId");
            // a module may have a version of its own (the SPI is versioned apart from the rest)
            String v = BundleListsTest.texts(pom, "version").isEmpty() ? version : BundleListsTest.text(pom, "version");
            Path jar = dir.resolve("target/" + artifactId + "-" + v + ".jar");
            if (Files.exists(jar)) put(artifactId, v, dir.resolve("pom.xml"), jar); // launch's own is not packaged yet
        }
    }

    /** The links go first, so that removing the temporary folder cannot reach into the shared repository. */
    @AfterAll
    static void unlink() throws IOException {
        try (Stream<Path> s = Files.list(repo)) {
            for (Path p : s.toList()) if (Files.isSymbolicLink(p)) Files.delete(p);
        }
    }

    /** A locally installed artifact's layout: what `mvn install` would write. */
    static void put(String artifactId, String v, Path pom, Path jar) throws IOException {
        Path d = Files.createDirectories(repo.resolve("ringlab/" + artifactId + "/" + v));
        Files.copy(pom, d.resolve(artifactId + "-" + v + ".pom"), StandardCopyOption.REPLACE_EXISTING);
        if (jar != null) Files.copy(jar, d.resolve(artifactId + "-" + v + ".jar"), StandardCopyOption.REPLACE_EXISTING);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("kits")
    void kitBuildsAndValidatesOutsideTheReactor(String kit) throws Exception {
        Path jar = build(kit);
        assertBundle(kit, jar);
        assertTestsRan(kit, tmp.resolve("kits").resolve(kit).resolve("target/surefire-reports"));
    }

    /**
     * The end-to-end path for a vendor: both templates, built outside the reactor, are deployed into a
     * running node and activated there (the template board with the template feature), and the CLI runs the
     * same two jars with --bundles.
     */
    @Test
    void theTemplatesDeployIntoANodeAndRunFromTheCliWithBundles() throws Exception {
        Path board = build("bundles/hardware/template-kit"), feature = build("bundles/features/template-kit");
        try (NodeHarness node = new NodeHarness().start()) {
            for (Path jar : List.of(board, feature)) {
                NodeClient.Answer a = node.post("/bundles", Files.readAllBytes(jar));
                assertEquals(200, a.status(), jar + ": " + a.body());
            }
            // the board and the feature register as their bundles start (the feature's DS component a moment later)
            NodeClient.await("the node takes my-board with my-feature", () -> {
                NodeClient.Answer put = node.put("/scenario", "{\"board\": \"my-board\", \"features\": \"stock,my-feature\", \"workload\": \"-t 5\"}");
                return put.status() == 200 ? put : null;
            });
            long counted = NodeClient.await("my-feature counting on my-board in the node", () -> {
                JsonObject s = NodeApiIT.obj(node.get("/status"));
                if (!s.has("simulation") || !"my-board".equals(s.getAsJsonObject("scenario").get("board").getAsString())) return null;
                JsonObject c = s.getAsJsonObject("simulation").getAsJsonObject("device").getAsJsonObject("features")
                        .getAsJsonObject("eth0").getAsJsonObject("counters").getAsJsonObject("my-feature");
                return c != null && c.get("my_feature_counted").getAsLong() > 0 ? c.get("my_feature_counted").getAsLong() : null;
            });
            assertTrue(counted > 0);
        }
        java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream(), err = new java.io.ByteArrayOutputStream();
        int exit = ringlab.cli.Main.run(new String[] {"run", "--bundles", board + "," + feature, "--hardware", "my-board",
                "--features", "stock,my-feature", "--json", "--", "-t", "2"}, new java.io.PrintStream(out, true), new java.io.PrintStream(err, true));
        assertEquals(0, exit, err.toString());
        JsonObject dev = JsonParser.parseString(out.toString()).getAsJsonObject().getAsJsonObject("ringlab");
        assertEquals("my-board", dev.get("board").getAsString(), "the CLI ran the template board");
        assertTrue(dev.getAsJsonObject("features").getAsJsonObject("eth0").getAsJsonObject("counters").getAsJsonObject("my-feature")
                .get("my_feature_counted").getAsLong() > 0, "the CLI ran the template feature: " + dev.getAsJsonObject("features"));
    }

    /** Builds a kit once (a copy, outside the reactor, against the private repository); its jar. */
    static synchronized Path build(String kit) throws Exception {
        Path done = built.get(kit);
        if (done != null) return done;
        assertEquals(property(ROOT.resolve("pom.xml"), "bnd.version"), property(ROOT.resolve(kit + "/pom.xml"), "bnd.version"),
                kit + ": the kit's bnd version is the reactor's");
        Path copy = tmp.resolve("kits").resolve(kit);
        copyTree(ROOT.resolve(kit), copy);
        List<String> cmd = new ArrayList<>(List.of(mvn(), "-B", "-Dmaven.repo.local=" + repo, "-Dringlab.validate",
                "-Dringlab.version=" + version, "-Dringlab.spi.version=" + property(ROOT.resolve("pom.xml"), "ringlab.spi.version"), "verify"));
        Path log = copy.resolve("build.log");
        ProcessBuilder pb = new ProcessBuilder(cmd).directory(copy.toFile()).redirectErrorStream(true).redirectOutput(log.toFile());
        pb.environment().put("JAVA_HOME", System.getProperty("java.home"));
        Process p = pb.start();
        // a guard against a hung build, not a measurement
        assertTrue(p.waitFor(15, TimeUnit.MINUTES), kit + ": build did not end");
        assertEquals(0, p.exitValue(), kit + ": " + String.join(" ", cmd) + " failed:\n" + tail(log));
        List<Path> jars;
        try (Stream<Path> s = Files.list(copy.resolve("target"))) {
            jars = s.filter(f -> f.toString().endsWith(".jar")).toList();
        }
        assertEquals(1, jars.size(), kit + ": one jar in target/: " + jars);
        built.put(kit, jars.get(0));
        return jars.get(0);
    }

    static final Map<String, Path> built = new java.util.HashMap<>();

    static void assertBundle(String kit, Path jar) throws Exception {
        try (JarFile j = new JarFile(jar.toFile())) {
            Attributes a = j.getManifest().getMainAttributes();
            assertEquals("2", a.getValue("Bundle-ManifestVersion"), kit + ": not an OSGi bundle");
            assertNotNull(a.getValue("Bundle-SymbolicName"), kit + ": no Bundle-SymbolicName");
            String board = a.getValue("Ringlab-Board");
            if (board != null) {
                assertNotNull(j.getEntry(board), kit + ": Ringlab-Board names " + board + ", not in the jar");
                try (URLClassLoader only = new URLClassLoader(new URL[] {jar.toUri().toURL()}, null)) {
                    Map<String, Board> boards = ClasspathBoards.load(only);
                    assertEquals(1, boards.size(), kit + ": boards read from the jar: " + boards.keySet());
                }
            } else {
                assertNotNull(a.getValue("Service-Component"), kit + ": neither a board (Ringlab-Board) nor a DS feature");
                assertNotNull(j.getEntry("META-INF/services/ringlab.spi.feature.DriverFeature"), kit + ": no META-INF/services entry for the CLI");
            }
        }
    }

    static void assertTestsRan(String kit, Path reports) throws IOException {
        assertTrue(Files.isDirectory(reports), kit + ": no tests ran (no " + reports + ")");
        int tests = 0;
        try (Stream<Path> s = Files.list(reports)) {
            for (Path r : s.filter(f -> f.getFileName().toString().startsWith("TEST-")).toList()) {
                String x = Files.readString(r);
                tests += attr(x, "tests");
                assertEquals(0, attr(x, "failures") + attr(x, "errors") + attr(x, "skipped"), kit + ": " + r.getFileName());
            }
        }
        assertTrue(tests > 0, kit + ": no test ran");
    }

    static int attr(String xml, String name) {
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("<testsuite[^>]*\\s" + name + "=\"(\\d+)\"").matcher(xml);
        return m.find() ? Integer.parseInt(m.group(1)) : 0;
    }

    static String property(Path pom, String name) throws Exception {
        return BundleListsTest.text(BundleListsTest.child(BundleListsTest.pom(pom), "properties"), name);
    }

    static String mvn() {
        String home = System.getProperty("ringlab.maven.home", "");
        return home.isEmpty() ? "mvn" : Path.of(home, "bin", "mvn").toString();
    }

    static void copyTree(Path from, Path to) throws IOException {
        try (Stream<Path> s = Files.walk(from)) {
            for (Path p : s.filter(f -> !from.relativize(f).startsWith("target")).toList()) {
                Path t = to.resolve(from.relativize(p).toString());
                if (Files.isDirectory(p)) Files.createDirectories(t);
                else Files.copy(p, t, StandardCopyOption.REPLACE_EXISTING);
            }
        }
    }

    static String pomText(Path pom) {
        try {
            return Files.readString(pom);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    static String tail(Path log) throws IOException {
        List<String> l = Files.readAllLines(log);
        return String.join("\n", l.subList(Math.max(0, l.size() - 60), l.size()));
    }
}
