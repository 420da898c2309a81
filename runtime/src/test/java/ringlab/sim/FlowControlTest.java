package ringlab.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import ringlab.sim.report.RunReport;
import ringlab.sim.workload.IperfArgs;
import ringlab.spi.board.Board;
import ringlab.spi.board.IrqUnmask;
import ringlab.spi.board.Nic;
import ringlab.spi.board.RxChecksum;
import ringlab.spi.board.Soc;

/**
 * nic.flowControl on a CPU-bound receiver: TCP is slowed by PAUSE frames instead of losses at the ring,
 * a UDP flood is dropped in the sender's txqueue instead, and the accounting holds either way.
 */
class FlowControlTest {
    static Board board(boolean flowControl, int rxRing) {
        Soc soc = new Soc(1, 200_000_000L, "test", 16, 1, false, false, "5.15", 250);
        Nic nic = new Nic("bcm63xx-enetsw", 100_000_000L, rxRing, 32, 16, RxChecksum.NONE, false, true, false, 1, 1, false,
                1536, 128, 1500, IrqUnmask.ALWAYS, false, flowControl);
        return TestBoards.board(soc, nic, LivelockTest.costs());
    }

    static Simulation sim(boolean flowControl, String iperf) { return sim(flowControl, 64, iperf); }

    static Simulation sim(boolean flowControl, int rxRing, String iperf) {
        return new Simulation(Scenario.builder(board(flowControl, rxRing)).iperf(IperfArgs.parse(List.of(iperf.split(" ")))).seed(3).build());
    }

    @Test
    void tcpIsPausedInsteadOfLosingFramesAtTheRing() {
        // a ring shorter than the window TCP opens overflows on a CPU-bound board
        RunReport without = sim(false, 8, "-t 3").run(), with = sim(true, 8, "-t 3").run();
        assertTrue(without.ringlab.drops().getOrDefault("rx_missed_errors", 0L) > 0, "the board is CPU-bound: " + without.ringlab.drops());
        assertTrue(without.end.sumSent.retransmits > 0);
        assertEquals(0L, with.ringlab.drops().getOrDefault("rx_missed_errors", 0L), "with.drops " + with.ringlab.drops());
        assertEquals(0L, with.end.sumSent.retransmits);
        assertTrue(with.ringlab.ports().get(0).txPauseFrames() > 0);
        assertEquals(0L, without.ringlab.ports().get(0).txPauseFrames());
        assertTrue(with.end.sumReceived.bitsPerSecond > 0.9 * without.end.sumReceived.bitsPerSecond,
                "pausing costs the receiver nothing: " + with.end.sumReceived.bitsPerSecond);
    }

    @Test
    void aUdpFloodOverflowsTheSendersQueueAndEveryPacketIsAccounted() {
        Simulation s = sim(true, "-u -b 100M -l 1470 -t 3");
        RunReport r = s.run();
        var drops = r.ringlab.drops();
        assertTrue(drops.getOrDefault("peer_txqueue_drop", 0L) > 1000, "the flood waits at the paused sender: " + drops);
        assertTrue(drops.getOrDefault("rx_missed_errors", 0L) < drops.get("peer_txqueue_drop") / 100, "few if any overflow the FIFO: " + drops);
        var l = s.ledger();
        assertEquals(l.sentCount(), l.deliveredCount() + l.droppedCount() + l.inFlight());
        assertEquals(l.inFlight(), s.queuedPackets(), "what is neither delivered nor dropped is in a queue (the FIFO included)");
    }

    @Test
    void txPauseOffTurnsTheBoardsFlowControlOffAndOnIsRefusedWhereTheMacHasNone() {
        Scenario off = Scenario.builder(board(true, 8)).iperf(IperfArgs.parse(List.of("-t", "3"))).seed(3).set("tx_pause", "off").build();
        RunReport r = new Simulation(off).run(), stock = sim(true, 8, "-t 3").run();
        assertEquals(0L, r.ringlab.ports().get(0).txPauseFrames());
        assertTrue(r.ringlab.drops().getOrDefault("rx_missed_errors", 0L) > 0, "the ring overflows again: " + r.ringlab.drops());
        assertTrue(stock.ringlab.ports().get(0).txPauseFrames() > 0, "the board's own setting pauses");
        Scenario on = Scenario.builder(board(false, 8)).iperf(IperfArgs.parse(List.of("-t", "1"))).set("tx_pause", "on").build();
        IllegalArgumentException e = org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class, () -> new Simulation(on));
        assertTrue(e.getMessage().startsWith("--set tx_pause=on: board "), e.getMessage());
    }

    @Test
    void sameSeedSameResult() {
        String a = ringlab.sim.report.format.IperfJsonFormatter.format(sim(true, "-t 2").run(), java.time.Instant.EPOCH);
        String b = ringlab.sim.report.format.IperfJsonFormatter.format(sim(true, "-t 2").run(), java.time.Instant.EPOCH);
        assertEquals(a, b);
    }
}
