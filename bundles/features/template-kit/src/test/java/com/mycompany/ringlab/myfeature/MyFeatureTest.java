package com.mycompany.ringlab.myfeature;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;
import ringlab.spi.feature.DriverFeature;
import ringlab.testkit.TestResult;
import ringlab.testkit.TestRun;

/** TEMPLATE: test the feature's mechanism on a calibrated board with ringlab's test kit. */
class MyFeatureTest {
    static TestResult run(DriverFeature... features) {
        return TestRun.on("bcm6328").features(features).iperf("-u -b 20M -t 2").run().assertLedgerHolds();
    }

    @Test
    void countsEveryPacketTheDriverHandsUpAndChangesNothingElse() {
        TestResult bare = run(), mine = run(new MyFeature());
        assertEquals(bare.receiverBitsPerSecond(), mine.receiverBitsPerSecond(), "a counter costs nothing");
        // every packet NAPI polled went up the stack (give or take one still in the ring at the end)
        long polled = mine.report().ringlab.napi().packets(), counted = mine.counters(MyFeature.ID).get("my_feature_counted");
        assertEquals(polled, counted, 1, "polled " + polled + ", counted " + counted);
    }
}
