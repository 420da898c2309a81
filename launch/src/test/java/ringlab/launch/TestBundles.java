package ringlab.launch;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import java.util.stream.Stream;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import org.osgi.framework.BundleActivator;
import ringlab.spi.feature.DriverFeature;

/**
 * Feature bundles built in the test: sources compiled with the JDK's compiler against the SPI and the
 * OSGi core API, packed with a manifest by java.util.jar. A BundleActivator registers the features
 * (no DS), so the bundle needs nothing but the SPI bundle's packages.
 */
final class TestBundles {
    private TestBundles() { }


    static String features(String pkg, boolean hot) {
        return features(pkg, hot ? "c.registerService(DriverFeature.class, new HotThrows(), null);"
                : "c.registerService(DriverFeature.class, new Knob(), null); c.registerService(DriverFeature.class, new InstallThrows(), null);");
    }

    /** The test features' source, in package {@code pkg}, with the activator's body {@code register}. */
    static String features(String pkg, String register) {
        return """
            package PKG;
            import java.util.*;
            import org.osgi.framework.*;
            import ringlab.spi.driver.*;
            import ringlab.spi.feature.*;
            import ringlab.spi.net.Packet;
            public final class Activator implements BundleActivator {
                public void start(BundleContext c) { REGISTER }
                public void stop(BundleContext c) { }
            }
            final class Knob implements DriverFeature {
                public String id() { return "test-knob"; }
                public String summary() { return "test: a tunable shown as a counter, no mechanism"; }
                public List<Tunable> tunables() { return List.of(new Tunable("test_knob", "packets", 8, 1, 64, "test value")); }
                public void install(DriverHooks h) { long v = h.tunable("test_knob"); h.counters(id(), () -> Map.of("test_knob", v)); }
            }
            final class Twin implements DriverFeature { // a tunable named like test-knob's, another feature
                private final String id;
                Twin(String id) { this.id = id; }
                public String id() { return id; }
                public String summary() { return "test: a tunable test_knob of its own, shown as a counter"; }
                public List<Tunable> tunables() { return List.of(new Tunable("test_knob", "packets", 16, 1, 64, "test value")); }
                public void install(DriverHooks h) { long v = h.tunable("test_knob"); h.counters(id(), () -> Map.of("test_knob", v)); }
            }
            final class InstallThrows implements DriverFeature {
                public String id() { return "test-install-throws"; }
                public String summary() { return "test: install() throws"; }
                public void install(DriverHooks h) { throw new IllegalStateException("test: install fails"); }
            }
            final class HotThrows implements DriverFeature {
                public String id() { return "test-hot-throws"; }
                public String summary() { return "test: its rx delivery throws after 200 packets"; }
                public void install(DriverHooks h) { h.rxDelivery(new Bomb(h.rxDelivery())); }
            }
            final class BadId implements DriverFeature {
                public String id() { throw new IllegalStateException("test: id() fails"); }
                public String summary() { return "test: id() throws"; }
                public void install(DriverHooks h) { }
            }
            final class Named implements DriverFeature {
                private final String id;
                Named(String id) { this.id = id; }
                public String id() { return id; }
                public String summary() { return "test: a feature with a chosen id, no mechanism"; }
                public void install(DriverHooks h) { }
            }
            final class Bomb implements RxDelivery {
                private final RxDelivery next; private int n;
                Bomb(RxDelivery next) { this.next = next; }
                public void deliver(Exec x, Packet p, RxStack s) {
                    if (++n > 200) throw new IllegalStateException("test: hot path fails");
                    next.deliver(x, p, s);
                }
                public void flush(Exec x, RxStack s) { next.flush(x, s); }
                public int held() { return next.held(); }
            }
            """.replace("PKG", pkg).replace("REGISTER", register);
    }

    /**
     * A bundle jar with test features: test-knob (a tunable, test_knob, shown as a counter) and
     * test-install-throws; or, with {@code hot}, test-hot-throws alone (its rx delivery throws after 200
     * packets: a fault on the hot path is traced to a bundle, so it gets a bundle of its own).
     */
    static byte[] featureBundle(String bsn, boolean hot) throws IOException {
        String pkg = bsn.replaceAll("[^A-Za-z0-9]", "");
        Map<String, String> h = new java.util.LinkedHashMap<>();
        h.put("Bundle-Version", "1.0.0");
        h.put("Bundle-Activator", pkg + ".Activator");
        h.put("Import-Package", "org.osgi.framework, ringlab.spi.driver, ringlab.spi.feature, ringlab.spi.net");
        return compiled(bsn, pkg, features(pkg, hot), h);
    }

    /**
     * A bundle of the test feature classes in package {@code pkg} whose activator runs {@code register}
     * (e.g. {@code c.registerService(DriverFeature.class, new Named("gro"), null);}, or {@code new BadId()}):
     * two such bundles with one package have classes of the same names.
     */
    static byte[] featureBundle(String bsn, String pkg, String register) throws IOException {
        Map<String, String> h = new java.util.LinkedHashMap<>();
        h.put("Bundle-Version", "1.0.0");
        h.put("Bundle-Activator", pkg + ".Activator");
        h.put("Import-Package", "org.osgi.framework, ringlab.spi.driver, ringlab.spi.feature, ringlab.spi.net");
        return compiled(bsn, pkg, features(pkg, register), h);
    }

    /** Compiles one source file (package {@code pkg}, class Activator) against the SPI and OSGi core and packs it with the headers. */
    private static byte[] compiled(String bsn, String pkg, String source, Map<String, String> headers) throws IOException {
        Path dir = Files.createTempDirectory("ringlab-testbundle");
        try {
            Path src = dir.resolve("src/" + pkg + "/Activator.java");
            Files.createDirectories(src.getParent());
            Files.writeString(src, source);
            Path out = dir.resolve("classes");
            Files.createDirectories(out);
            JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
            String cp = location(DriverFeature.class) + java.io.File.pathSeparator + location(BundleActivator.class);
            int rc = javac.run(null, null, null, "--release", "17", "-proc:none", "-cp", cp, "-d", out.toString(), src.toString());
            assertTrue(rc == 0, "test bundle does not compile");
            ByteArrayOutputStream bytes = new ByteArrayOutputStream();
            try (JarOutputStream jar = new JarOutputStream(bytes, manifest(bsn, headers)); Stream<Path> files = Files.walk(out)) {
                List<Path> classes = new ArrayList<>(files.filter(Files::isRegularFile).sorted().toList());
                for (Path c : classes) {
                    jar.putNextEntry(new JarEntry(out.relativize(c).toString().replace('\\', '/')));
                    jar.write(Files.readAllBytes(c));
                    jar.closeEntry();
                }
            }
            return bytes.toByteArray();
        } finally {
            try (Stream<Path> files = Files.walk(dir)) {
                files.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            }
        }
    }

    /**
     * A bundle whose activator runs {@code startBody} (Java statements; may throw, {@code c} is the
     * BundleContext), with the given version and extra manifest headers.
     */
    static byte[] activatorBundle(String bsn, String version, String startBody, Map<String, String> headers) throws IOException {
        String pkg = bsn.replaceAll("[^A-Za-z0-9]", "");
        String src = """
            package PKG;
            import org.osgi.framework.*;
            public final class Activator implements BundleActivator {
                public void start(BundleContext c) throws Exception { BODY }
                public void stop(BundleContext c) { }
            }
            """.replace("PKG", pkg).replace("BODY", startBody);
        Map<String, String> h = new java.util.LinkedHashMap<>(headers);
        h.put("Bundle-Version", version);
        h.put("Bundle-Activator", pkg + ".Activator");
        h.putIfAbsent("Import-Package", "org.osgi.framework");
        return compiled(bsn, pkg, src, h);
    }

    /** A jar of no code: the given headers (beside name and manifest version) and entries (path to text). */
    static byte[] dataBundle(String bsn, Map<String, String> headers, Map<String, String> entries) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (JarOutputStream jar = new JarOutputStream(bytes, manifest(bsn, headers))) {
            for (Map.Entry<String, String> e : entries.entrySet()) {
                jar.putNextEntry(new JarEntry(e.getKey()));
                jar.write(e.getValue().getBytes(java.nio.charset.StandardCharsets.UTF_8));
                jar.closeEntry();
            }
        }
        return bytes.toByteArray();
    }

    private static Manifest manifest(String bsn, Map<String, String> headers) {
        Manifest mf = new Manifest();
        Attributes a = mf.getMainAttributes();
        a.put(Attributes.Name.MANIFEST_VERSION, "1.0");
        a.putValue("Bundle-ManifestVersion", "2");
        a.putValue("Bundle-SymbolicName", bsn);
        headers.forEach(a::putValue);
        return mf;
    }

    /** A pure-data board bundle carrying {@code descriptor}. */
    static byte[] boardBundle(String bsn, String descriptor) throws IOException {
        return dataBundle(bsn, Map.of("Bundle-Version", "1.0.0", "Ringlab-Board", "board.json"), Map.of("board.json", descriptor));
    }

    /** A jar whose manifest names a bundle that imports a package nobody exports. */
    static byte[] unresolvableBundle() throws IOException {
        Manifest mf = new Manifest();
        Attributes a = mf.getMainAttributes();
        a.put(Attributes.Name.MANIFEST_VERSION, "1.0");
        a.putValue("Bundle-ManifestVersion", "2");
        a.putValue("Bundle-SymbolicName", "test.unresolvable");
        a.putValue("Import-Package", "no.such.pkg");
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (JarOutputStream jar = new JarOutputStream(bytes, mf)) {
            jar.putNextEntry(new JarEntry("readme.txt"));
            jar.write("x".getBytes());
            jar.closeEntry();
        }
        return bytes.toByteArray();
    }

    /** A jar (valid zip) with no OSGi headers. */
    static byte[] plainJar() throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        Manifest mf = new Manifest();
        mf.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
        try (JarOutputStream jar = new JarOutputStream(bytes, mf)) {
            jar.putNextEntry(new JarEntry("a.txt"));
            jar.write("plain".getBytes());
            jar.closeEntry();
        }
        return bytes.toByteArray();
    }

    private static String location(Class<?> c) {
        try {
            return Path.of(c.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
        } catch (URISyntaxException e) {
            throw new AssertionError(e);
        }
    }
}
