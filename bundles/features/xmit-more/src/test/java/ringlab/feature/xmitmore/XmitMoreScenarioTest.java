package ringlab.feature.xmitmore;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import ringlab.feature.bql.BqlFeature;
import ringlab.sim.Scenario;
import ringlab.sim.Simulation;
import ringlab.sim.board.ClasspathBoards;
import ringlab.sim.report.RunReport;
import ringlab.sim.workload.IperfArgs;
import ringlab.spi.feature.DriverFeature;

/**
 * Bulk transmit (the device sends four TCP streams of 1200-byte segments through fq_codel, -R -P 4 -M 1200):
 * doorbell writes per transmitted packet with and without BQL. A poll that reclaims several completions gives
 * DQL room for several frames, which the qdisc dequeues as one bulk. How often a poll finds several depends on
 * how busy the CPU is: with full-size segments bcm6328 has been about 70 % busy since its refit of the evening of
 * 2026-12-07 and xmit-more saves 0.1 % of the doorbells (1.2 % before, at 75 %; 6 % at 90 %, earlier still);
 * with 1200-byte segments it is about 82 % busy and saves about 19 % (1000 bytes: 95 % busy, 49 %; saturated at
 * 800 bytes it saves none, which has not been looked into).
 */
class XmitMoreScenarioTest {

    static RunReport run(boolean bql, boolean xmitMore) {
        List<DriverFeature> f = new ArrayList<>();
        if (bql) f.add(new BqlFeature());
        if (xmitMore) f.add(new XmitMoreFeature());
        var b = ClasspathBoards.load(XmitMoreScenarioTest.class.getClassLoader()).get("bcm6328");
        Scenario sc = Scenario.builder(b).features(f).set("qdisc", "fq_codel")
                .iperf(IperfArgs.parse(List.of("-R", "-P", "4", "-M", "1200", "-t", "10"))).build();
        return new Simulation(sc).run();
    }

    static double doorbellsPerPacket(RunReport r) {
        return r.ringlab.ports().get(0).txDoorbellsPerPacket();
    }

    @Test
    void withBqlDoorbellsPerPacketFall() {
        double plain = doorbellsPerPacket(run(true, false)), more = doorbellsPerPacket(run(true, true));
        assertTrue(plain >= 0.999, "without xmit-more every packet rings: " + plain);
        assertTrue(more < 0.95 * plain, "bql + xmit-more " + more + " vs bql " + plain);
    }

    @Test
    void withoutBqlThereIsNoBulkAndNothingIsDeferred() {
        RunReport r = run(false, true);
        assertTrue(doorbellsPerPacket(r) >= 0.999, "doorbells per packet " + doorbellsPerPacket(r));
        Map<String, Long> c = r.ringlab.features().get("eth0").counters().get("xmit-more");
        assertEquals(0L, c.get("xmit_more_deferred"), "no bulk dequeue without a byte limit");
    }
}
