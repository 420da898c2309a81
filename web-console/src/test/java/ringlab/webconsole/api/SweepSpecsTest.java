package ringlab.webconsole.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonObject;
import java.util.Set;
import org.junit.jupiter.api.Test;

class SweepSpecsTest {
    static final Set<String> BOARDS = Set.of("rzg2ul", "bcm6328");
    static final String REST = "\"features\": [\"stock\", \"stock,-bql\"], \"workloads\": [{\"name\": \"tcp-rx\", \"iperf\": \"-t 10\"}]";

    static JsonObject check(String json) { return SweepSpecs.check(Json.object(json), BOARDS); }

    static String refusal(String json) { return assertThrows(IllegalArgumentException.class, () -> check(json)).getMessage(); }

    @Test
    void allIsTheInstalledBoardsSortedAndTheRestIsKept() {
        JsonObject s = check("{\"name\": \"n\", \"boards\": \"all\", " + REST + ", \"tunables\": {\"txqueuelen\": [100, 1000],"
                + " \"gro_flush_timeout\": {\"from\": 0, \"to\": 100000, \"step\": 20000}}, \"seeds\": {\"count\": 3}, \"topology\": [\"direct\"], \"ping\": [0]}");
        assertEquals("[\"bcm6328\",\"rzg2ul\"]", s.get("boards").toString());
        assertEquals("[{\"name\":\"tcp-rx\",\"iperf\":\"-t 10\"}]", s.get("workloads").toString());
        assertEquals("{\"count\":3}", s.get("seeds").toString());
        assertTrue(s.has("tunables") && s.has("topology") && s.has("ping"));
        assertEquals("sweep", check("{\"boards\": [\"bcm6328\"], " + REST + "}").get("name").getAsString(), "a default name");
    }

    @Test
    void whatCanBeCheckedCheaplyIsRefusedWithOneLine() {
        assertTrue(refusal("{\"boards\": [\"x\"], " + REST + "}").startsWith("field 'boards': no installed board 'x' (installed: bcm6328, rzg2ul)"));
        assertEquals("field 'boards' must be \"all\" or a list of installed board ids, not \"some\"", refusal("{\"boards\": \"some\", " + REST + "}"));
        assertEquals("field 'features' is required", refusal("{\"boards\": \"all\"}"));
        assertEquals("workload name 'tcp-rx' is given twice", refusal("{\"boards\": \"all\", \"features\": [\"stock\"], \"workloads\": [{\"name\": \"tcp-rx\"}, {\"name\": \"tcp-rx\"}]}"));
        assertTrue(refusal("{\"boards\": \"all\", " + REST + ", \"topology\": [\"ring\"]}").contains("'ring' is not direct or forward"));
        assertTrue(refusal("{\"boards\": \"all\", " + REST + ", \"ping\": [-1]}").contains("-1 is not 0 (none) to 60000 ms"));
        assertTrue(refusal("{\"boards\": \"all\", " + REST + ", \"tunables\": {\"q\": {\"from\": 2, \"to\": 1, \"step\": 1}}}").contains("from is above to"));
        assertTrue(refusal("{\"boards\": \"all\", " + REST + ", \"seeds\": {\"count\": 3000}}").contains("1 to 1000"));
        // 2 boards x 2 feature sets x 1 workload x 5001 values = 20004 runs
        assertTrue(refusal("{\"boards\": \"all\", " + REST + ", \"tunables\": {\"q\": {\"from\": 0, \"to\": 5000, \"step\": 1}}}").contains("more than 20000 runs"));
    }
}
