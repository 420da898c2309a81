package ringlab.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import ringlab.sim.report.Interval;
import ringlab.sim.report.IntervalStream;
import ringlab.sim.report.RunReport;
import ringlab.sim.workload.IperfArgs;

/**
 * --bidir: P client-sending and P device-sending streams at once, numbered forward first; the interval and
 * end sums split by direction; packets accounted for; same seed, same report.
 */
class BidirTest {

    static Simulation sim(String iperf, Scenario.Topology topo, long seed) {
        Scenario sc = Scenario.builder(LivelockTest.board("5.15")).topology(topo)
                .iperf(IperfArgs.parse(List.of(iperf.split(" ")))).seed(seed).build();
        return new Simulation(sc);
    }

    @ParameterizedTest
    @CsvSource({"--bidir -t 2 -P 2,DIRECT", "--bidir -t 2 -P 2,FORWARD", "--bidir -t 2 -u -b 10M,DIRECT",
            "--bidir -t 2 -u -b 10M -P 2,FORWARD"})
    void bothDirectionsFlowAtOnceAndAreSummedApart(String iperf, Scenario.Topology topo) {
        Simulation s = sim(iperf, topo, 3);
        RunReport r = s.run();
        int p = iperf.contains("-P 2") ? 2 : 1;
        assertEquals(2 * p, r.streams.size());
        for (int i = 0; i < 2 * p; i++) {
            assertEquals(5 + 2 * i, r.streams.get(i).id, "iperf3's socket numbers: 5, 7, 9, 11");
            assertEquals(5 + 2 * i, r.end.streams.get(i).id);
            assertEquals(5 + 2 * i, r.intervals.get(0).streams.get(i).id);
            assertEquals(i < p, r.end.streams.get(i).sender, "forward streams first, then the reverse ones");
        }
        for (Interval iv : r.intervals) {
            long fwd = 0, rev = 0;
            for (IntervalStream x : iv.streams) if (x.sender) fwd += x.bytes; else rev += x.bytes;
            assertEquals(fwd, iv.sum.bytes);
            assertEquals(rev, iv.sumBidirReverse.bytes);
            assertTrue(iv.sum.sender);
            assertTrue(!iv.sumBidirReverse.sender);
        }
        assertTrue(r.end.sumReceived.bytes > 100_000, "forward data arrived: " + r.end.sumReceived.bytes);
        assertTrue(r.end.sumReceivedBidirReverse.bytes > 100_000, "reverse data arrived: " + r.end.sumReceivedBidirReverse.bytes);
        long fwdSent = 0, revSent = 0;
        for (int i = 0; i < 2 * p; i++) {
            if (i < p) fwdSent += r.end.streams.get(i).sent.bytes; else revSent += r.end.streams.get(i).sent.bytes;
        }
        assertEquals(fwdSent, r.end.sumSent.bytes);
        assertEquals(revSent, r.end.sumSentBidirReverse.bytes);
        var l = s.ledger();
        assertEquals(l.sentCount(), l.deliveredCount() + l.droppedCount() + l.inFlight());
        assertEquals(l.inFlight(), s.queuedPackets());
        assertEquals(0L, r.ringlab.streamIntegrityErrors());
        if (topo == Scenario.Topology.DIRECT) assertEquals(2 * p, s.tasks.size(), "one iperf3 thread per stream");
    }

    @Test
    void sameSeedSameReport() {
        String a = RunInvariantsTest.describe(sim("--bidir -t 2 -P 2", Scenario.Topology.DIRECT, 9).run());
        String b = RunInvariantsTest.describe(sim("--bidir -t 2 -P 2", Scenario.Topology.DIRECT, 9).run());
        assertEquals(a, b);
    }

    @Test
    void withoutBidirThereIsNoReverseSum() {
        RunReport r = sim("-t 1 -R", Scenario.Topology.DIRECT, 3).run();
        assertNull(r.intervals.get(0).sumBidirReverse);
        assertNull(r.end.sumSentBidirReverse);
        assertTrue(!r.end.streams.get(0).sender && !r.intervals.get(0).sum.sender, "-R: the client receives");
    }
}
