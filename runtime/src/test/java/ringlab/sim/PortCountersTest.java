package ringlab.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import ringlab.sim.report.PortCounters;
import ringlab.sim.report.RunReport;
import ringlab.sim.workload.IperfArgs;
import ringlab.spi.net.Packet;

/** The ip -s link figures of a port are earned by the NIC and the driver and agree with the ledger. */
class PortCountersTest {
    static final int UDP_FRAME = Packet.ETH_HEADER + Packet.IP_HEADER + Packet.UDP_HEADER + 1470;

    static Simulation sim(String iperf) {
        return new Simulation(Scenario.builder(LivelockTest.board("5.15"))
                .iperf(IperfArgs.parse(List.of(iperf.split(" ")))).seed(7).build());
    }

    @Test
    void bytesAreTheFramesWithoutFcs() {
        // 1470-byte datagrams both ways: every frame on the port is the same size, so bytes = packets x frame
        PortCounters in = sim("-u -b 100M -l 1470 -t 1").run().ringlab.ports().get(0);
        assertTrue(in.rxPackets() > 1000, "traffic flowed: " + in.rxPackets());
        assertEquals(in.rxPackets() * UDP_FRAME, in.rxBytes());
        PortCounters out = sim("-u -b 20M -l 1470 -t 1 -R").run().ringlab.ports().get(0);
        assertTrue(out.txPackets() > 1000, "traffic flowed: " + out.txPackets());
        assertEquals(out.txPackets() * UDP_FRAME, out.txBytes());
    }

    @ParameterizedTest
    @ValueSource(strings = {"-u -b 100M -l 1470 -t 2", "-t 2 -M 512 -P 2"})
    void portDropsAreTheLedgersDropsOfTheirReason(String iperf) {
        RunReport r = sim(iperf).run();
        Map<String, Long> drops = r.ringlab.drops();
        long missed = 0, length = 0, dropped = 0, errors = 0;
        for (PortCounters p : r.ringlab.ports()) {
            missed += p.rxMissedErrors();
            length += p.rxLengthErrors();
            dropped += p.rxDropped();
            errors += p.rxErrors();
        }
        assertTrue(missed > 0, "the CPU-bound board overflows its ring: " + drops);
        assertEquals(drops.getOrDefault("rx_missed_errors", 0L), missed);
        assertEquals(drops.getOrDefault("rx_length_errors", 0L), length);
        assertEquals(drops.getOrDefault("rx_reinit_drops", 0L), dropped);
        assertEquals(length, errors, "rx_errors includes the length errors, the only receive error modelled");
    }

    @Test
    void softnetProcessedIsOnePerFrameWithoutGro() {
        RunReport r = sim("-u -b 50M -l 1470 -t 1").run();
        assertTrue(r.ringlab.napi().processed() > 1000, r.ringlab.napi().toString());
        // napi packets counts a poll when it returns: the one running at the end may have delivered a budget more
        long extra = r.ringlab.napi().processed() - r.ringlab.napi().packets();
        assertTrue(extra >= 0 && extra <= 16, "every polled frame went up as one skb: " + r.ringlab.napi());
    }

    @Test
    void copybreakCountsCopiedFramesAndTheSizeIsTheTunable() {
        // -R: the device receives the peer's pure ACKs, 58 bytes with FCS, below the test NIC's 128
        PortCounters acks = sim("-t 1 -R").run().ringlab.ports().get(0);
        assertTrue(acks.rxCopybreakPkt() > 100 && acks.rxCopybreakPkt() <= acks.rxPackets(), acks.toString());
        assertEquals(Map.of("rx-copybreak", 128L), acks.tunables());
        PortCounters data = sim("-u -b 50M -l 1470 -t 1").run().ringlab.ports().get(0);
        assertEquals(0, data.rxCopybreakPkt(), "full-size frames are not copied");
    }

    @Test
    void aDriverWithoutCopybreakHasNoTunable() {
        var b = LivelockTest.board("5.15");
        var n = b.nic();
        var none = new ringlab.spi.board.Nic(n.model(), n.linkBitsPerSecond(), n.rxRing(), n.txRing(), n.napiWeight(),
                n.rxChecksum(), n.txChecksum(), n.unalignedRxDma(), n.irqModeration(), n.refillDoorbellEvery(),
                n.txDescPerPacket(), n.txDoorbellRmw(), n.rxBufferBytes(), 0, n.mtu(), n.irqUnmask());
        var board = TestBoards.board(b.soc(), none, b.costs());
        Simulation s = new Simulation(Scenario.builder(board).iperf(IperfArgs.parse(List.of("-t", "1", "-R"))).seed(7).build());
        PortCounters p = s.run().ringlab.ports().get(0);
        assertNull(p.tunables());
        assertEquals(0, p.rxCopybreakPkt());
    }
}
