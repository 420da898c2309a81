package ringlab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** RunArgs reads run's plain command lines exactly as picocli does, and leaves every other line to picocli. */
class RunArgsTest {
    private static final Main.Io IO = new Main.Io(System.out, System.err, Map.of());

    /** The fields picocli's parse sets, as one comparable list. */
    private static List<Object> fields(RunCommand c) {
        return List.of(String.valueOf(c.hardware), c.features, c.seed, c.settings.sets, c.settings.topology,
                c.settings.pingMs, c.json, String.valueOf(c.timestamp), String.valueOf(c.bundles.bundles), c.settings.iperfArgs);
    }

    private static RunCommand picocli(String[] args) {
        RunCommand c = new RunCommand(IO);
        Main.commandLine(c, IO).parseArgs(List.of(args).subList(1, args.length).toArray(String[]::new));
        return c;
    }

    @Test
    void plainLinesGiveThePicocliFields() {
        String[][] lines = {
            {"run", "--hardware", "bcm6328", "--", "-M", "512", "-t", "30"},
            {"run", "--hardware=rzg2ul", "--features=stock,-gro", "--seed=42", "-J"},
            {"run", "--seed", "0", "--set", "qdisc=fq_codel", "--set", "txqueuelen=10", "--topology", "forward", "--ping", "10",
                "--timestamp", "2026-12-01T00:00:00Z", "--bundles", "", "--hardware", "x86-lan7430", "--json", "--", "-R", "--", "-u"},
            {"run"},
        };
        for (String[] line : lines) {
            RunCommand plain = RunArgs.parse(line, IO);
            assertNotNull(plain, String.join(" ", line));
            assertEquals(fields(picocli(line)), fields(plain), String.join(" ", line));
            assertEquals(List.of(line), plain.typed);
        }
    }

    @Test
    void everythingElseIsLeftToPicocli() {
        String[][] lines = {
            {"run", "--help"}, {"run", "-h"}, {"run", "-hJ"}, {"run", "--json", "-J"}, {"run", "--json=true"},
            {"run", "--nosuch", "x"}, {"run", "--hardware"}, {"run", "--hardware", "--json"}, {"run", "stray", "--"},
            {"run", "--seed", "abc"}, {"run", "--seed", "010"}, {"run", "--seed=0x10"}, {"run", "--seed", "-5"},
            {"run", "--seed", "99999999999999999999"}, {"run", "--ping", "1.5"}, {"run", "--features", "-ip-align"},
            // a single-value option twice: picocli refuses it (overwritten options are not allowed)
            {"run", "--hardware", "a", "--hardware", "b", "--"}, {"run", "--seed=1", "--seed", "2"},
        };
        for (String[] line : lines) assertNull(RunArgs.parse(line, IO), String.join(" ", line));
    }
}
