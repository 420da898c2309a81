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

    /** Exit status, standard output, standard error. */
    record Out(int rc, String out, String err) { }

    Out ringlab(Path data, String... args) throws Exception {
        Path script = Path.of("..", "ringlab").toAbsolutePath().normalize();
        List<String> cmd = new java.util.ArrayList<>(List.of(script.toString()));
        cmd.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectOutput(dir.resolve("out.log").toFile())
                .redirectError(dir.resolve("err.log").toFile());
        pb.environment().put("RINGLAB_NO_BUILD", "1");
        pb.environment().put("RINGLAB_DATA", data.toString());
        int rc = pb.start().waitFor();
        return new Out(rc, Files.readString(dir.resolve("out.log"), StandardCharsets.UTF_8),
                Files.readString(dir.resolve("err.log"), StandardCharsets.UTF_8));
    }

    @Test
    void theScriptsCliAnswersHelpAndLoadsTheDeployFolder() throws Exception {
        Path deploy = Files.createDirectories(dir.resolve("data/deploy"));
        PluginJars.board(deploy, "vendor.board", "vendor-board");
        PluginJars.feature(deploy, "vendor.feature", "vendor-knob");
        Out help = ringlab(dir.resolve("data"), "run", "--help");
        assertEquals(0, help.rc(), help.err());
        assertTrue(help.out().startsWith("Usage: ringlab run") && help.out().contains("--bundles"), help.out());
        Out list = ringlab(dir.resolve("data"), "list");
        assertEquals(0, list.rc(), list.err());
        assertTrue(list.out().contains("  vendor-board ") && list.out().contains("  vendor-knob "), list.out());
        Out none = ringlab(dir.resolve("data"), "list", "--bundles", "");
        assertTrue(!none.out().contains("vendor-board") && none.out().contains("  bcm6328 "), none.out());
    }

    /**
     * The launcher's class-data archive only speeds a run up: a missing one is written by the next run, a broken
     * one is ignored without a word, and neither changes a byte of the run's output.
     */
    @Test
    void aMissingOrBrokenClassDataArchiveChangesNothing() throws Exception {
        Path jsa = Path.of("target", "ringlab-cli.jsa").toAbsolutePath();
        Path data = Files.createDirectories(dir.resolve("data"));
        String[] run = {"run", "--hardware", "bcm6328", "--timestamp", "2026-01-01T00:00:00Z", "--", "-M", "512", "-t", "2"};
        Files.deleteIfExists(jsa);
        Out first = ringlab(data, run);
        assertEquals(0, first.rc(), first.err());
        assertTrue(Files.size(jsa) > 0, "the first run after a build writes the archive");
        Out archived = ringlab(data, run);
        assertEquals(first.out(), archived.out());
        try {
            Files.delete(jsa);
            Files.writeString(jsa, "not a class-data archive");
            Out broken = ringlab(data, run);
            assertEquals(0, broken.rc(), broken.err());
            assertEquals(first.out(), broken.out());
            assertTrue(broken.err().startsWith("ringlab: 2.0 virtual s in ") && broken.err().lines().count() == 1, broken.err());
        } finally {
            Files.deleteIfExists(jsa); // the next run writes a good one
        }
    }
}
