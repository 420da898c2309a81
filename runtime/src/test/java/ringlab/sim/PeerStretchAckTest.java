package ringlab.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import ringlab.sim.report.PortCounters;
import ringlab.sim.report.RunReport;
import ringlab.sim.workload.IperfArgs;
import ringlab.spi.board.Board;

/**
 * A device sending TCP at 1 Gbit/s receives the peer's ACKs: one per two segments from a peer that takes an
 * interrupt per frame (peer_rx_usecs=0), one per merged skb from a peer whose NIC throttles its interrupts and
 * whose GRO merges what one poll finds (the default 50 us), which needs the device to set PSH only at the end
 * of a write call, not on every segment.
 */
class PeerStretchAckTest {
    static Board fastBoard() {
        return TestBoards.board(TestBoards.soc(1, 1_000_000_000L, "6.1"), TestBoards.nic(1_000_000_000L, 256),
                TestBoards.costs(2, Map.of()));
    }

    static Simulation sim(String peerRxUsecs) {
        Scenario.Builder b = Scenario.builder(fastBoard()).iperf(IperfArgs.parse(List.of("-R", "-t", "2"))).seed(5);
        if (peerRxUsecs != null) b.set("peer_rx_usecs", peerRxUsecs);
        return new Simulation(b.build());
    }

    static double acksPerSegment(RunReport r) {
        PortCounters p = r.ringlab.ports().get(0);
        return (double) p.rxPackets() / p.txPackets();
    }

    @Test
    void aThrottlingPeerAcknowledgesMergedSkbs() {
        RunReport perFrame = sim("0").run();
        Simulation s = sim(null);
        RunReport throttled = s.run();
        double a0 = acksPerSegment(perFrame), a50 = acksPerSegment(throttled);
        assertTrue(a0 > 0.45 && a0 < 0.55, "an ACK per two segments without merging: " + a0);
        assertTrue(a50 < 0.3, "stretch ACKs at 50 us: " + a50);
        assertTrue(throttled.end.sumReceived.bitsPerSecond > 0.9e9, "the wire is full either way: " + throttled.end.sumReceived.bitsPerSecond);
        var l = s.ledger();
        assertEquals(l.sentCount(), l.deliveredCount() + l.droppedCount() + l.inFlight());
        assertEquals(l.inFlight(), s.queuedPackets(), "frames waiting for the peer's poll are in flight, and counted there");
    }

    @Test
    void peerRxUsecsRefusesWhatIsNotAWholeNumberOfMicroseconds() {
        for (String bad : List.of("-1", "x", "2000000")) {
            IllegalArgumentException e = org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
                    () -> StackSettings.from(Map.of("peer_rx_usecs", bad)));
            assertEquals("--set peer_rx_usecs: " + (bad.equals("x") ? "'x' is not a whole number" : bad + " is out of range [0, 1000000] us"),
                    e.getMessage());
        }
        assertEquals(0, StackSettings.from(Map.of("peer_rx_usecs", "0")).peerRxUsecs);
        assertEquals(50, StackSettings.from(Map.of()).peerRxUsecs);
    }
}
