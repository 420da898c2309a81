package ringlab.sim.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Tests iperf3 command-line parsing: defaults, suffixes, spellings and every error message. */
class IperfArgsTest {

    private static IperfOptions parse(String... args) {
        return IperfArgs.parse(List.of(args));
    }

    private static void fails(String message, String... args) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> parse(args));
        assertEquals(message, e.getMessage());
        assertFalse(e.getMessage().contains("\n"));
    }

    @Test
    void defaultsAreTcpTenSeconds() {
        IperfOptions o = parse();
        assertEquals(IperfOptions.Protocol.TCP, o.protocol());
        assertFalse(o.udp());
        assertEquals(10, o.durationSec());
        assertEquals(1.0, o.intervalSec());
        assertEquals(0, o.mss());
        assertEquals(0L, o.bitrate());
        assertEquals(131072, o.length());
        assertFalse(o.reverse());
        assertEquals(1, o.parallel());
        assertEquals(0L, o.window());
        assertEquals(5201, o.port());
        assertNull(o.host());
        assertEquals('a', o.format());
        assertEquals(0, o.omitSec());
        assertNull(o.title());
        assertFalse(o.json());
        assertEquals(o, IperfOptions.defaults());
    }

    @Test
    void udpDefaults() {
        IperfOptions o = parse("-u");
        assertTrue(o.udp());
        assertEquals(IperfOptions.Protocol.UDP, o.protocol());
        assertEquals(1_000_000L, o.bitrate());
        // iperf3 picks the length from the control connection's MSS, which the run knows (Scenario)
        assertEquals(0, o.length());
        assertTrue(o.udpLengthOpen());
        assertEquals(1448, o.withControlMss(1448).length());
        assertEquals(IperfOptions.DEFAULT_UDP_LENGTH, o.withControlMss(0).length(), "iperf3's DEFAULT_UDP_BLKSIZE when the MSS is unknown");
        assertEquals(1470, parse("-u", "-l", "1470").withControlMss(1448).length(), "-l wins");
        assertEquals(IperfOptions.DEFAULT_TCP_LENGTH, parse().withControlMss(1448).length(), "TCP keeps its 128 KiB blocks");
    }

    @Test
    void typicalClientLine() {
        IperfOptions o = parse("iperf3", "-c", "10.0.0.1", "-t", "5", "-i", "0.5", "-M", "1400", "-R", "-P", "4",
                "-w", "256K", "-p", "5202", "-f", "m", "-O", "2", "--get-server-output", "-Z", "-N",
                "-T", "run 1", "-V", "-4", "-J");
        assertEquals("10.0.0.1", o.host());
        assertEquals(5, o.durationSec());
        assertEquals(0.5, o.intervalSec());
        assertEquals(1400, o.mss());
        assertTrue(o.reverse());
        assertEquals(4, o.parallel());
        assertEquals(256 * 1024L, o.window());
        assertEquals(5202, o.port());
        assertEquals('m', o.format());
        assertEquals(2, o.omitSec());
        assertTrue(o.getServerOutput());
        assertTrue(o.zeroCopy());
        assertTrue(o.noDelay());
        assertEquals("run 1", o.title());
        assertTrue(o.verbose());
        assertTrue(o.ipv4Only());
        assertTrue(o.json());
    }

    @Test
    void longFormsWithSeparateAndEqualsValues() {
        IperfOptions o = parse("--time", "7", "--interval=2", "--set-mss", "536", "--udp", "--bitrate=10M",
                "--length", "1200", "--reverse", "--parallel=3", "--window", "1M", "--port=6000",
                "--client", "h", "--format", "K", "--omit", "1", "--zerocopy", "--no-delay", "--title", "t",
                "--verbose", "--version4", "--json");
        assertEquals(7, o.durationSec());
        assertEquals(2.0, o.intervalSec());
        assertEquals(536, o.mss());
        assertTrue(o.udp());
        assertEquals(10_000_000L, o.bitrate());
        assertEquals(1200, o.length());
        assertTrue(o.reverse());
        assertEquals(3, o.parallel());
        assertEquals(1024L * 1024, o.window());
        assertEquals(6000, o.port());
        assertEquals("h", o.host());
        assertEquals('K', o.format());
        assertEquals(1, o.omitSec());
        assertTrue(o.json());
        assertEquals(5_000L, parse("--bandwidth", "5K").bitrate());
    }

    @Test
    void clusteredFlagsAndAttachedValues() {
        IperfOptions o = parse("-uR", "-t3", "-P2", "-b100k", "-uRl500");
        assertTrue(o.udp());
        assertTrue(o.reverse());
        assertEquals(3, o.durationSec());
        assertEquals(2, o.parallel());
        assertEquals(100_000L, o.bitrate());
        assertEquals(500, o.length());
    }

    @Test
    void bitrateSuffixesAreDecimal() {
        assertEquals(1_000L, parse("-b", "1K").bitrate());
        assertEquals(1_000L, parse("-b", "1k").bitrate());
        assertEquals(2_500_000L, parse("-b", "2.5M").bitrate());
        assertEquals(1_000_000_000L, parse("-b", "1G").bitrate());
        assertEquals(2_000_000_000_000L, parse("-b", "2T").bitrate());
        assertEquals(0L, parse("-u", "-b", "0").bitrate());
        assertEquals(123L, parse("-b", "123").bitrate());
    }

    @Test
    void sizeSuffixesAreBinary() {
        assertEquals(1024, parse("-l", "1K").length());
        assertEquals(1536, parse("-l", "1.5k").length());
        assertEquals(1024 * 1024, parse("-l", "1M").length());
        assertEquals(64L * 1024, parse("-w", "64K").window());
        assertEquals(2L * 1024 * 1024, parse("-w", "2m").window());
        assertEquals(1024L * 1024 * 1024 / 4, parse("-w", "0.25G").window());
    }

    @Test
    void lastOccurrenceWinsAndIntervalZeroAllowed() {
        assertEquals(20, parse("-t", "5", "-t", "20").durationSec());
        assertEquals(0.0, parse("-i", "0").intervalSec());
        assertEquals(86400, parse("-t", "86400").durationSec());
        assertEquals(128, parse("-P", "128").parallel());
        assertEquals(88, parse("-M", "88").mss());
        assertEquals(9216, parse("-M", "9216").mss());
        assertEquals(65507, parse("-u", "-l", "65507").length());
    }

    @Test
    void notANumberMessages() {
        fails("iperf3 argument -t: 'abc' is not a number", "-t", "abc");
        fails("iperf3 argument --time: 'x1' is not a number", "--time=x1");
        fails("iperf3 argument -t: '1.5' is not a whole number", "-t", "1.5");
        fails("iperf3 argument -P: '' is not a number", "-P", "");
        fails("iperf3 argument -i: 'fast' is not a number", "-i", "fast");
        fails("iperf3 argument -M: '1e3x' is not a number", "-M", "1e3x");
        fails("iperf3 argument -p: 'http' is not a number", "-p", "http");
        fails("iperf3 argument -O: 'two' is not a number", "-O", "two");
        fails("iperf3 argument -b: '10X' is not a number (optional suffix K, M, G, T)", "-b", "10X");
        fails("iperf3 argument -b: '10M/100' is not a number (optional suffix K, M, G, T)", "-b", "10M/100");
        fails("iperf3 argument -l: 'big' is not a number (optional suffix K, M, G, T)", "-l", "big");
        fails("iperf3 argument -w: '1KB' is not a number (optional suffix K, M, G, T)", "-w", "1KB");
        fails("iperf3 argument -f: 'x' is not one of k m g t K M G T", "-f", "x");
        fails("iperf3 argument -f: 'mm' is not one of k m g t K M G T", "-f", "mm");
    }

    @Test
    void rangeMessages() {
        fails("-P must be between 1 and 128", "-P", "129");
        fails("-P must be between 1 and 128", "-P", "0");
        fails("--parallel must be between 1 and 128", "--parallel", "99999999999999999999");
        fails("-t must be between 1 and 86400 seconds", "-t", "0");
        fails("-t must be between 1 and 86400 seconds", "-t", "86401");
        fails("-t must be between 1 and 86400 seconds", "-t", "-5");
        fails("-M must be between 88 and 9216 bytes", "-M", "87");
        fails("-M must be between 88 and 9216 bytes", "-M", "9217");
        fails("-p must be between 1 and 65535", "-p", "0");
        fails("-O must be between 0 and 600 seconds", "-O", "601");
        fails("-i must be 0 or between 0.1 and 60 seconds", "-i", "0.05");
        fails("-i must be 0 or between 0.1 and 60 seconds", "-i", "61");
        fails("-b must not be negative", "-b", "-1M");
        fails("-l must be greater than 0", "-l", "0");
        fails("-l must be at most 1048576 bytes for TCP", "-l", "2M");
        fails("-l must be at most 65507 bytes for UDP", "-u", "-l", "64K");
        fails("--length must be at least 16 bytes for UDP", "--length", "8", "-u");
        fails("-w must be between 0 (default) and 536870912 bytes (512M)", "-w", "1G");
    }

    @Test
    void syntaxMessages() {
        fails("unknown iperf3 option '--frobnicate'", "--frobnicate");
        fails("unknown iperf3 option '--frobnicate'", "--frobnicate=3");
        fails("unknown iperf3 option '-X'", "-uX");
        fails("unknown iperf3 option '-D'", "-D");
        fails("iperf3 option '-s' is not accepted: the device is always the server", "-s");
        fails("iperf3 option '--server' is not accepted: the device is always the server", "--server");
        fails("iperf3 option -t requires a value", "-t");
        fails("iperf3 option --time requires a value", "-u", "--time");
        fails("iperf3 option -c requires a value", "-c", "");
        fails("iperf3 option --udp does not take a value", "--udp=yes");
        fails("unexpected iperf3 argument 'extra'", "-u", "extra");
        fails("unexpected iperf3 argument '-'", "-");
        fails("unexpected iperf3 argument 'x'", "--", "x");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> IperfArgs.parse(Arrays.asList("-u", null)));
        assertEquals("iperf3 argument #2 is null", e.getMessage());
    }

    @Test
    void optionsAreValues() {
        assertEquals(parse("-u", "-t", "3"), parse("-t3", "--udp"));
        assertEquals(parse("-u", "-t", "3").hashCode(), parse("-t3", "--udp").hashCode());
    }

    @Test
    void endConditionsByBytesAndBlocks() {
        assertEquals(1024L * 1024, parse("-n", "1M").bytes());
        assertEquals(3L, parse("--blockcount", "3").blocks());
        assertTrue(parse("-k3").endsByData());
        assertFalse(parse("-t", "3").endsByData());
        fails("only one test end condition (-t, -n, -k) may be specified", "-n", "1M", "-t", "2");
        fails("only one test end condition (-t, -n, -k) may be specified", "-n", "1M", "-k", "2");
        fails("-n must be a positive count of bytes", "-n", "0");
    }

    @Test
    void congestionControlIsRenoOrCubic() {
        assertEquals("reno", parse("-C", "reno").congestion());
        assertEquals("cubic", parse("--congestion=cubic").congestion());
        assertNull(parse().congestion());
        fails("iperf3 argument -C: 'bbr' is not modelled; ringlab's TCP has reno and cubic", "-C", "bbr");
    }

    @Test
    void tosAndDscpSetTheTosByte() {
        assertEquals(0x10, parse("-S", "0x10").tos());
        assertEquals(16, parse("-S", "020").tos());
        assertEquals(184, parse("--dscp", "ef").tos(), "EF is DSCP 46, TOS 46 << 2 as iperf3 reports it");
        assertEquals(40, parse("--dscp", "10").tos());
        assertEquals(40, parse("--dscp=AF11").tos());
        fails("bad TOS value for -S: '256' (must be between 0 and 255 inclusive)", "-S", "256");
        fails("bad DSCP value for --dscp: 'xx' (0-63, or a name such as ef, af11 ... af43, cs0 ... cs7, va, le)",
                "--dscp", "xx");
    }

    @Test
    void bidirPortsAffinityAndOutputOptions() {
        IperfOptions o = parse("--bidir", "--cport", "6001", "-A", "0,1", "--logfile", "out.txt",
                "--json-stream", "--timestamps", "--forceflush");
        assertTrue(o.bidir());
        assertEquals(6001, o.cport());
        assertEquals(1, o.serverAffinity());
        assertEquals("out.txt", o.logfile());
        assertTrue(o.jsonStream());
        assertTrue(o.anyJson());
        assertEquals("%c ", o.timestampFormat());
        assertTrue(o.forceFlush());
        assertEquals("%T ", parse("--timestamps=%T ").timestampFormat());
        assertEquals(-1, parse("-A", "2").serverAffinity(), "-A n pins only the client, the ideal peer");
        fails("cannot be both reverse and bidirectional (-R and --bidir)", "-R", "--bidir");
        fails("iperf3 argument -A: '1,2,3' is not n or n,m", "-A", "1,2,3");
    }

    @Test
    void optionsThatDoNotApplyAreRefusedWithTheReason() {
        fails("iperf3 option -6 does not apply: ringlab's simulated network and stack are IPv4 only", "-6");
        fails("iperf3 option -d does not apply: it traces the real iperf3 program's internals, which a simulated "
                + "run does not have (--json gives the device detail)", "-d");
        fails("iperf3 option --bidir does not take a value", "--bidir=1");
    }
}
