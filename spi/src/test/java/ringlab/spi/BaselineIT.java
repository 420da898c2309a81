package ringlab.spi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The build's own baselining (spi/pom.xml's bnd-baseline-maven-plugin against cnf/release), run by Maven
 * on a copy of this module with one method added to an SPI interface: without the version bumps the
 * change calls for, the build fails naming the package; with them it passes.
 */
class BaselineIT {
    static final Path ROOT = Path.of(System.getProperty("ringlab.root", "..")).toAbsolutePath().normalize();

    @TempDir Path tmp;

    @Test
    void aMethodAddedWithoutItsVersionBumpFailsTheBuild() throws Exception {
        Path spi = copyOfSpi();
        edit(spi.resolve("src/main/java/ringlab/spi/feature/DriverHooks.java"), "    Kthreads kthreads();", "    Kthreads kthreads();\n    int probe();");
        Build b = mvn(spi);
        assertNotEquals(0, b.exit, b.out);
        assertTrue(b.out.contains("Baseline problems detected"), b.out);
        // DriverHooks is @ProviderType: a method added is a MINOR change, so the package's version must move to the next minor
        String v = featureVersion(spi), next = nextMinor(v);
        assertTrue(Pattern.compile("\\* ringlab\\.spi\\.feature +PACKAGE +MINOR +" + Pattern.quote(v) + " +" + Pattern.quote(v) + " +"
                + Pattern.quote(next)).matcher(b.out).find(), b.out);
    }

    @Test
    void theSameChangeWithItsPackageAndBundleVersionsPasses() throws Exception {
        Path spi = copyOfSpi();
        edit(spi.resolve("src/main/java/ringlab/spi/feature/DriverHooks.java"), "    Kthreads kthreads();", "    Kthreads kthreads();\n    int probe();");
        String v = featureVersion(spi);
        edit(spi.resolve("src/main/java/ringlab/spi/feature/package-info.java"), "Version(\"" + v + "\")", "Version(\"" + nextMinor(v) + "\")");
        String version = Files.readString(spi.resolve("pom.xml")).replaceAll("(?s).*?\n  <version>([^<]+)</version>.*", "$1");
        edit(spi.resolve("pom.xml"), "\n  <version>" + version + "</version>", "\n  <version>" + nextMinor(version.replace("-SNAPSHOT", "")) + "-SNAPSHOT</version>");
        Build b = mvn(spi);
        assertEquals(0, b.exit, b.out);
        assertTrue(b.out.contains("Baseline check succeeded"), b.out);
    }

    /** This module's main sources, bnd.bnd and pom (its parent found by path) beside a link to cnf/release. */
    Path copyOfSpi() throws IOException {
        Path spi = tmp.resolve("spi");
        Path src = ROOT.resolve("spi");
        try (Stream<Path> files = Files.walk(src.resolve("src/main"))) {
            for (Path f : files.filter(Files::isRegularFile).toList()) {
                Path to = spi.resolve(src.relativize(f).toString());
                Files.createDirectories(to.getParent());
                Files.copy(f, to);
            }
        }
        Files.copy(src.resolve("bnd.bnd"), spi.resolve("bnd.bnd"));
        Files.copy(src.resolve("pom.xml"), spi.resolve("pom.xml"));
        // relative: Maven resolves relativePath against the module's folder, even an absolute one
        Path parent = spi.relativize(ROOT.resolve("pom.xml"));
        edit(spi.resolve("pom.xml"), "  </parent>", "    <relativePath>" + parent + "</relativePath>\n  </parent>");
        Files.createDirectories(tmp.resolve("cnf"));
        Files.createSymbolicLink(tmp.resolve("cnf/release"), ROOT.resolve("cnf/release"));
        return spi;
    }

    /** ringlab.spi.feature's version as its package-info states it. */
    static String featureVersion(Path spi) throws IOException {
        String s = Files.readString(spi.resolve("src/main/java/ringlab/spi/feature/package-info.java"));
        java.util.regex.Matcher m = Pattern.compile("Version\\(\"([0-9.]+)\"\\)").matcher(s);
        assertTrue(m.find(), "no @Version in ringlab.spi.feature's package-info");
        return m.group(1);
    }

    static String nextMinor(String v) {
        String[] p = v.split("\\.");
        return p[0] + "." + (Integer.parseInt(p[1]) + 1) + ".0";
    }

    static void edit(Path file, String from, String to) throws IOException {
        String s = Files.readString(file);
        assertTrue(s.contains(from), file + " has " + from);
        Files.writeString(file, s.replace(from, to));
    }

    record Build(int exit, String out) { }

    /** mvn verify of the copy (no tests); what it needs is in the local repository by now, so no network is needed. */
    Build mvn(Path dir) throws Exception {
        String home = System.getProperty("maven.home");
        List<String> cmd = new ArrayList<>(List.of(home == null ? "mvn" : home + File.separator + "bin" + File.separator + "mvn",
                "-B", "-Dmaven.test.skip=true", "-Daether.offline.protocols=file", "verify"));
        Path log = tmp.resolve("mvn-" + System.nanoTime() + ".log");
        Process p = new ProcessBuilder(cmd).directory(dir.toFile()).redirectErrorStream(true).redirectOutput(log.toFile()).start();
        if (!p.waitFor(10, TimeUnit.MINUTES)) {
            p.destroyForcibly();
            throw new AssertionError("mvn did not finish: " + Files.readString(log));
        }
        return new Build(p.exitValue(), Files.readString(log));
    }
}
