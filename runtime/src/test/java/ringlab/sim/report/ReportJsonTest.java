package ringlab.sim.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import java.lang.reflect.RecordComponent;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Tests the one JSON configuration: snake_case keys in declaration order, plain numbers, nulls, round trip. */
class ReportJsonTest {

    private static final Map<String, Long> CPU_NS = cpuNs();
    private static final SimStatus STATUS = new SimStatus(2_000_000_000L, 123_456, 33_500_000.0, CPU_NS, SampleDetail.forward());

    /** The CPU totals behind the sample's shares: one core, 2 virtual seconds. */
    private static Map<String, Long> cpuNs() {
        Map<String, Long> m = new LinkedHashMap<>();
        m.put("irq", 64_000_000L);
        m.put("soft", 509_120_000L);
        m.put("soft_ksoftirqd", 0L);
        m.put("kthread", 0L);
        m.put("usr", 2_469_120L);
        m.put("sys", 10_000_000L);
        m.put("idle", 1_414_410_880L);
        return m;
    }

    /** "virtualNs" -> "virtual_ns", "p50Ms" -> "p50_ms". */
    private static String snake(String camel) {
        return camel.replaceAll("([A-Z])", "_$1").toLowerCase();
    }

    private static void assertKeysFollowComponents(Record value, JsonElement tree) {
        List<String> expected = new ArrayList<>();
        for (RecordComponent c : value.getClass().getRecordComponents()) {
            try {
                if (c.getAccessor().invoke(value) != null) expected.add(snake(c.getName()));
            } catch (ReflectiveOperationException e) {
                throw new AssertionError(e);
            }
        }
        assertEquals(expected, List.copyOf(tree.getAsJsonObject().keySet()), value.getClass().getSimpleName());
    }

    @Test
    void everyRecordWritesSnakeCaseKeysInDeclarationOrder() {
        DeviceDetail d = STATUS.device();
        JsonObject status = ReportJson.toJsonTree(STATUS).getAsJsonObject();
        JsonObject device = status.getAsJsonObject("device");
        assertKeysFollowComponents(STATUS, status);
        assertKeysFollowComponents(d, device);
        assertKeysFollowComponents(d.cpuPercent(), device.get("cpu_percent"));
        assertKeysFollowComponents(d.interrupts(), device.get("interrupts"));
        assertKeysFollowComponents(d.napi(), device.get("napi"));
        assertKeysFollowComponents(d.accounting(), device.get("accounting"));
        assertKeysFollowComponents(d.occupancyAvg(), device.get("occupancy_avg"));
        assertKeysFollowComponents(d.ports().get(0), device.getAsJsonArray("ports").get(0));
        assertKeysFollowComponents(d.features().get("eth0"), device.getAsJsonObject("features").get("eth0"));
        assertKeysFollowComponents(d.tcp().get(0), device.getAsJsonArray("tcp").get(0));
        assertKeysFollowComponents(d.ping(), device.get("ping"));
        assertEquals(List.of("port", "nstat", "rcvbuf", "sndbuf", "rcv_rtt_ms", "rcv_space", "rcv_ssthresh"),
                List.copyOf(device.getAsJsonArray("tcp").get(0).getAsJsonObject().keySet()));
        assertEquals(List.of(TcpCounters.NAMES), List.copyOf(device.getAsJsonArray("tcp").get(0).getAsJsonObject()
                .getAsJsonObject("nstat").keySet()), "nstat's own spelling, in order");
    }

    @Test
    void mapKeysAreDataAndKeepTheirOrderAndSpelling() {
        JsonObject device = ReportJson.toJsonTree(SampleDetail.forward()).getAsJsonObject();
        assertEquals(List.of("rx_missed_errors", "TcpExtTCPRcvQDrop"), List.copyOf(device.getAsJsonObject("drops").keySet()));
        assertEquals(List.of("eth0", "eth1"), List.copyOf(device.getAsJsonObject("interrupts").getAsJsonObject("nic").keySet()));
        assertEquals(List.of("gro_receive", "gro_merged"), List.copyOf(device.getAsJsonObject("features")
                .getAsJsonObject("eth0").getAsJsonObject("counters").getAsJsonObject("gro").keySet()));
    }

    @Test
    void numbersArePlain() {
        String json = ReportJson.toJson(STATUS);
        assertTrue(json.contains("\"receiver_bits_per_second\": 33500000,"), json);
        assertTrue(json.contains("\"virtual_seconds\": 2,"));
        assertTrue(json.contains("\"soft\": 25.456,"));
        assertTrue(json.contains("\"virtual_ns\": 2000000000,"));
        assertTrue(json.contains("\"idle\": 1414410880\n"), json);
        assertFalse(json.matches("(?s).*\\d[eE][+-]?\\d.*"));
        assertFalse(json.matches("(?s).*\\.0[,\\n].*"));
        assertEquals("0.0000001", ReportJson.toJson(1e-7));
        assertEquals("100000000000000000000", ReportJson.toJson(1e20));
        assertEquals("-0.5", ReportJson.toJson(-0.5));

        assertEquals("33500000", ReportJson.number(3.35E7));
        assertEquals("33512345.6", ReportJson.number(33512345.6));
        assertEquals("0.0000001", ReportJson.number(1e-7));
        assertEquals("100000000000000000000", ReportJson.number(1e20));
        assertEquals("0", ReportJson.number(-0.0));
        assertEquals("0.1", ReportJson.number(0.1f));
        assertEquals("12345678901", ReportJson.number(12_345_678_901L));
        assertEquals("1.50", ReportJson.number(new BigDecimal("1.50")));
        assertNull(ReportJson.number(Double.NaN));
        assertNull(ReportJson.number(Double.POSITIVE_INFINITY));
    }

    @Test
    void absentSectionsAreLeftOutNonFiniteNumbersAreNull() {
        DeviceDetail d = SampleDetail.forward();
        DeviceDetail odd = new DeviceDetail(d.board(), d.topology(), Double.POSITIVE_INFINITY, d.cpuPercent(),
                d.interrupts(), d.napi(), d.drops(), d.accounting(), d.occupancyAvg(), d.ports(), d.features(), d.tcp(),
                Map.of("stack", Double.NaN), Map.of("stack.tcp.rx", Double.NaN), null, d.streamIntegrityErrors());
        JsonObject tree = ReportJson.toJsonTree(odd).getAsJsonObject();
        JsonObject text = JsonParser.parseString(ReportJson.toJson(odd)).getAsJsonObject();
        for (JsonObject o : List.of(tree, text)) {
            assertFalse(o.has("ping"), "no ping flow, no ping key");
            assertFalse(o.getAsJsonObject("cpu_percent").has("per_core"), "one core, no per_core key");
            assertFalse(o.getAsJsonObject("features").getAsJsonObject("eth1").has("rx_buffers"));
            assertTrue(o.get("virtual_seconds").isJsonNull(), "infinity is written as null");
            assertTrue(o.getAsJsonObject("cycles_percent").get("stack").isJsonNull(), "NaN in a map is written as null");
        }
        assertEquals(ReportJson.toJson(odd), ReportJson.toJson(tree), "a tree is written as its value is");
        assertEquals(ReportJson.toJson(STATUS), ReportJson.toJson(ReportJson.toJsonTree(STATUS)));
    }

    @Test
    void readsBackToEqualRecordsAndWritesEqualRecordsIdentically() {
        String json = ReportJson.toJson(STATUS);
        SimStatus back = ReportJson.GSON.fromJson(json, SimStatus.class);
        assertEquals(STATUS, back);
        assertEquals(json, ReportJson.toJson(back));
        assertEquals(json, ReportJson.toJson(new SimStatus(2_000_000_000L, 123_456, 33_500_000.0, CPU_NS, SampleDetail.forward())));
    }

    @Test
    void noHtmlEscapingAndTwoSpaceIndents() {
        String json = ReportJson.toJson(Map.of("title", "a<b & 'c'"));
        assertEquals("{\n  \"title\": \"a<b & 'c'\"\n}", json);
    }

    @Test
    void aBoardsNicEnumsAreWrittenAsTheDescriptorSpellsThem() {
        ringlab.spi.board.Nic nic = ringlab.sim.TestBoards.nic(100_000_000L, 64);
        JsonObject o = JsonParser.parseString(ReportJson.toJson(nic)).getAsJsonObject();
        assertEquals("none", o.get("rx_checksum").getAsString(), "as in board.json, not NONE");
        assertEquals("always", o.get("irq_unmask").getAsString());
        assertEquals(nic, ReportJson.GSON.fromJson(o, ringlab.spi.board.Nic.class));
    }
}
