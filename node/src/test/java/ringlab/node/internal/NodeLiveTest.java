package ringlab.node.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import ringlab.node.NodeEvent;
import ringlab.node.Sample;
import ringlab.sim.report.Accounting;
import ringlab.sim.report.LiveCounters;
import ringlab.spi.board.Board;
import ringlab.spi.board.Nic;
import ringlab.spi.board.Soc;
import ringlab.spi.board.CostKey;
import ringlab.spi.feature.DriverFeature;
import ringlab.spi.feature.DriverHooks;

/** The node's live side without OSGi: samples from two readings, the event log, feature diffs, the effective set. */
class NodeLiveTest {

    static LiveCounters reading(long ns, long bytes, long[] cpu, long irqs, long polls, long packets, Map<String, Long> drops,
                                long gauges, long ring, long pings) {
        return new LiveCounters(ns, List.of(bytes, bytes / 2), cpu, 10 * ns / 1_000_000_000L, irqs, polls, packets, drops,
                new Accounting(100, 90, 5, 5), gauges, ring, 0, 3 * gauges, pings, keyCycles(ns));
    }

    /** Cycles by cost key growing with time: key i has charged (i + 1) cycles per virtual ns so far. */
    static double[] keyCycles(long ns) {
        double[] c = new double[CostKey.values().length];
        for (int i = 0; i < c.length; i++) c[i] = (i + 1) * (double) ns;
        return c;
    }

    @Test
    void aSampleIsTheDifferenceOfTwoReadingsPerVirtualSecond() {
        LiveCounters a = reading(1_000_000_000L, 1_000_000, new long[] {10, 20, 30, 0, 10, 30, 900}, 100, 50, 500,
                Map.of("rx_missed_errors", 4L), 1000, 5000, 3);
        // half a virtual second later: 1 MB more on stream 1, CPU now all softirq, 25 more polls of 10 packets
        LiveCounters b = reading(1_500_000_000L, 2_000_000, new long[] {10, 520, 30, 0, 10, 30, 900}, 150, 75, 750,
                Map.of("rx_missed_errors", 9L, "TcpExtTCPRcvQDrop", 1L), 1500, 8000, 5);
        Sample s = TelemetrySampler.sample(7, a, b, new long[] {3_000_000, 1_000_000}, 10_000_000_000L, 250_000_000L);
        assertEquals(7, s.seq());
        assertEquals(11.5, s.virtualSeconds(), 1e-9, "the node's timeline: offset + the simulation's time");
        assertEquals(0.5, s.intervalSeconds(), 1e-9);
        assertEquals(2.0, s.speed(), 1e-9, "half a virtual second in a quarter of a wall second");
        assertEquals(16e6, s.streamBitsPerSecond().get(0), 1e-3);
        assertEquals(8e6, s.streamBitsPerSecond().get(1), 1e-3);
        assertEquals(24e6, s.receiverBitsPerSecond(), 1e-3);
        assertEquals(100.0, s.cpuPercent().soft(), 1e-9, "only softirq ran in the interval");
        assertEquals(0.0, s.cpuPercent().idle(), 1e-9);
        assertEquals(100, s.interruptsPerSecond(), 1e-9);
        assertEquals(50, s.napiPollsPerSecond(), 1e-9);
        assertEquals(10, s.packetsPerPoll(), 1e-9);
        assertEquals(Map.of("rx_missed_errors", 10.0, "TcpExtTCPRcvQDrop", 2.0), s.dropsPerSecond());
        assertEquals(6.0, s.rxRingFrames(), 1e-9, "3000 frames over 500 gauge samples");
        assertEquals(3.0, s.socketQueuePackets(), 1e-9);
        assertEquals(new Sample.PingWindow(2, 1.0, 1.0, 3.0), s.ping());
        assertNull(TelemetrySampler.sample(8, a, b, new long[0], 0, 1).ping(), "no replies, no ping figures");
        // the interval's cycles by key: the TOP_KEYS largest (the last ordinals), largest first, then the rest
        CostKey[] keys = CostKey.values();
        int n = keys.length;
        double all = n * (n + 1) / 2.0;
        List<String> expected = new java.util.ArrayList<>();
        for (int i = 1; i <= Sample.TOP_KEYS; i++) expected.add(keys[n - i].key);
        expected.add("other");
        assertEquals(expected, new java.util.ArrayList<>(s.cyclesPercentByKey().keySet()));
        assertEquals(100.0 * n / all, s.cyclesPercentByKey().get(keys[n - 1].key), 1e-9);
        assertEquals(100.0, s.cyclesPercentByKey().values().stream().mapToDouble(Double::doubleValue).sum(), 1e-9);
    }

    @Test
    void theEventLogKeepsOrderAndTheNewestAndFeedsSubscribers() throws Exception {
        NodeEvents log = new NodeEvents();
        List<NodeEvent> seen = new java.util.ArrayList<>();
        AutoCloseable sub = log.subscribe(seen::add);
        log.clock(2_500_000_000L);
        for (int i = 0; i < NodeEvents.KEEP + 5; i++) log.record(NodeEvent.Kind.CHANGE_APPLIED, "driver", "change " + i);
        sub.close();
        log.record(NodeEvent.Kind.RESTART, "fault", "after the subscriber left");
        assertEquals(NodeEvents.KEEP + 5, seen.size());
        assertEquals(NodeEvents.KEEP + 6, log.lastSeq());
        List<NodeEvent> kept = log.since(0);
        assertEquals(NodeEvents.KEEP, kept.size(), "bounded");
        assertEquals(NodeEvents.KEEP + 6, kept.get(kept.size() - 1).seq());
        assertEquals(2.5, kept.get(0).virtualSeconds(), 1e-9);
        assertEquals(List.of(kept.get(kept.size() - 1)), log.since(NodeEvents.KEEP + 5));
        assertEquals("change_applied", NodeEvent.Kind.CHANGE_APPLIED.jsonName());
    }

    static DriverFeature feature(String id, List<String> requires) {
        return new DriverFeature() {
            @Override public String id() { return id; }
            @Override public String summary() { return id; }
            @Override public List<String> requires() { return requires; }
            @Override public void install(DriverHooks hooks) { }
        };
    }

    @Test
    void theEffectiveSetFollowsBundlesAndRequirementsAndDiffsReadShort() {
        Board board = new Board("b", "b", new Soc(1, 1_000_000_000L, "armv7", 32, 1, false, false, "6.1", 250),
                new Nic("n", 1_000_000_000L, 64, 64, 64, ringlab.spi.board.RxChecksum.NONE, true, true, false, 1, 1, false, 1536, 0, 1500,
                        ringlab.spi.board.IrqUnmask.NAPI_COMPLETE_DONE),
                List.of("pp-base"), Map.of(), "test", List.of());
        DriverFeature base = feature("pp-base", List.of()), user = feature("pp-user", List.of("pp-base")), other = feature("other", List.of());
        QuarantineBook q = new QuarantineBook(new NodeEvents());
        EffectiveFeatures.Result all = EffectiveFeatures.of("stock,pp-user,other", board, Map.of("pp-base", base, "pp-user", user, "other", other), q, 0);
        assertEquals(List.of(base, user, other), all.features());
        EffectiveFeatures.Result gone = EffectiveFeatures.of("stock,pp-user,other", board, Map.of("pp-user", user, "other", other), q, 0);
        assertEquals(List.of(other), gone.features(), "a missing requirement takes its dependants along");
        assertTrue(gone.unavailable().get("pp-base").contains("not installed"));
        assertTrue(gone.unavailable().get("pp-user").contains("requires 'pp-base'"));
        assertEquals("+pp-base +pp-user -x", FeatureDiff.of(List.of(other, feature("x", List.of())), List.of(base, user, other)));
        assertTrue(FeatureDiff.of(List.of(other), List.of(feature("other", List.of()))).startsWith("reinstalled"));
    }
}
