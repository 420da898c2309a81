package ringlab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.function.UnaryOperator;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import javax.tools.ToolProvider;
import ringlab.sim.board.ClasspathBoards;
import ringlab.spi.feature.DriverFeature;

/** Out-of-tree plug-in jars made in a test (as a vendor's build would), and the CLI run in-process. */
final class PluginJars {
    private PluginJars() { }

    record Run(int rc, String out, String err) { }

    static Run cli(Map<String, String> env, String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(), err = new ByteArrayOutputStream();
        int rc = Main.run(args, new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8), env);
        return new Run(rc, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    /** A feature bundle: one DriverFeature with id {@code id} (no mechanism), listed in META-INF/services. */
    static Path feature(Path dir, String bsn, String id) throws IOException {
        String pkg = bsn.replaceAll("[^A-Za-z0-9]", "");
        Path src = dir.resolve("src-" + pkg + "/" + pkg + "/Feature.java");
        Files.createDirectories(src.getParent());
        Files.writeString(src, """
            package PKG;
            public final class Feature implements ringlab.spi.feature.DriverFeature {
                public String id() { return "ID"; }
                public String summary() { return "test: an out-of-tree feature, no mechanism"; }
                public void install(ringlab.spi.feature.DriverHooks h) { }
            }
            """.replace("PKG", pkg).replace("ID", id));
        Path classes = dir.resolve("classes-" + pkg);
        Files.createDirectories(classes);
        String cp = Path.of(location(DriverFeature.class)).toString();
        assertEquals(0, ToolProvider.getSystemJavaCompiler().run(null, null, null, "--release", "17", "-proc:none", "-cp", cp,
                "-d", classes.toString(), src.toString()), "the test feature compiles");
        Path jar = dir.resolve(bsn + ".jar");
        try (JarOutputStream j = new JarOutputStream(Files.newOutputStream(jar), manifest(bsn, null))) {
            put(j, pkg + "/Feature.class", Files.readAllBytes(classes.resolve(pkg + "/Feature.class")));
            put(j, "META-INF/services/" + DriverFeature.class.getName(), (pkg + ".Feature\n").getBytes(StandardCharsets.UTF_8));
        }
        return jar;
    }

    /** A board bundle: the in-tree bcm6328 descriptor under another id, named by the Ringlab-Board header. */
    static Path board(Path dir, String bsn, String id) throws IOException {
        return board(dir, bsn, id, UnaryOperator.identity());
    }

    /** As {@link #board(Path, String, String)}, the descriptor's text changed by {@code edit} after the id. */
    static Path board(Path dir, String bsn, String id, UnaryOperator<String> edit) throws IOException {
        String json;
        try (InputStream in = PluginJars.class.getClassLoader().getResources(ClasspathBoards.DESCRIPTOR).asIterator().next().openStream()) {
            json = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        json = edit.apply(json.replaceFirst("\"id\"\\s*:\\s*\"[^\"]*\"", "\"id\": \"" + id + "\""));
        Path jar = dir.resolve(bsn + ".jar");
        try (JarOutputStream j = new JarOutputStream(Files.newOutputStream(jar), manifest(bsn, ClasspathBoards.DESCRIPTOR))) {
            put(j, ClasspathBoards.DESCRIPTOR, json.getBytes(StandardCharsets.UTF_8));
        }
        return jar;
    }

    /** A jar with the given manifest headers and one text entry. */
    static Path plain(Path dir, String name, Map<String, String> headers) throws IOException {
        Manifest m = new Manifest();
        m.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
        headers.forEach((k, v) -> m.getMainAttributes().putValue(k, v));
        Path jar = dir.resolve(name);
        try (JarOutputStream j = new JarOutputStream(Files.newOutputStream(jar), m)) {
            put(j, "readme.txt", "not a plug-in".getBytes(StandardCharsets.UTF_8));
        }
        return jar;
    }

    private static Manifest manifest(String bsn, String board) {
        Manifest m = new Manifest();
        Attributes a = m.getMainAttributes();
        a.put(Attributes.Name.MANIFEST_VERSION, "1.0");
        a.putValue("Bundle-ManifestVersion", "2");
        a.putValue("Bundle-SymbolicName", bsn);
        a.putValue("Bundle-Version", "1.0.0");
        if (board != null) a.putValue(Plugins.BOARD_HEADER, board);
        else a.putValue("Import-Package", "ringlab.spi.driver, ringlab.spi.feature");
        return m;
    }

    private static void put(JarOutputStream j, String name, byte[] bytes) throws IOException {
        j.putNextEntry(new JarEntry(name));
        j.write(bytes);
        j.closeEntry();
    }

    private static java.net.URI location(Class<?> c) {
        try {
            return c.getProtectionDomain().getCodeSource().getLocation().toURI();
        } catch (java.net.URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }
}
