package ringlab.sim;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import ringlab.sim.qdisc.PfifoFast;
import ringlab.sim.workload.IperfArgs;
import ringlab.spi.board.Board;

/**
 * -S/--dscp sets IP_TOS on the iperf3 sockets: with pfifo_fast the TOS picks the band (a bulk flow marked
 * IPTOS_THROUGHPUT goes to band 2 and the ping's replies, TOS 0 in band 1, overtake it); fq_codel ignores it.
 */
class TosTest {

    static Simulation sim(String iperf, String qdisc) {
        // two 400 MHz cores: the sender (select, sendto, the stack) must outrun the 100 Mbit/s link for a queue to build
        Board fast = TestBoards.board(TestBoards.soc(2, 400_000_000L, "5.15"), TestBoards.nic(100_000_000L, 64), LivelockTest.costs());
        Scenario sc = Scenario.builder(fast).iperf(IperfArgs.parse(List.of(iperf.split(" "))))
                .pingIntervalNs(10_000_000L).set("qdisc", qdisc).seed(5).build();
        return new Simulation(sc);
    }

    @Test
    void aBulkFlowMarkedForThroughputLetsThePingOvertakeItInPfifoFast() {
        Simulation plain = sim("-t 2 -R -u -b 200M", "pfifo_fast"), marked = sim("-t 2 -R -u -b 200M -S 0x08", "pfifo_fast");
        plain.run();
        marked.run();
        PfifoFast q0 = (PfifoFast) plain.ports.get(0).netdev.qdisc(), q1 = (PfifoFast) marked.ports.get(0).netdev.qdisc();
        assertEquals(0, q0.enqueued(2));
        assertTrue(q0.enqueued(1) > 10_000, "everything in band 1 without -S");
        assertTrue(q1.enqueued(2) > 10_000, "-S 0x08: the data in band 2");
        assertEquals(q1.enqueued(1), marked.ping.received(), "only the ping's replies in band 1");
        long slow = plain.ping.percentile(50), fast = marked.ping.percentile(50);
        // what is left is the NIC's tx ring (32 frames, no BQL here), which no qdisc can overtake
        assertTrue(fast * 3 < slow, "the replies no longer wait behind the queued data: " + fast + " vs " + slow + " ns");
    }

    @Test
    void fqCodelIgnoresTheTos() {
        Simulation plain = sim("-t 2 -R -u -b 200M", "fq_codel"), marked = sim("-t 2 -R -u -b 200M -S 0x08", "fq_codel");
        plain.run();
        marked.run();
        assertArrayEquals(plain.pingRttsSince(0), marked.pingRttsSince(0));
        assertEquals(plain.ledger().sentCount(), marked.ledger().sentCount());
    }

    @Test
    void tcpSegmentsAndForwardedPacketsCarryTheTos() {
        Simulation s = new Simulation(Scenario.builder(ServerThreadsTest.twoCores()).topology(Scenario.Topology.FORWARD)
                .iperf(IperfArgs.parse(List.of("-t", "1", "--dscp", "af11", "--bidir"))).seed(5).build());
        s.run();
        for (DevicePort p : s.ports) {
            PfifoFast q = (PfifoFast) p.netdev.qdisc();
            assertEquals(0, q.enqueued(1), p.nic.name + ": AF11 (TOS 0x28 -> bulk) data and ACKs both ways in band 2");
            assertTrue(q.enqueued(2) > 200, p.nic.name + ": " + q.enqueued(2));
        }
    }
}
