package ringlab.launch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.MalformedInputException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * What git tracks: no build output (anything .gitignore names, such as target/ or shade's
 * dependency-reduced-pom.xml), and no text that points at a file outside the repository (a path on the
 * machine it was written on, the shared reference folder beside a checkout, a document not committed).
 * The bndrun the resolver rewrites is tracked on purpose and ignored by nothing.
 */
class RepositoryHygieneTest {
    static final Path ROOT = BundleListsTest.ROOT;

    /** Paths that live on a workstation, not in a clone. */
    static final Pattern OUTSIDE = Pattern.compile("(/work/|/home/|/root/|\\.\\./shared/|\\bshared/reference\\b)");
    /** A cited document: a file name ending in .md (a path or a bare name). */
    static final Pattern CITED_MD = Pattern.compile("([A-Za-z0-9_./-]+\\.md)\\b");

    @Test
    void noTrackedFileIsBuildOutput() throws Exception {
        // tracked files that .gitignore would ignore: generated files that were committed
        List<String> ignored = git("ls-files", "--cached", "--ignored", "--exclude-standard");
        assertEquals(List.of(), ignored, "tracked files that .gitignore marks as generated");
        List<String> generated = new ArrayList<>();
        for (String f : tracked()) {
            if (f.contains("/target/") || f.startsWith("target/") || f.endsWith(".class")
                    || f.endsWith("dependency-reduced-pom.xml")) {
                generated.add(f);
            }
        }
        assertEquals(List.of(), generated, "tracked build output");
    }

    @Test
    void noTextPointsOutsideTheRepository() throws Exception {
        List<String> tracked = tracked();
        Set<String> names = new TreeSet<>();
        for (String f : tracked) names.add(Path.of(f).getFileName().toString());
        List<String> found = new ArrayList<>();
        for (String f : tracked) {
            String text = readText(ROOT.resolve(f));
            if (text == null || f.equals("launch/src/test/java/ringlab/launch/RepositoryHygieneTest.java")) continue;
            String[] lines = text.split("\n", -1);
            for (int i = 0; i < lines.length; i++) {
                String line = lines[i];
                if (OUTSIDE.matcher(line).find()) found.add(f + ":" + (i + 1) + ": " + line.trim());
                Matcher m = CITED_MD.matcher(line);
                while (m.find()) {
                    String cited = m.group(1);
                    if (cited.contains("://") || line.contains("://" + cited)) continue;
                    if (!resolves(Path.of(f).getParent(), cited, names)) found.add(f + ":" + (i + 1) + ": cites " + cited + " (not in the repository)");
                }
            }
        }
        assertEquals(List.of(), found, "text that points at files outside the repository");
    }

    /** The kits' READMEs tell how to deploy into today's node, not the retired load/ folder and runner PID. */
    @Test
    void kitReadmesDescribeTheCurrentDeployment() throws Exception {
        List<String> kits = KitBuildIT.kits();
        assertTrue(kits.size() >= 2, "kits: " + kits);
        for (String kit : kits) {
            String readme = Files.readString(ROOT.resolve(kit).resolve("README.md"));
            assertTrue(readme.contains("./ringlab deploy"), kit + "/README.md does not say how to deploy the jar");
            for (String retired : List.of("load/", "ringlab.node.runner")) {
                assertTrue(!readme.contains(retired), kit + "/README.md still names " + retired);
            }
        }
    }

    @Test
    void theChecksSeeWhatTheyLookFor() {
        assertTrue(OUTSIDE.matcher("see ../shared/reference/mechanisms.md").find());
        assertTrue(OUTSIDE.matcher("<!-- see shared/reference/toolchain.md -->").find());
        Set<String> names = Set.of("README.md", "mechanisms.md");
        assertTrue(resolves(Path.of("bundles/gro"), "mechanisms.md", names));
        assertTrue(!resolves(Path.of("bundles/gro"), "toolchain.md", names));
    }

    /** Relative to the citing file, to the root, or (a bare name) any tracked file of that name. */
    static boolean resolves(Path dir, String cited, Set<String> names) {
        Path c = Path.of(cited);
        if (dir != null && Files.exists(ROOT.resolve(dir).resolve(c))) return true;
        if (Files.exists(ROOT.resolve(c))) return true;
        return c.getNameCount() == 1 && names.contains(cited);
    }

    static List<String> tracked() throws Exception {
        List<String> l = git("ls-files");
        assertTrue(l.size() > 50, "git ls-files listed " + l.size() + " files in " + ROOT);
        return l;
    }

    static String readText(Path p) throws IOException {
        if (!Files.isRegularFile(p)) return null;
        byte[] b = Files.readAllBytes(p);
        for (byte x : b) if (x == 0) return null; // binary
        try {
            return StandardCharsets.UTF_8.newDecoder().decode(java.nio.ByteBuffer.wrap(b)).toString();
        } catch (MalformedInputException e) {
            return null;
        }
    }

    /** The repository's own view: a clone always has git (CI runs on one). */
    static List<String> git(String... args) throws Exception {
        List<String> cmd = new ArrayList<>(List.of("git", "-C", ROOT.toString()));
        cmd.addAll(Arrays.asList(args));
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(0, p.waitFor(), String.join(" ", cmd) + ": " + out);
        List<String> l = new ArrayList<>();
        for (String s : out.split("\n")) if (!s.isBlank()) l.add(s);
        return l;
    }
}
