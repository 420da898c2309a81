package ringlab.sweep;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** `ringlab sweep --help` as picocli lays it out, and its options' one-line refusals. */
class SweepMainHelpTest {
    /**
     * picocli wraps a long line at any break point, ':' and '/' too: "k8s: //..." and "~/." then
     * "ringlab-spark-secret" on the next line; and it printed an empty "Default:" for --bundles.
     */
    @Test
    void helpKeepsTokensWholeAndShowsNoEmptyDefault() {
        PrintStream old = System.out;
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        int rc;
        try {
            System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
            rc = SweepMain.run(new String[] {"--help"}, new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8), Map.of());
        } finally {
            System.setOut(old);
        }
        String help = out.toString(StandardCharsets.UTF_8);
        assertEquals(0, rc);
        assertTrue(help.contains("k8s://HOST:PORT or yarn."), help);
        assertTrue(help.contains("ends in .yaml or .yml."), help);
        assertTrue(help.contains("         ./ringlab sweep spec.yaml --master spark://host:7077 \\\n"
                + "             --secret-file ~/.ringlab-spark-secret\n"), help);
        assertTrue(help.contains("*.jar files. None by default.\n      --secret-file"), help);
        for (String line : help.lines().toList()) {
            assertTrue(line.length() <= 80, line);
            assertTrue(!line.strip().equals("Default:"), help);
        }
    }

    @Test
    void aSingleValueOptionGivenTwiceIsOneLineAndStatusTwo() {
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int rc = SweepMain.run(new String[] {"spec.json", "--out", "a", "--out", "b"}, new PrintStream(err, true, StandardCharsets.UTF_8), Map.of());
        assertEquals(2, rc);
        assertEquals("ringlab sweep: option '--out' (DIR) should be specified only once (see ./ringlab sweep --help)\n",
                err.toString(StandardCharsets.UTF_8));
    }
}
