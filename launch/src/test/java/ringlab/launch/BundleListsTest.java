package ringlab.launch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;

/**
 * Adding a bundle takes an entry in the root pom's modules, its dependencyManagement, launch's
 * dependencies and the node's run (launch/ringlab.bndrun): the modules list is the source, the other
 * three are checked against it, so a bundle left out of one of them fails here instead of being
 * silently missing from the node or the CLI. A bundle missing from -runrequires is also caught: nothing
 * depends on a board or feature, so the resolver leaves it out of -runbundles.
 */
class BundleListsTest {
    static final Path ROOT = Path.of(System.getProperty("basedir", ".")).toAbsolutePath().normalize().getParent();

    /** Modules that are not in the node's run, with why. Every module must still be in the other lists. */
    static final Map<String, String> NOT_IN_RUN = Map.of(
            "ringlab-launch", "it builds the run (the node jar) and the CLI, it is not a bundle of it",
            "ringlab-feature-fault-injection", "a test aid: FaultIT deploys it into a running node; never in a shipped run",
            "ringlab-test-kit", "a library for plug-ins' tests (TestRun, TestResult, Ledger, RecordingExec), never in a node",
            "ringlab-experiment", "the CLI's experiments (compare, sweep specs, sweep reports): plain Java on the CLI's path, never in a node",
            "ringlab-sweep", "the Spark sweep engine: a JVM of its own on the class path; the node starts it as a process");

    /** Modules launch must NOT depend on, with why (checked: they are absent from its dependencies). */
    static final Map<String, String> NOT_IN_LAUNCH = Map.of(
            "ringlab-sweep", "Spark (219 MB) would be built and downloaded with the node and the CLI; ./ringlab sweep builds it on first use");

    /** Every module of the root pom, by artifactId, with its Bundle-SymbolicName. */
    static Map<String, String> modules() throws Exception {
        Map<String, String> m = new TreeMap<>();
        for (String dir : texts(child(pom(ROOT.resolve("pom.xml")), "modules"), "module")) {
            Path moduleDir = ROOT.resolve(dir);
            String artifactId = text(pom(moduleDir.resolve("pom.xml")), "artifactId");
            m.put(artifactId, symbolicName(moduleDir, artifactId));
        }
        assertTrue(m.size() > 3, "no modules read from " + ROOT.resolve("pom.xml"));
        return m;
    }

    @Test
    void everyModuleIsInTheRootDependencyManagement() throws Exception {
        Set<String> managed = ringlabArtifacts(child(child(pom(ROOT.resolve("pom.xml")), "dependencyManagement"), "dependencies"));
        List<String> missing = new ArrayList<>();
        for (String a : modules().keySet()) if (!a.equals("ringlab-launch") && !managed.contains(a)) missing.add(a);
        assertEquals(List.of(), missing, "modules not in the root pom's dependencyManagement");
    }

    @Test
    void everyModuleIsADependencyOfLaunch() throws Exception {
        Set<String> deps = ringlabArtifacts(child(pom(ROOT.resolve("launch/pom.xml")), "dependencies"));
        List<String> missing = new ArrayList<>();
        for (String a : modules().keySet()) {
            if (NOT_IN_LAUNCH.containsKey(a)) assertFalse(deps.contains(a), a + " must not be a dependency of launch: " + NOT_IN_LAUNCH.get(a));
            else if (!a.equals("ringlab-launch") && !deps.contains(a)) missing.add(a);
        }
        assertEquals(List.of(), missing, "modules not among launch/pom.xml's dependencies");
    }

    @Test
    void everyBundleIsInTheNodeRun() throws Exception {
        Set<String> run = runBundles(Files.readString(ROOT.resolve("launch/ringlab.bndrun")));
        List<String> missing = new ArrayList<>();
        List<String> wronglyThere = new ArrayList<>();
        modules().forEach((artifactId, bsn) -> {
            boolean excused = NOT_IN_RUN.containsKey(artifactId);
            if (!excused && !run.contains(bsn)) missing.add(artifactId + " (" + bsn + ")");
            if (excused && run.contains(bsn)) wronglyThere.add(artifactId + ": " + NOT_IN_RUN.get(artifactId));
        });
        assertEquals(List.of(), missing, "bundles not in launch/ringlab.bndrun's -runbundles (add them to -runrequires"
                + " and to launch's dependencies, then build: the resolver rewrites -runbundles)");
        assertEquals(List.of(), wronglyThere, "bundles in the run that are declared not to be");
        assertTrue(modules().keySet().containsAll(NOT_IN_RUN.keySet()), "an exception names no module: " + NOT_IN_RUN.keySet());
    }

    /** bnd's plugins work as one tool: all at ${bnd.version} (the pom says why that version). */
    @Test
    void everyBndPluginHasTheOneVersion() throws Exception {
        Element plugins = child(child(child(pom(ROOT.resolve("pom.xml")), "build"), "pluginManagement"), "plugins");
        Map<String, String> versions = new TreeMap<>();
        for (Node n = plugins.getFirstChild(); n != null; n = n.getNextSibling()) {
            if (n instanceof Element p && text(p, "groupId").equals("biz.aQute.bnd")) versions.put(text(p, "artifactId"), text(p, "version"));
        }
        assertTrue(versions.size() >= 3, "bnd plugins in pluginManagement: " + versions);
        versions.forEach((plugin, v) -> assertEquals("${bnd.version}", v, plugin));
    }

    @Test
    void runBundlesAreReadFromTheBndrunSyntax() {
        String bndrun = "-runfw: x\n-runbundles: \\\n\ta.b;version='[1,2)';startlevel=10,\\\n\tc.d;version='[1,2)'\n-runx: e.f\n";
        assertEquals(Set.of("a.b", "c.d"), runBundles(bndrun));
        assertFalse(runBundles("-runrequires: bnd.identity;id='a.b'\n").contains("a.b"));
    }

    /** The symbolic names in -runbundles (a bnd instruction continued with backslashes). */
    static Set<String> runBundles(String bndrun) {
        Matcher m = Pattern.compile("(?m)^-runbundles:((?:[^\\n]*\\\\\\n)*[^\\n]*)").matcher(bndrun);
        Set<String> s = new LinkedHashSet<>();
        if (!m.find()) return s;
        // quoted values such as version='[1.0,2.0)' hold commas: drop them before splitting the clauses
        for (String clause : m.group(1).replace("\\\n", "").replaceAll("'[^']*'", "''").split(",")) {
            String bsn = clause.split(";")[0].trim();
            if (!bsn.isEmpty()) s.add(bsn);
        }
        return s;
    }

    /** cnf/ringlab.bnd's rule (artifactId with dots for dashes) unless the module's bnd.bnd names its own. */
    static String symbolicName(Path moduleDir, String artifactId) throws IOException {
        Path bnd = moduleDir.resolve("bnd.bnd");
        if (Files.exists(bnd)) {
            Matcher m = Pattern.compile("(?m)^Bundle-SymbolicName:\\s*([^;\\s]+)").matcher(Files.readString(bnd));
            if (m.find() && !m.group(1).contains("$")) return m.group(1);
        }
        return artifactId.replace('-', '.');
    }

    static Set<String> ringlabArtifacts(Element dependencies) {
        Set<String> s = new LinkedHashSet<>();
        for (Node n = dependencies.getFirstChild(); n != null; n = n.getNextSibling()) {
            if (n instanceof Element d && d.getTagName().equals("dependency") && "ringlab".equals(text(d, "groupId"))) {
                s.add(text(d, "artifactId"));
            }
        }
        return s;
    }

    static Element pom(Path file) throws Exception {
        Document d = DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(file.toFile());
        return d.getDocumentElement();
    }

    /** The direct child element named {@code name} (direct only: a profile's modules are not the reactor's). */
    static Element child(Element parent, String name) {
        for (Node n = parent.getFirstChild(); n != null; n = n.getNextSibling()) {
            if (n instanceof Element e && e.getTagName().equals(name)) return e;
        }
        throw new AssertionError("no <" + name + "> in <" + parent.getTagName() + ">");
    }

    static String text(Element parent, String name) {
        return child(parent, name).getTextContent().trim();
    }

    static List<String> texts(Element parent, String name) {
        List<String> l = new ArrayList<>();
        for (Node n = parent.getFirstChild(); n != null; n = n.getNextSibling()) {
            if (n instanceof Element e && e.getTagName().equals(name)) l.add(e.getTextContent().trim());
        }
        return l;
    }
}
