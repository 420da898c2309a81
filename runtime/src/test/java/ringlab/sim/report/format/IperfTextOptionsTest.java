package ringlab.sim.report.format;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.LinkedHashSet;
import java.util.List;
import org.junit.jupiter.api.Test;
import ringlab.sim.report.Interval;
import ringlab.sim.report.IntervalStream;
import ringlab.sim.report.RunReport;

/**
 * The text of --bidir, -O, --timestamps and --get-server-output against real iperf3 3.12's text for the same
 * options (src/test/resources/iperf3/*.txt): line by line with the figures masked, since they come from loopback.
 */
class IperfTextOptionsTest {

    static String recorded(String name) {
        try (InputStream in = IperfTextOptionsTest.class.getResourceAsStream("/iperf3/" + name + ".txt")) {
            assertNotNull(in, "iperf3/" + name + ".txt (record-fixtures.sh records it)");
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * The distinct line shapes in order of first appearance: figures, units, addresses, ports, test numbers and
     * times of day masked, runs of spaces kept (iperf3's columns); repeated interval lines collapse into one.
     */
    static List<String> shapes(String text) {
        LinkedHashSet<String> out = new LinkedHashSet<>();
        for (String line : text.lines().toList()) {
            out.add(line.replaceAll("[A-Z][a-z]{2} [A-Z][a-z]{2} [ 0-9]\\d \\d\\d:\\d\\d:\\d\\d \\d{4} ", "TIME ")
                    .replaceAll("\\d+\\.\\d+\\.\\d+\\.\\d+", "ADDR")
                    .replaceAll("(port|#) \\d+", "$1 N")
                    .replaceAll("[ 0-9.]+(Bytes|bits)", " U$1").replaceAll("[KMGT]?(Byte|bit)s?", "U")
                    .replaceAll("\\d+(\\.\\d+)?", "N").replaceAll(" +", " "));
        }
        return List.copyOf(out);
    }

    @Test
    void bidirLinesHaveIperf3sRoleTags() {
        String text = IperfTextFormatter.formatIperf(SampleReports.bidir());
        assertEquals(shapes(recorded("tcp-bidir")), shapes(text), text);
        assertTrue(text.contains("[  5][TX-C]   0.00-1.00   sec") && text.contains("[  7][RX-C]   0.00-1.00   sec"), text);
    }

    @Test
    void bidirWithParallelStreamsHasSumsPerDirection() {
        String text = IperfTextFormatter.formatIperf(SampleReports.bidir("-P", "2"));
        assertTrue(text.contains("[SUM][TX-C]   0.00-1.00   sec") && text.contains("[SUM][RX-C]   0.00-1.00   sec"), text);
        assertTrue(text.contains("[SUM][RX-C]   0.00-2.00   sec") && text.lines().filter(l -> l.startsWith("[SUM][RX-C]")
                && l.endsWith("receiver")).count() == 1, text);
    }

    @Test
    void omittedIntervalsAreMarkedAsIperf3MarksThem() {
        RunReport r = SampleReports.tcp("-O", "1");
        Interval omitted = new Interval(0, 1);
        omitted.omitted = true;
        IntervalStream s = new IntervalStream(5, 1_000_000, 8_000_000);
        s.sndCwndBytes = 100_000;
        omitted.streams.add(s);
        omitted.sum = new IntervalStream(0, 1_000_000, 8_000_000);
        r.intervals.add(0, omitted);
        String text = IperfTextFormatter.formatIperf(r);
        assertEquals(shapes(recorded("tcp-O1")), shapes(text), text);
        assertTrue(text.lines().anyMatch(l -> l.startsWith("[  5]   0.00-1.00   sec") && l.endsWith("KBytes       (omitted)")), text);
    }

    @Test
    void timestampsPrefixEveryLineWithTheStartPlusTheLinesVirtualTime() {
        RunReport r = SampleReports.tcp("--timestamps");
        String text = IperfTextFormatter.formatIperf(r, Instant.parse("2026-12-03T13:14:00Z"));
        assertEquals(shapes(recorded("tcp-timestamps")), shapes(text), text);
        List<String> lines = text.lines().toList();
        assertTrue(lines.get(0).startsWith("Thu Dec  3 13:14:00 2026 Connecting to host"), lines.get(0));
        assertTrue(lines.get(3).startsWith("Thu Dec  3 13:14:01 2026 [  5]   0.00-1.00"), lines.get(3));
        assertEquals("Thu Dec  3 13:14:02 2026 iperf Done.", lines.get(lines.size() - 1));
        assertEquals("Thu Dec  3 13:14:02 2026 ", lines.get(lines.size() - 2), "the blank line has its timestamp");

        String custom = IperfTextFormatter.formatIperf(SampleReports.tcp("--timestamps=%F %T %s %%|"),
                Instant.parse("2026-12-03T13:14:00Z"));
        assertTrue(custom.startsWith("2026-12-03 13:14:00 1796303640 %|Connecting"), custom);
    }

    @Test
    void strftimeConvertsAsCDoesInTheCLocale() {
        Instant t = Instant.parse("2026-01-05T07:08:09Z");
        assertEquals("Mon Jan  5 07:08:09 2026", new Strftime("%c").format(t));
        assertEquals("Monday January 05  5 07 08 09 AM 26 2026 005 1767596889 %q %",
                new Strftime("%A %B %d %e %H %M %S %p %y %Y %j %s %q %%").format(t));
        assertEquals("01/05/26 07:08 2026-01-05 Jan", new Strftime("%D %R %F %b").format(t));
    }

    @Test
    void serverOutputIsTheDevicesIperf3ServerText() {
        String text = IperfTextFormatter.formatIperf(SampleReports.tcp("--get-server-output"));
        assertEquals(shapes(recorded("tcp-get-server-output")), shapes(text), text);
        assertTrue(text.contains("\n\nServer output:\n" + ServerOutput.RULE + "\nServer listening on 5201 (test #1)\n"), text);
        assertTrue(text.endsWith("receiver\n\n\niperf Done.\n"), text);
        String json = IperfJsonFormatter.format(SampleReports.tcp("--get-server-output"), Instant.EPOCH);
        assertTrue(json.contains("\"server_output_text\": \"" + ServerOutput.RULE + "\\nServer listening on 5201"), json);
    }
}
