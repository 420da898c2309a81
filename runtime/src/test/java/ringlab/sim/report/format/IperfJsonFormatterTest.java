package ringlab.sim.report.format;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.GsonBuilder;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import java.util.List;
import org.junit.jupiter.api.Test;
import ringlab.sim.report.DeviceDetail;
import ringlab.sim.report.ReportJson;
import ringlab.sim.report.RunReport;
import ringlab.sim.report.SampleDetail;

/** Tests the iperf3 -J style JSON: structure, plain numbers, determinism and Gson round-trip. */
class IperfJsonFormatterTest {
    /** iperf3's start time pinned, as `ringlab run --timestamp`: the output is byte-identical between runs. */
    private static final java.time.Instant PINNED = java.time.Instant.ofEpochSecond(1_796_302_620L);


    private static JsonObject parse(String json) {
        return JsonParser.parseString(json).getAsJsonObject();
    }

    private static void assertRoundTrips(String json) {
        String again = new GsonBuilder().setPrettyPrinting().disableHtmlEscaping().serializeNulls().create()
                .toJson(JsonParser.parseString(json));
        assertEquals(json, again + "\n");
    }

    @Test
    void tcpStructureFollowsIperf3() {
        String json = IperfJsonFormatter.format(SampleReports.tcp(), PINNED);
        JsonObject top = parse(json);
        assertEquals(List.of("start", "intervals", "end", "ringlab"), List.copyOf(top.keySet()));

        JsonObject start = top.getAsJsonObject("start");
        JsonObject conn = start.getAsJsonArray("connected").get(0).getAsJsonObject();
        assertEquals(List.of("socket", "local_host", "local_port", "remote_host", "remote_port"),
                List.copyOf(conn.keySet()));
        assertEquals(5, conn.get("socket").getAsInt());
        assertEquals("10.0.0.2", conn.get("local_host").getAsString());
        assertEquals(5201, conn.get("remote_port").getAsInt());
        assertEquals(List.of("connected", "version", "system_info", "timestamp", "connecting_to", "cookie",
                "tcp_mss_default", "target_bitrate", "sock_bufsize", "sndbuf_actual", "rcvbuf_actual", "test_start"),
                List.copyOf(start.keySet()));
        assertEquals("iperf 3.12", start.get("version").getAsString(), "iperf3's shape: consumers parse it");
        assertTrue(start.get("system_info").getAsString().contains("ringlab"));
        assertEquals("Thu, 03 Dec 2026 12:57:00 GMT", start.getAsJsonObject("timestamp").get("time").getAsString());
        assertEquals(1_796_302_620L, start.getAsJsonObject("timestamp").get("timesecs").getAsLong());
        assertEquals("10.0.0.1", start.getAsJsonObject("connecting_to").get("host").getAsString());
        assertTrue(start.get("cookie").getAsString().matches("[a-z2-7]{36}"), start.get("cookie").getAsString());
        assertEquals(1448, start.get("tcp_mss_default").getAsInt());
        assertEquals(16_384, start.get("sndbuf_actual").getAsInt());
        JsonObject ts = start.getAsJsonObject("test_start");
        assertEquals(List.of("protocol", "num_streams", "blksize", "omit", "duration", "bytes", "blocks",
                "reverse", "tos", "target_bitrate"), List.copyOf(ts.keySet()));
        assertEquals("TCP", ts.get("protocol").getAsString());
        assertEquals(131072, ts.get("blksize").getAsInt());
        assertEquals(2, ts.get("duration").getAsInt());
        assertEquals(0, ts.get("reverse").getAsInt());

        JsonObject iv = top.getAsJsonArray("intervals").get(1).getAsJsonObject();
        JsonObject s = iv.getAsJsonArray("streams").get(0).getAsJsonObject();
        assertEquals(List.of("socket", "start", "end", "seconds", "bytes", "bits_per_second", "retransmits",
                "snd_cwnd", "snd_wnd", "rtt", "rttvar", "pmtu", "omitted", "sender"), List.copyOf(s.keySet()));
        assertEquals(262_144, s.get("snd_wnd").getAsLong());
        assertEquals(150, s.get("rttvar").getAsLong());
        assertEquals(1500, s.get("pmtu").getAsInt());
        assertEquals(3, s.get("retransmits").getAsInt());
        assertEquals(1_436_549, s.get("snd_cwnd").getAsLong());
        assertEquals(1300, s.get("rtt").getAsLong());
        assertTrue(s.get("sender").getAsBoolean());
        assertTrue(iv.getAsJsonObject("sum").has("retransmits"));

        JsonObject end = top.getAsJsonObject("end");
        assertEquals(List.of("streams", "sum_sent", "sum_received", "cpu_utilization_percent",
                "sender_tcp_congestion", "receiver_tcp_congestion"), List.copyOf(end.keySet()));
        assertEquals("cubic", end.get("sender_tcp_congestion").getAsString());
        JsonObject es = end.getAsJsonArray("streams").get(0).getAsJsonObject();
        assertEquals(3, es.getAsJsonObject("sender").get("retransmits").getAsInt());
        assertEquals(1300, es.getAsJsonObject("sender").get("max_rtt").getAsLong());
        assertEquals(1250, es.getAsJsonObject("sender").get("mean_rtt").getAsLong());
        assertEquals(1_436_549, es.getAsJsonObject("sender").get("max_snd_cwnd").getAsLong());
        assertFalse(es.getAsJsonObject("receiver").has("retransmits"));
        assertEquals(2.04, es.getAsJsonObject("receiver").get("end").getAsDouble());
        assertTrue(end.getAsJsonObject("sum_sent").get("sender").getAsBoolean());
        assertEquals(9_194_304L, end.getAsJsonObject("sum_received").get("bytes").getAsLong());
        JsonObject cpu = end.getAsJsonObject("cpu_utilization_percent");
        assertEquals(List.of("host_total", "host_user", "host_system", "remote_total", "remote_user",
                "remote_system"), List.copyOf(cpu.keySet()));
        assertEquals(61, cpu.get("remote_total").getAsDouble());

        JsonObject ringlab = top.getAsJsonObject("ringlab");
        JsonObject run = ringlab.remove("run").getAsJsonObject();
        assertEquals("sim-a", run.get("board").getAsString());
        assertEquals(42, run.get("seed").getAsInt());
        assertEquals("[\"napi\",\"gro\"]", run.get("features").toString());
        assertEquals("{}", run.get("settings").toString(), "no --set given");
        assertEquals("iperf 3.12", run.get("imitates").getAsString());
        assertEquals(List.of("board", "topology", "virtual_seconds", "cpu_percent", "interrupts", "napi", "drops",
                "accounting", "occupancy_avg", "ports", "features", "tcp", "cycles_percent", "cycles_percent_by_key", "ping",
                "stream_integrity_errors"), List.copyOf(ringlab.keySet()));
        assertEquals("eth1", ringlab.getAsJsonArray("ports").get(1).getAsJsonObject().get("name").getAsString());
        assertEquals(ReportJson.toJsonTree(SampleDetail.forward()), ringlab, "the ringlab key: the run, then the device detail");
        assertRoundTrips(json);
    }

    @Test
    void theSetValuesOfTheRunAreEchoedInRunAndInTheTextHeader() {
        RunReport r = SampleReports.tcp();
        r.settings.put("peer_rx_usecs", "0");
        r.settings.put("qdisc", "fq_codel");
        JsonObject run = JsonParser.parseString(IperfJsonFormatter.format(r, PINNED)).getAsJsonObject()
                .getAsJsonObject("ringlab").getAsJsonObject("run");
        assertEquals("{\"peer_rx_usecs\":\"0\",\"qdisc\":\"fq_codel\"}", run.get("settings").toString());
        assertTrue(RinglabText.format(r).startsWith("ringlab: board sim-a, seed 42, features: napi, gro, peer_rx_usecs=0, qdisc=fq_codel\n"),
                RinglabText.format(r));
    }

    @Test
    void numbersArePlainAndStable() {
        String json = IperfJsonFormatter.format(SampleReports.tcp(), PINNED);
        assertTrue(json.contains("\"bits_per_second\": 33500000,"), json);
        assertTrue(json.contains("\"bits_per_second\": 36056094.1,"));
        assertTrue(json.contains("\"bytes\": 4194304,"));
        assertTrue(json.contains("\"start\": 0,"));
        assertTrue(json.contains("\"end\": 2.04,"));
        assertTrue(json.contains("\"virtual_seconds\": 2,"));
        assertTrue(json.contains("\"usr\": 0.123456,"));
        assertTrue(json.contains("\"max_ms\": 2\n"));
        assertFalse(json.matches("(?s).*\\d[eE][+-]?\\d.*"));
        assertFalse(json.contains(".0,"));
        assertFalse(json.contains(".0\n"));
    }

    @Test
    void identicalReportsGiveIdenticalBytes() {
        assertEquals(IperfJsonFormatter.format(SampleReports.tcp("-P", "3"), PINNED),
                IperfJsonFormatter.format(SampleReports.tcp("-P", "3"), PINNED));
        assertEquals(IperfJsonFormatter.format(SampleReports.udp("-R"), PINNED),
                IperfJsonFormatter.format(SampleReports.udp("-R"), PINNED));
    }

    @Test
    void wallClockOnlyWhenPresentAndLast() {
        assertFalse(IperfJsonFormatter.format(SampleReports.tcp(), PINNED).contains("wall_clock"));
        RunReport r = SampleReports.tcp();
        r.wallClock.put("elapsed_ms", 1234);
        JsonObject top = parse(IperfJsonFormatter.format(r, PINNED));
        assertEquals(List.of("start", "intervals", "end", "ringlab", "wall_clock"), List.copyOf(top.keySet()));
        assertEquals(1234, top.getAsJsonObject("wall_clock").get("elapsed_ms").getAsInt());
        assertFalse(top.getAsJsonObject("start").toString().contains("elapsed_ms"));
    }

    @Test
    void reverseMarksClientAsReceiver() {
        String json = IperfJsonFormatter.format(SampleReports.tcp("-R"), PINNED);
        JsonObject top = parse(json);
        assertEquals(1, top.getAsJsonObject("start").getAsJsonObject("test_start").get("reverse").getAsInt());
        JsonObject s = top.getAsJsonArray("intervals").get(0).getAsJsonObject().getAsJsonArray("streams")
                .get(0).getAsJsonObject();
        assertEquals(List.of("socket", "start", "end", "seconds", "bytes", "bits_per_second", "omitted", "sender"),
                List.copyOf(s.keySet()));
        assertFalse(s.get("sender").getAsBoolean());
        JsonObject end = top.getAsJsonObject("end");
        assertFalse(end.getAsJsonObject("sum_sent").get("sender").getAsBoolean());
        assertEquals(3, end.getAsJsonObject("sum_sent").get("retransmits").getAsInt());
        assertRoundTrips(json);
    }

    @Test
    void udpHasLossFiguresAndSum() {
        String json = IperfJsonFormatter.format(SampleReports.udp(), PINNED);
        JsonObject top = parse(json);
        JsonObject ts = top.getAsJsonObject("start").getAsJsonObject("test_start");
        assertEquals("UDP", ts.get("protocol").getAsString());
        assertEquals(1460, ts.get("blksize").getAsInt());
        assertEquals(1_000_000, ts.get("target_bitrate").getAsLong());
        JsonObject s = top.getAsJsonArray("intervals").get(0).getAsJsonObject().getAsJsonArray("streams")
                .get(0).getAsJsonObject();
        assertEquals(86, s.get("packets").getAsInt());
        assertFalse(s.has("lost_packets"));
        JsonObject end = top.getAsJsonObject("end");
        assertEquals(List.of("streams", "sum", "sum_sent", "sum_received", "cpu_utilization_percent"),
                List.copyOf(end.keySet()));
        JsonObject udp = end.getAsJsonArray("streams").get(0).getAsJsonObject().getAsJsonObject("udp");
        assertEquals(List.of("socket", "start", "end", "seconds", "bytes", "bits_per_second", "jitter_ms",
                "lost_packets", "packets", "lost_percent", "out_of_order", "sender"), List.copyOf(udp.keySet()));
        assertEquals(172 * 1460, udp.get("bytes").getAsLong());
        assertEquals(2, udp.get("lost_packets").getAsInt());
        JsonObject sum = end.getAsJsonObject("sum");
        assertEquals(0.045, sum.get("jitter_ms").getAsDouble());
        assertEquals(100.0 * 2 / 172, sum.get("lost_percent").getAsDouble());
        assertRoundTrips(json);

        JsonObject rs = parse(IperfJsonFormatter.format(SampleReports.udp("-R"), PINNED)).getAsJsonArray("intervals")
                .get(0).getAsJsonObject().getAsJsonArray("streams").get(0).getAsJsonObject();
        assertEquals(1, rs.get("lost_packets").getAsInt());
        assertEquals(0.045, rs.get("jitter_ms").getAsDouble());
        assertFalse(rs.get("sender").getAsBoolean());
    }

    @Test
    void titleNaNAndNullsAreWrittenSafely() {
        RunReport r = SampleReports.tcp("-T", "t<1>");
        DeviceDetail d = r.ringlab;
        r.ringlab = new DeviceDetail(d.board(), d.topology(), Double.NaN, d.cpuPercent(), d.interrupts(), d.napi(),
                d.drops(), d.accounting(), d.occupancyAvg(), d.ports(), d.features(), d.tcp(), d.cyclesPercent(), d.cyclesPercentByKey(), null,
                d.streamIntegrityErrors());
        String json = IperfJsonFormatter.format(r, PINNED);
        JsonObject top = parse(json);
        assertEquals("t<1>", top.get("title").getAsString());
        assertTrue(top.getAsJsonObject("ringlab").get("virtual_seconds").isJsonNull(), "NaN is written as null");
        assertFalse(top.getAsJsonObject("ringlab").has("ping"), "an absent section is left out");
        assertRoundTrips(json);
    }

    /** The text printed "virtual_seconds: 2" where the JSON has 2.001: both now print the JSON's value. */
    @Test
    void virtualSecondsIsTheSameInTextAndJson() {
        RunReport r = SampleReports.tcp();
        DeviceDetail d = r.ringlab;
        r.ringlab = new DeviceDetail(d.board(), d.topology(), 2.001, d.cpuPercent(), d.interrupts(), d.napi(),
                d.drops(), d.accounting(), d.occupancyAvg(), d.ports(), d.features(), d.tcp(), d.cyclesPercent(), d.cyclesPercentByKey(), null,
                d.streamIntegrityErrors());
        assertEquals(2.001, parse(IperfJsonFormatter.format(r, PINNED)).getAsJsonObject("ringlab").get("virtual_seconds").getAsDouble());
        assertTrue(IperfTextFormatter.format(r, PINNED).contains("\n  virtual_seconds: 2.001\n"), IperfTextFormatter.format(r, PINNED));
    }

    @Test
    void aReportWithoutDeviceDetailHasOnlyTheRunUnderRinglab() {
        RunReport r = SampleReports.udp();
        r.ringlab = null;
        JsonObject top = parse(IperfJsonFormatter.format(r, PINNED));
        assertEquals(List.of("start", "intervals", "end", "ringlab"), List.copyOf(top.keySet()));
        assertEquals(List.of("run"), List.copyOf(top.getAsJsonObject("ringlab").keySet()));
    }

    @Test
    void theCookieComesFromTheSeedAndTheTimestampFromTheCaller() {
        RunReport a = SampleReports.tcp();
        String cookie = parse(IperfJsonFormatter.format(a, PINNED)).getAsJsonObject("start").get("cookie").getAsString();
        assertEquals(cookie, parse(IperfJsonFormatter.format(SampleReports.tcp(), PINNED))
                .getAsJsonObject("start").get("cookie").getAsString());
        a.seed = 43;
        JsonObject start = parse(IperfJsonFormatter.format(a, java.time.Instant.parse("2030-01-02T03:04:05Z")))
                .getAsJsonObject("start");
        assertFalse(cookie.equals(start.get("cookie").getAsString()), "another seed, another cookie");
        assertEquals("Wed, 02 Jan 2030 03:04:05 GMT", start.getAsJsonObject("timestamp").get("time").getAsString());
        assertEquals(1_893_553_445L, start.getAsJsonObject("timestamp").get("timesecs").getAsLong());
    }

    @Test
    void udpSumsCarryIperf3sSenderFlagsAndTheReceiversFigures() {
        for (String dir : List.of("", "-R")) {
            RunReport r = dir.isEmpty() ? SampleReports.udp() : SampleReports.udp(dir);
            JsonObject end = parse(IperfJsonFormatter.format(r, PINNED)).getAsJsonObject("end");
            assertEquals(dir.isEmpty(), end.getAsJsonObject("sum").get("sender").getAsBoolean(), dir);
            assertTrue(end.getAsJsonObject("sum_sent").get("sender").getAsBoolean(), dir);
            assertFalse(end.getAsJsonObject("sum_received").get("sender").getAsBoolean(), dir);
            assertEquals(0, end.getAsJsonObject("sum_sent").get("jitter_ms").getAsDouble(), "the sender has no jitter");
            assertEquals(0, end.getAsJsonObject("sum_sent").get("lost_packets").getAsInt());
            assertEquals(0.045, end.getAsJsonObject("sum_received").get("jitter_ms").getAsDouble());
            assertEquals(2, end.getAsJsonObject("sum_received").get("lost_packets").getAsInt());
        }
    }

    @Test
    void bidirHasReverseSumsAndPerStreamSenderFlags() {
        JsonObject top = parse(IperfJsonFormatter.format(SampleReports.bidir(), PINNED));
        JsonObject iv = top.getAsJsonArray("intervals").get(0).getAsJsonObject();
        assertEquals(List.of("streams", "sum", "sum_bidir_reverse"), List.copyOf(iv.keySet()));
        var streams = iv.getAsJsonArray("streams");
        assertTrue(streams.get(0).getAsJsonObject().get("sender").getAsBoolean());
        assertTrue(streams.get(0).getAsJsonObject().has("snd_cwnd"), "the client sends: tcp_info");
        assertFalse(streams.get(1).getAsJsonObject().get("sender").getAsBoolean());
        assertFalse(streams.get(1).getAsJsonObject().has("snd_cwnd"), "the client receives: no tcp_info");
        assertFalse(iv.getAsJsonObject("sum_bidir_reverse").get("sender").getAsBoolean());
        JsonObject end = top.getAsJsonObject("end");
        assertEquals(List.of("streams", "sum_sent", "sum_received", "sum_sent_bidir_reverse",
                "sum_received_bidir_reverse", "cpu_utilization_percent", "sender_tcp_congestion",
                "receiver_tcp_congestion"), List.copyOf(end.keySet()));
        assertFalse(end.getAsJsonArray("streams").get(1).getAsJsonObject().getAsJsonObject("sender")
                .get("sender").getAsBoolean());
        assertEquals(9_194_304L / 2, end.getAsJsonObject("sum_received_bidir_reverse").get("bytes").getAsLong());
    }
}
