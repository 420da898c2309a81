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
        String json = IperfJsonFormatter.format(SampleReports.tcp());
        JsonObject top = parse(json);
        assertEquals(List.of("start", "intervals", "end", "ringlab"), List.copyOf(top.keySet()));

        JsonObject start = top.getAsJsonObject("start");
        JsonObject conn = start.getAsJsonArray("connected").get(0).getAsJsonObject();
        assertEquals(List.of("socket", "local_host", "local_port", "remote_host", "remote_port"),
                List.copyOf(conn.keySet()));
        assertEquals(5, conn.get("socket").getAsInt());
        assertEquals("10.0.0.2", conn.get("local_host").getAsString());
        assertEquals(5201, conn.get("remote_port").getAsInt());
        assertTrue(start.get("version").getAsString().startsWith("ringlab"));
        assertEquals("virtual", start.getAsJsonObject("timestamp").get("time").getAsString());
        assertEquals("10.0.0.1", start.getAsJsonObject("connecting_to").get("host").getAsString());
        assertEquals(42, start.getAsJsonObject("ringlab_run").get("seed").getAsInt());
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
                "snd_cwnd", "rtt", "omitted", "sender"), List.copyOf(s.keySet()));
        assertEquals(3, s.get("retransmits").getAsInt());
        assertEquals(1_436_549, s.get("snd_cwnd").getAsLong());
        assertEquals(1300, s.get("rtt").getAsLong());
        assertTrue(s.get("sender").getAsBoolean());
        assertTrue(iv.getAsJsonObject("sum").has("retransmits"));

        JsonObject end = top.getAsJsonObject("end");
        assertEquals(List.of("streams", "sum_sent", "sum_received", "cpu_utilization_percent"),
                List.copyOf(end.keySet()));
        JsonObject es = end.getAsJsonArray("streams").get(0).getAsJsonObject();
        assertEquals(3, es.getAsJsonObject("sender").get("retransmits").getAsInt());
        assertFalse(es.getAsJsonObject("receiver").has("retransmits"));
        assertEquals(2.04, es.getAsJsonObject("receiver").get("end").getAsDouble());
        assertTrue(end.getAsJsonObject("sum_sent").get("sender").getAsBoolean());
        assertEquals(9_194_304L, end.getAsJsonObject("sum_received").get("bytes").getAsLong());
        JsonObject cpu = end.getAsJsonObject("cpu_utilization_percent");
        assertEquals(List.of("host_total", "host_user", "host_system", "remote_total", "remote_user",
                "remote_system"), List.copyOf(cpu.keySet()));
        assertEquals(61, cpu.get("remote_total").getAsDouble());

        JsonObject ringlab = top.getAsJsonObject("ringlab");
        assertEquals(List.of("board", "topology", "virtual_seconds", "cpu_percent", "interrupts", "napi", "drops",
                "accounting", "occupancy_avg", "ports", "features", "tcp", "cycles_percent", "ping",
                "stream_integrity_errors"), List.copyOf(ringlab.keySet()));
        assertEquals("eth1", ringlab.getAsJsonArray("ports").get(1).getAsJsonObject().get("name").getAsString());
        assertEquals(ReportJson.toJsonTree(SampleDetail.forward()), ringlab, "the ringlab key is the device detail");
        assertRoundTrips(json);
    }

    @Test
    void numbersArePlainAndStable() {
        String json = IperfJsonFormatter.format(SampleReports.tcp());
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
        assertEquals(IperfJsonFormatter.format(SampleReports.tcp("-P", "3")),
                IperfJsonFormatter.format(SampleReports.tcp("-P", "3")));
        assertEquals(IperfJsonFormatter.format(SampleReports.udp("-R")),
                IperfJsonFormatter.format(SampleReports.udp("-R")));
    }

    @Test
    void wallClockOnlyWhenPresentAndLast() {
        assertFalse(IperfJsonFormatter.format(SampleReports.tcp()).contains("wall_clock"));
        RunReport r = SampleReports.tcp();
        r.wallClock.put("elapsed_ms", 1234);
        JsonObject top = parse(IperfJsonFormatter.format(r));
        assertEquals(List.of("start", "intervals", "end", "ringlab", "wall_clock"), List.copyOf(top.keySet()));
        assertEquals(1234, top.getAsJsonObject("wall_clock").get("elapsed_ms").getAsInt());
        assertFalse(top.getAsJsonObject("start").toString().contains("elapsed_ms"));
    }

    @Test
    void reverseMarksClientAsReceiver() {
        String json = IperfJsonFormatter.format(SampleReports.tcp("-R"));
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
        String json = IperfJsonFormatter.format(SampleReports.udp());
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

        JsonObject rs = parse(IperfJsonFormatter.format(SampleReports.udp("-R"))).getAsJsonArray("intervals")
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
                d.drops(), d.accounting(), d.occupancyAvg(), d.ports(), d.features(), d.tcp(), d.cyclesPercent(), null,
                d.streamIntegrityErrors());
        String json = IperfJsonFormatter.format(r);
        JsonObject top = parse(json);
        assertEquals("t<1>", top.get("title").getAsString());
        assertTrue(top.getAsJsonObject("ringlab").get("virtual_seconds").isJsonNull(), "NaN is written as null");
        assertFalse(top.getAsJsonObject("ringlab").has("ping"), "an absent section is left out");
        assertRoundTrips(json);
    }

    @Test
    void aReportWithoutDeviceDetailHasNoRinglabKey() {
        RunReport r = SampleReports.udp();
        r.ringlab = null;
        assertEquals(List.of("start", "intervals", "end"), List.copyOf(parse(IperfJsonFormatter.format(r)).keySet()));
    }
}
