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

    /**
     * UDP --bidir as real iperf3 3.12 prints it (loopback, -t 2 -u -b 50M --bidir): the receiver's interval
     * header, and the TX lines' datagram count under Lost/Total with the jitter column left empty.
     */
    @Test
    void udpBidirIntervalsUseTheJitterHeaderAndPadTheSendersCount() {
        List<String> out = IperfTextFormatter.formatIperf(SampleReports.bidir("-u")).lines().toList();
        assertEquals("[ ID][Role] Interval           Transfer     Bitrate         Jitter    Lost/Total Datagrams", out.get(3));
        assertEquals("[  5][TX-C]   0.00-1.00   sec   123 KBytes  1.00 Mbits/sec            86  ", out.get(4));
        assertTrue(out.get(5).startsWith("[  7][RX-C]   0.00-1.00   sec  61.3 KBytes   502 Kbits/sec  0.020 ms  "), out.get(5));
    }

    @Test
    void bidirWithParallelStreamsHasSumsPerDirection() {
        String text = IperfTextFormatter.formatIperf(SampleReports.bidir("-P", "2"));
        assertTrue(text.contains("[SUM][TX-C]   0.00-1.00   sec") && text.contains("[SUM][RX-C]   0.00-1.00   sec"), text);
        assertTrue(text.contains("[SUM][RX-C]   0.00-2.00   sec") && text.lines().filter(l -> l.startsWith("[SUM][RX-C]")
                && l.endsWith("receiver")).count() == 1, text);
    }

    /**
     * --bidir -P 2 groups lines by direction, each with its [SUM] after its streams, as real iperf3 3.12 prints
     * them (loopback, -t 1 -P 2 --bidir, TCP and -u alike): intervals [5][TX-C], [7][TX-C], [SUM][TX-C],
     * [9][RX-C], [11][RX-C], [SUM][RX-C]; the summary the same with a sender and a receiver line each.
     */
    @Test
    void bidirWithParallelStreamsGroupsEachDirectionWithItsSum() {
        {
            String text = IperfTextFormatter.formatIperf(SampleReports.bidir("-P", "2"));
            List<String> firstInterval = text.lines().filter(l -> l.contains("   0.00-1.00   sec")).map(l -> l.substring(0, 11)).toList();
            assertEquals(List.of("[  5][TX-C]", "[  7][TX-C]", "[SUM][TX-C]", "[  9][RX-C]", "[ 11][RX-C]", "[SUM][RX-C]"),
                    firstInterval, text);
            List<String> summary = text.lines().filter(l -> l.endsWith("sender") || l.endsWith("receiver"))
                    .map(l -> l.substring(0, 11) + (l.endsWith("sender") ? " s" : " r")).toList();
            assertEquals(List.of("[  5][TX-C] s", "[  5][TX-C] r", "[  7][TX-C] s", "[  7][TX-C] r", "[SUM][TX-C] s",
                    "[SUM][TX-C] r", "[  9][RX-C] s", "[  9][RX-C] r", "[ 11][RX-C] s", "[ 11][RX-C] r", "[SUM][RX-C] s",
                    "[SUM][RX-C] r"), summary, text);
        }
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

    /**
     * The server numbers its sockets its own way: real iperf3 3.12 servers printed TCP -P 3's streams as 5, 8, 10
     * (its client: 5, 7, 9) and UDP's as 5, 6, 9 (-P 5: 5, 6, 9, 11, 13; TCP -P 5: 5, 8, 10, 12, 14).
     */
    @Test
    void serverOutputNumbersStreamsAsTheIperf3ServerDoes() {
        String text = IperfTextFormatter.formatIperf(SampleReports.tcp("-P", "3", "--get-server-output"));
        String server = text.substring(text.indexOf("Server output:"));
        for (String line : List.of("[  5] local 10.0.0.1 port 5201 connected to 10.0.0.2 port 50000",
                "[  8] local 10.0.0.1 port 5201 connected to 10.0.0.2 port 50001",
                "[ 10] local 10.0.0.1 port 5201 connected to 10.0.0.2 port 50002")) {
            assertTrue(server.contains(line + "\n"), server);
        }
        assertTrue(server.contains("\n[ 10]   0.00-1.00   sec") && server.contains("\n[ 10]   0.00-2.04   sec"), server);
        assertTrue(text.contains("[  9] local 10.0.0.2 port 50002 connected to 10.0.0.1 port 5201\n"), text);
        assertEquals(List.of(5, 8, 10, 12, 14), List.of(5, 7, 9, 11, 13).stream().map(c -> ServerOutput.serverSocket(c, false)).toList());
        assertEquals(List.of(5, 6, 9, 11, 13), List.of(5, 7, 9, 11, 13).stream().map(c -> ServerOutput.serverSocket(c, true)).toList());
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
