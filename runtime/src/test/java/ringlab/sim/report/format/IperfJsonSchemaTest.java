package ringlab.sim.report.format;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import com.networknt.schema.InputFormat;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * ringlab's -J output validates against iperf3-3.12.schema.json, a strict schema (exact key sets, required keys,
 * value types) that make-schema.py derives from real iperf3's recorded outputs; the only keys it allows beyond
 * iperf3's are ringlab's top-level "ringlab" and "wall_clock".
 */
class IperfJsonSchemaTest {
    private static Schema schema;

    @BeforeAll
    static void load() throws IOException {
        try (InputStream in = IperfJsonSchemaTest.class.getResourceAsStream("/iperf3/iperf3-3.12.schema.json")) {
            assertNotNull(in, "iperf3/iperf3-3.12.schema.json (make-schema.py writes it)");
            schema = SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12)
                    .getSchema(new String(in.readAllBytes(), StandardCharsets.UTF_8), InputFormat.JSON);
        }
    }

    static List<String> errors(String json) {
        return schema.validate(json, InputFormat.JSON).stream().map(Object::toString).toList();
    }

    @ParameterizedTest
    @ValueSource(strings = {"-t 2", "-u -t 2", "-R -t 2", "-u -R -t 2", "-P 2 -t 2", "--bidir -t 2",
        "-u --bidir -t 2", "-M 512 -t 2", "-O 1 -t 2", "--get-server-output -t 2", "-u --get-server-output -t 2",
        "-n 1M"})
    void aSimulatedRunFollowsTheSchema(String iperf) {
        assertEquals(List.of(), errors(IperfJsonFormatter.format(IperfFixtureKeyTreeTest.run(iperf),
                IperfFixtureKeyTreeTest.PINNED)));
    }

    @Test
    void handBuiltReportsIncludingBidirFollowTheSchema() {
        for (var r : List.of(SampleReports.tcp(), SampleReports.tcp("-R", "-P", "2"), SampleReports.udp("-R"),
                SampleReports.bidir(), SampleReports.bidir("-u"), SampleReports.bidir("-P", "2"))) {
            assertEquals(List.of(), errors(IperfJsonFormatter.format(r, IperfFixtureKeyTreeTest.PINNED)));
        }
        assertEquals(List.of(), errors(JsonStream.error("bad input", false)));
    }

    @Test
    void everyRecordedOutputFollowsTheSchemaAndAnAddedKeyOrWrongTypeDoesNot() throws IOException {
        for (String f : List.of("tcp", "udp", "tcp-R", "udp-R", "tcp-P2", "tcp-bidir", "udp-bidir", "tcp-M512",
                "tcp-O1", "tcp-get-server-output", "udp-get-server-output", "tcp-n", "error")) {
            assertEquals(List.of(), errors(KeyTree.fixture(f).toString()), f);
        }
        JsonObject extra = KeyTree.fixture("tcp");
        extra.getAsJsonObject("start").addProperty("ringlab_run", 1);
        assertFalse(errors(extra.toString()).isEmpty(), "a key iperf3 does not print");
        JsonObject type = JsonParser.parseString(KeyTree.fixture("udp").toString()).getAsJsonObject();
        type.getAsJsonObject("start").addProperty("sndbuf_actual", "212992");
        assertFalse(errors(type.toString()).isEmpty(), "a string where iperf3 prints an integer");
        JsonObject missing = KeyTree.fixture("tcp");
        missing.getAsJsonObject("end").remove("receiver_tcp_congestion");
        assertFalse(errors(missing.toString()).isEmpty(), "a key iperf3 prints left out");
    }
}
