package ringlab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import ringlab.cli.PluginJars.Run;

/** calibrate's refusals: one line naming what was wrong, status 2, before any run. (The fit itself: CalibrationRecoveryTest.) */
class CalibrateCommandTest {
    @Test
    void badInputIsRefusedBeforeAnythingRuns(@TempDir Path dir) throws Exception {
        Path other = Files.writeString(dir.resolve("other.json"), "# board: rzg2ul\n# features: stock\n# iperf3: -t 10\n{\"end\": {\"sum\": {\"bits_per_second\": 5e8}}}\n");
        refused("ringlab calibrate: --hardware ID is required (see ringlab list)", "--published");
        refused("ringlab calibrate: unknown hardware 'nope' (known: ", "--hardware", "nope", "--published");
        refused("ringlab calibrate: no measurements: give measurement files or --published", "--hardware", "bcm6328");
        refused("ringlab calibrate: --free: unknown parameter 'ipc' (known: instruction, switch, icache, dram, mmio, cache-maintenance, trap, bytes)",
                "--hardware", "bcm6328", "--published", "--free", "ipc");
        refused("ringlab calibrate: 4 free parameters (instruction, icache, trap, dram) need more measurements than that, got 4",
                "--hardware", "bcm6328", "--published", "--free", "instruction,icache,trap,dram");
        refused("ringlab calibrate: " + other + ": measured on board 'rzg2ul', not on bcm6328", "--hardware", "bcm6328", "--published", other.toString());
        refused("ringlab calibrate: --write " + dir + ": not a ringlab source tree (no bundles/hardware/profiles)",
                "--hardware", "bcm6328", "--published", "--write", dir.toString());
        refused("ringlab calibrate: --published: board x86-lan7430 has no published measurements", "--hardware", "x86-lan7430", "--published");
        // was "cannot read (FILE)": the path twice, no reason
        refused("ringlab calibrate: " + dir.resolve("none.json") + ": no such file\n", "--hardware", "bcm6328", "--published", dir.resolve("none.json").toString());
        Path cut = Files.writeString(dir.resolve("cut.json"), "# board: bcm6328\n# features: stock\n# iperf3: -t 10\n{\"end\": ");
        refused("ringlab calibrate: " + cut + ": not iperf3 -J output, at line 4, column 9: the text ends before the JSON does (is the file cut short?)\n",
                "--hardware", "bcm6328", "--published", cut.toString());
    }

    private static void refused(String start, String... args) {
        Run r = PluginJars.cli(java.util.Map.of(), args("calibrate", args));
        assertEquals(2, r.rc(), r.err());
        assertEquals("", r.out());
        assertEquals(true, r.err().startsWith(start), r.err());
        assertEquals(1, r.err().strip().lines().count(), r.err());
    }

    private static String[] args(String first, String... rest) {
        String[] a = new String[rest.length + 1];
        a[0] = first;
        System.arraycopy(rest, 0, a, 1, rest.length);
        return a;
    }
}
