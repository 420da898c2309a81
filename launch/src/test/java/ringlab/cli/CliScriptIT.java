package ringlab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The CLI through ./ringlab (the built class path, RINGLAB_NO_BUILD): picocli is on it, and the jars in
 * RINGLAB_DATA/deploy are loaded without --bundles.
 */
@Timeout(120)
class CliScriptIT {
    @TempDir
    Path dir;

    record Out(int rc, String out) { }

    Out ringlab(Path data, String... args) throws Exception {
        Path script = Path.of("..", "ringlab").toAbsolutePath().normalize();
        List<String> cmd = new java.util.ArrayList<>(List.of(script.toString()));
        cmd.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(dir.resolve("out.log").toFile());
        pb.environment().put("RINGLAB_NO_BUILD", "1");
        pb.environment().put("RINGLAB_DATA", data.toString());
        int rc = pb.start().waitFor();
        return new Out(rc, Files.readString(dir.resolve("out.log"), StandardCharsets.UTF_8));
    }

    @Test
    void theScriptsCliAnswersHelpAndLoadsTheDeployFolder() throws Exception {
        Path deploy = Files.createDirectories(dir.resolve("data/deploy"));
        PluginJars.board(deploy, "vendor.board", "vendor-board");
        PluginJars.feature(deploy, "vendor.feature", "vendor-knob");
        Out help = ringlab(dir.resolve("data"), "run", "--help");
        assertEquals(0, help.rc(), help.out());
        assertTrue(help.out().startsWith("Usage: ringlab run") && help.out().contains("--bundles"), help.out());
        Out list = ringlab(dir.resolve("data"), "list");
        assertEquals(0, list.rc(), list.out());
        assertTrue(list.out().contains("  vendor-board ") && list.out().contains("  vendor-knob "), list.out());
        Out none = ringlab(dir.resolve("data"), "list", "--bundles", "");
        assertTrue(!none.out().contains("vendor-board") && none.out().contains("  bcm6328 "), none.out());
    }
}
