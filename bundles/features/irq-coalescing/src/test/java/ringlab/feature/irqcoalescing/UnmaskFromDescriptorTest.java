package ringlab.feature.irqcoalescing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import java.io.IOException;
import java.io.InputStream;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.util.Collections;
import java.util.Map;
import org.junit.jupiter.api.Test;
import ringlab.sim.board.BoardLoader;
import ringlab.sim.board.ClasspathBoards;
import ringlab.sim.report.RunReport;
import ringlab.spi.board.Board;

/**
 * Whether a poll below budget unmasks regardless of napi_complete_done is the descriptor's nic.irqUnmask,
 * not the NIC model's name: a renamed bcm6328 that declares it behaves as bcm6328, and a "bcm63xx" one
 * that does not declare it honours napi_complete_done.
 */
class UnmaskFromDescriptorTest {
    static final Map<String, String> DEFER = Map.of("gro_flush_timeout", "100000");

    static JsonObject bcm6328() throws IOException {
        for (URL u : Collections.list(UnmaskFromDescriptorTest.class.getClassLoader().getResources(ClasspathBoards.DESCRIPTOR))) {
            try (InputStream in = u.openStream()) {
                JsonObject d = JsonParser.parseString(new String(in.readAllBytes(), StandardCharsets.UTF_8)).getAsJsonObject();
                if (d.get("id").getAsString().equals("bcm6328")) return d;
            }
        }
        throw new AssertionError("bcm6328's descriptor is on the test class path");
    }

    static Board renamed(String model, String irqUnmask) throws IOException {
        JsonObject d = bcm6328();
        d.addProperty("id", model + "-board");
        JsonObject nic = d.getAsJsonObject("nic");
        nic.addProperty("model", model);
        if (irqUnmask == null) nic.remove("irqUnmask"); else nic.addProperty("irqUnmask", irqUnmask);
        return BoardLoader.parse(d.toString(), "test");
    }

    static RunReport deferred(Board b) {
        return CoalescingScenarioTest.udp(b, CoalescingScenarioTest.ON, DEFER, "70M");
    }

    @Test
    void aRenamedNicThatDeclaresTheBehaviourGetsIt() throws IOException {
        RunReport bcm = deferred(Boards.bcm6328()), vendor = deferred(renamed("vendor-enet", "always"));
        assertEquals(CoalescingScenarioTest.perPacket(bcm), CoalescingScenarioTest.perPacket(vendor));
        assertEquals(bcm.end.sumReceived.bitsPerSecond, vendor.end.sumReceived.bitsPerSecond);
        assertEquals(bcm.ringlab.cpuPercent().idle(), vendor.ringlab.cpuPercent().idle());
    }

    @Test
    void aBcm63xxNamedNicWithoutItHonoursNapiCompleteDone() throws IOException {
        RunReport bcm = deferred(Boards.bcm6328()), named = deferred(renamed("bcm63xx-foo", null));
        assertTrue(CoalescingScenarioTest.perPacket(named) < 0.5 * CoalescingScenarioTest.perPacket(bcm),
                "the IRQ stays masked while NAPI is deferred: " + CoalescingScenarioTest.perPacket(named) + " vs " + CoalescingScenarioTest.perPacket(bcm));
    }
}
