package ringlab.sim.report.format;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.GsonBuilder;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import java.math.BigDecimal;
import java.util.List;
import org.junit.jupiter.api.Test;
import ringlab.sim.report.RunReport;

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
        assertEquals(List.copyOf(SampleReports.deviceDetail().keySet()), List.copyOf(ringlab.keySet()));
        assertEquals("rx0", ringlab.getAsJsonArray("rings").get(0).getAsJsonObject().get("name").getAsString());
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
        assertTrue(json.contains("\"rate\": 33500000\n"));
        assertFalse(json.matches("(?s).*\\d[eE][+-]?\\d.*"));
        assertFalse(json.contains(".0,"));

        assertEquals("33500000", IperfJsonFormatter.number(3.35E7));
        assertEquals("33512345.6", IperfJsonFormatter.number(33512345.6));
        assertEquals("0.0000001", IperfJsonFormatter.number(1e-7));
        assertEquals("100000000000000000000", IperfJsonFormatter.number(1e20));
        assertEquals("0", IperfJsonFormatter.number(-0.0));
        assertEquals("0.1", IperfJsonFormatter.number(0.1f));
        assertEquals("12345678901", IperfJsonFormatter.number(12_345_678_901L));
        assertEquals("1.50", IperfJsonFormatter.number(new BigDecimal("1.50")));
        assertNull(IperfJsonFormatter.number(Double.NaN));
        assertNull(IperfJsonFormatter.number(Double.POSITIVE_INFINITY));
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
        r.ringlab.put("bad", Double.NaN);
        r.ringlab.put("missing", null);
        r.ringlab.put("arr", new Object[] {1, "x", null});
        String json = IperfJsonFormatter.format(r);
        JsonObject top = parse(json);
        assertEquals("t<1>", top.get("title").getAsString());
        assertTrue(top.getAsJsonObject("ringlab").get("bad").isJsonNull());
        assertTrue(top.getAsJsonObject("ringlab").get("missing").isJsonNull());
        assertEquals(3, top.getAsJsonObject("ringlab").getAsJsonArray("arr").size());
        assertRoundTrips(json);
    }
}
