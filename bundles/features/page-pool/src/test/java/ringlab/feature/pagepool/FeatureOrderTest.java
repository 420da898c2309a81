package ringlab.feature.pagepool;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import ringlab.feature.buildskb.BuildSkbFeature;
import ringlab.sim.Scenario;
import ringlab.sim.report.RunReport;
import ringlab.sim.report.format.IperfJsonFormatter;
import ringlab.sim.report.format.IperfTextFormatter;
import ringlab.spi.board.Board;
import ringlab.spi.feature.DriverFeature;

/**
 * page-pool requires build-skb and both hand the driver its rx buffers: whichever order the user lists them
 * in, build-skb is installed first and the pool serves the ring. Listed page-pool first, the pool used to be
 * replaced by build-skb's fragments and sat idle.
 */
class FeatureOrderTest {
    static RunReport run(Board b, DriverFeature... features) {
        return PagePoolScenarioTest.run(Scenario.builder(b).features(List.of(features)), "-M", "512", "-t", "2");
    }

    static String output(RunReport r) {
        return IperfJsonFormatter.format(r, Instant.EPOCH) + IperfTextFormatter.formatRinglab(r);
    }

    @Test
    void bothOrdersGiveByteIdenticalResultsWithThePoolInUse() {
        Board b = PagePoolScenarioTest.bcm6328();
        RunReport poolFirst = run(b, new PagePoolFeature(), new BuildSkbFeature());
        RunReport fragFirst = run(b, new BuildSkbFeature(), new PagePoolFeature());
        java.util.Map<String, Long> pool = PagePoolScenarioTest.feature(poolFirst, "page-pool");
        // an idle pool counts nothing; one serving the ring takes most pages from its cache (in these 2 s the receive
        // queue also grows to thousands of skbs, whose pages the allocator supplies once: PagePoolScenarioTest)
        assertTrue(PagePoolScenarioTest.n(pool, "rx_pp_alloc_fast") > 1000, "the pool serves the ring: " + pool);
        assertTrue(PagePoolScenarioTest.n(pool, "pages_state_hold_cnt") < 0.25 * PagePoolScenarioTest.n(pool, "rx_pp_alloc_fast"), pool.toString());
        assertEquals(output(fragFirst), output(poolFirst));
    }
}
