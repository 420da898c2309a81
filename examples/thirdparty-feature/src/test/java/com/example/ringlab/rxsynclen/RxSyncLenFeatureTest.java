package com.example.ringlab.rxsynclen;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import ringlab.spi.board.Board;
import ringlab.spi.board.Soc;
import ringlab.spi.feature.DriverFeature;
import ringlab.testkit.TestResult;
import ringlab.testkit.TestRun;

/** The feature on i.MX6QuadPlus + LAN7430 (armv7: DMA not coherent, invalidation at unmap walks L1 and the PL310 L2), with ringlab's test kit. */
class RxSyncLenFeatureTest {
    /** The bare driver, or with the feature (the board's stock features are in-tree bundles this example does not depend on). */
    static TestResult run(boolean withFeature, String iperf) {
        DriverFeature[] f = withFeature ? new DriverFeature[] {new RxSyncLenFeature()} : new DriverFeature[0];
        return TestRun.on("imx6qp-lan7430").features(f).iperf(iperf).run().assertLedgerHolds();
    }

    /** Busy CPU share spent on DMA maintenance (percent of all cycles). */
    static double dmaPercent(TestResult r) { return r.report().ringlab.cyclesPercent().getOrDefault("dma", 0.0); }

    @Test
    void smallFramesCostLessCacheMaintenance() {
        // 64-byte UDP payloads at a rate the board sustains: each frame lands in a full-size buffer
        String light = "-u -b 5M -l 64 -t 2";
        TestResult stock = run(false, light), synced = run(true, light);
        assertTrue(dmaPercent(synced) < dmaPercent(stock), "dma share " + dmaPercent(synced) + " % vs " + dmaPercent(stock) + " %");
        assertEquals(stock.receiverBitsPerSecond(), synced.receiverBitsPerSecond(), 0.01 * stock.receiverBitsPerSecond(),
                "the same traffic gets through");
        assertTrue(synced.counters(RxSyncLenFeature.ID).get("rx_sync_len_buffer_lines") > 1);
    }

    @Test
    void refusedWhereDmaIsCoherent() {
        Board b = TestRun.on("imx6qp-lan7430").board();
        Soc s = b.soc();
        Soc coherent = new Soc(s.cores(), s.clockHz(), s.isa(), s.cacheLineBytes(), s.cacheLevels(), true, s.unalignedTraps(), s.kernelVersion(), s.hz());
        Board x86Like = new Board(b.id() + "-coherent", b.name() + " with coherent DMA (test)", coherent, b.nic(), b.stockFeatures(),
                b.costs(), "test", List.of());
        String why = assertThrows(IllegalArgumentException.class,
                () -> TestRun.on(x86Like).with(new RxSyncLenFeature()).features("rx-sync-len").iperf("-t 1").run()).getMessage();
        assertTrue(why.contains("coherent"), why);
    }
}
