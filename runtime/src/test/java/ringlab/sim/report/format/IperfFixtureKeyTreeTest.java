package ringlab.sim.report.format;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import ringlab.sim.Scenario;
import ringlab.sim.Simulation;
import ringlab.sim.TestBoards;
import ringlab.sim.report.RunReport;
import ringlab.sim.workload.IperfArgs;

/**
 * ringlab's -J output has real iperf3 3.12's key tree and value types (recorded by record-fixtures.sh over
 * loopback, one file per option set): a real short simulation per option set, and the hand-built --bidir reports
 * (the simulation's --bidir streams come from ReportBuilder).
 */
class IperfFixtureKeyTreeTest {
    static final Instant PINNED = Instant.ofEpochSecond(1_796_302_620L);

    /** A short run of a small test board with these iperf3 client options. */
    static RunReport run(String iperf) {
        Scenario sc = Scenario.builder(TestBoards.flat(100, "5.15"))
                .iperf(IperfArgs.parse(List.of(iperf.split(" ")))).seed(7).build();
        return new Simulation(sc).run();
    }

    @ParameterizedTest(name = "{0}: {1}")
    @CsvSource(delimiter = '|', value = {
        "tcp                   | -t 2",
        "udp                   | -u -t 2",
        "tcp-R                 | -R -t 2",
        "udp-R                 | -u -R -t 2",
        "tcp-P2                | -P 2 -t 2",
        "tcp-bidir             | --bidir -t 2",
        "udp-bidir             | -u --bidir -t 2",
        "tcp-M512              | -M 512 -t 2",
        "tcp-O1                | -O 1 -t 2",
        "tcp-get-server-output | --get-server-output -t 2",
        "udp-get-server-output | -u --get-server-output -t 2",
        "tcp-n                 | -n 1M",
    })
    void aSimulatedRunHasIperf3sKeyTree(String fixture, String iperf) {
        KeyTree.assertSameTree(fixture, IperfJsonFormatter.format(run(iperf), PINNED));
    }

    @ParameterizedTest
    @CsvSource({"tcp-bidir, ''", "udp-bidir, -u"})
    void aBidirReportHasIperf3sKeyTree(String fixture, String extra) {
        RunReport r = extra.isEmpty() ? SampleReports.bidir() : SampleReports.bidir(extra);
        KeyTree.assertSameTree(fixture, IperfJsonFormatter.format(r, PINNED));
    }

    @Test
    void handBuiltReportsHaveIperf3sKeyTree() {
        KeyTree.assertSameTree("tcp", IperfJsonFormatter.format(SampleReports.tcp(), PINNED));
        KeyTree.assertSameTree("tcp-R", IperfJsonFormatter.format(SampleReports.tcp("-R"), PINNED));
        KeyTree.assertSameTree("tcp-P2", IperfJsonFormatter.format(SampleReports.tcp("-P", "2"), PINNED));
        KeyTree.assertSameTree("udp", IperfJsonFormatter.format(SampleReports.udp(), PINNED));
        KeyTree.assertSameTree("udp-R", IperfJsonFormatter.format(SampleReports.udp("-R"), PINNED));
        KeyTree.assertSameTree("tcp-M512", IperfJsonFormatter.format(SampleReports.tcp("-M", "512"), PINNED));
    }

    @Test
    void anErrorHasIperf3sErrorDocument() {
        String json = JsonStream.error("unknown hardware 'nosuch'", false);
        assertEquals(1, json.lines().count(), json);
        KeyTree.assertSameTree("error", json);
    }

    @Test
    void theComparisonSeesAMissingOrExtraKeyAndAWrongType() {
        var fixture = KeyTree.of(KeyTree.fixture("tcp"));
        var extra = KeyTree.fixture("tcp");
        extra.getAsJsonObject("start").addProperty("ringlab_run", 1);
        assertNotEquals(fixture, KeyTree.of(extra));
        var missing = KeyTree.fixture("tcp");
        missing.getAsJsonObject("end").remove("sender_tcp_congestion");
        assertNotEquals(fixture, KeyTree.of(missing));
        var type = KeyTree.fixture("tcp");
        type.getAsJsonObject("start").addProperty("sndbuf_actual", 1.5);
        assertNotEquals(fixture, KeyTree.of(type));
    }
}
