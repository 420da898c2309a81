package ringlab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonParser;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import ringlab.cli.PluginJars.Run;

/** ringlab run/list --bundles: out-of-tree board and feature jars, the node's deploy folder by default, refusals. */
class BundlesOptionTest {
    static final Map<String, String> NO_DATA = Map.of("RINGLAB_DATA", "/nonexistent/ringlab-data");

    @TempDir
    Path dir;

    static void assertActive(Run r, String feature) {
        assertEquals(0, r.rc(), r.err());
        var active = JsonParser.parseString(r.out()).getAsJsonObject().getAsJsonObject("ringlab").getAsJsonObject("features")
                .getAsJsonObject("eth0").getAsJsonArray("active");
        assertTrue(active.toString().contains("\"" + feature + "\""), active.toString());
    }

    static void assertOneLine(Run r, String... parts) {
        assertEquals(2, r.rc(), r.err());
        assertEquals("", r.out());
        assertEquals(1, r.err().lines().count(), r.err());
        for (String p : parts) assertTrue(r.err().contains(p), "'" + p + "' in: " + r.err());
    }

    @Test
    void runsAnOutOfTreeBoardWithAnOutOfTreeFeature() throws Exception {
        Path f = PluginJars.feature(dir, "vendor.feature", "vendor-knob");
        Path b = PluginJars.board(dir, "vendor.board", "vendor-board");
        Run r = PluginJars.cli(NO_DATA, "run", "--bundles", f + "," + b, "--hardware", "vendor-board", "--features", "stock,vendor-knob",
                "--json", "--", "-t", "1");
        assertActive(r, "vendor-knob");
        Run list = PluginJars.cli(NO_DATA, "list", "--bundles", dir.toString());
        assertEquals(0, list.rc(), list.err());
        assertTrue(list.out().contains("  vendor-board ") && list.out().contains("  vendor-knob "), list.out());
    }

    @Test
    void theNodesDeployFolderIsTheDefaultAndAnEmptyListTurnsItOff() throws Exception {
        Path deploy = Files.createDirectories(dir.resolve("data/deploy"));
        PluginJars.feature(deploy, "vendor.feature", "vendor-knob");
        PluginJars.board(deploy, "vendor.board", "vendor-board");
        Files.writeString(deploy.resolve("ringlab.scenario.cfg"), "seed=3\n"); // the node's configuration files are not jars
        Map<String, String> env = Map.of("RINGLAB_DATA", dir.resolve("data").toString());
        assertActive(PluginJars.cli(env, "run", "--hardware", "vendor-board", "--features", "vendor-knob", "--json", "--", "-t", "1"), "vendor-knob");
        assertOneLine(PluginJars.cli(env, "run", "--bundles", "", "--hardware", "vendor-board", "--", "-t", "1"), "unknown hardware 'vendor-board'");
    }

    @Test
    void aJarThatIsNoPluginIsRefusedWithOneLineNamingIt() throws Exception {
        Path lib = PluginJars.plain(dir, "lib.jar", Map.of());
        assertOneLine(PluginJars.cli(NO_DATA, "run", "--bundles", lib.toString(), "--hardware", "bcm6328", "--", "-t", "1"),
                lib.toString(), "not an OSGi bundle");
        Path bundle = PluginJars.plain(dir, "bundle.jar", Map.of("Bundle-SymbolicName", "some.library"));
        assertOneLine(PluginJars.cli(NO_DATA, "list", "--bundles", bundle.toString()), bundle.toString(), "Ringlab-Board", "META-INF/services");
        assertOneLine(PluginJars.cli(NO_DATA, "run", "--bundles", dir.resolve("nope.jar").toString(), "--hardware", "bcm6328"),
                "no such jar or folder", "nope.jar");
    }

    @Test
    void anIdTakenInTreeIsRefusedNamingBothJars() throws Exception {
        Path f = PluginJars.feature(dir, "vendor.gro", "gro");
        Run r = PluginJars.cli(NO_DATA, "run", "--bundles", f.toString(), "--hardware", "bcm6328", "--", "-t", "1");
        assertOneLine(r, f.toString(), "feature id 'gro' is already taken by");
        assertTrue(r.err().substring(r.err().indexOf("taken by")).contains("gro"), "names the in-tree gro: " + r.err());
        Path b = PluginJars.board(dir, "vendor.bcm6328", "bcm6328");
        Run rb = PluginJars.cli(NO_DATA, "list", "--bundles", b.toString());
        assertOneLine(rb, b.toString(), "board id 'bcm6328' is already taken by", "bcm6328");
        Path twice = Files.createDirectories(dir.resolve("twice"));
        PluginJars.feature(twice, "a.knob", "vendor-knob");
        PluginJars.feature(twice, "b.knob", "vendor-knob");
        assertOneLine(PluginJars.cli(NO_DATA, "list", "--bundles", twice.toString()), "b.knob.jar", "a.knob.jar", "'vendor-knob'");
    }
}
