package ringlab.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import ringlab.sim.cpu.Task;
import ringlab.sim.engine.Sim;
import ringlab.sim.report.RunReport;
import ringlab.sim.workload.IperfArgs;
import ringlab.spi.board.Board;

/**
 * The device's iperf3 server process: its CPU figure (remote_*) is its threads' time, -A n,m pins them to
 * core m, and --cport sets the client's ports.
 */
class ServerThreadsTest {

    static Board twoCores() {
        return TestBoards.board(TestBoards.soc(2, 200_000_000L, "5.15"), TestBoards.nic(100_000_000L, 64), LivelockTest.costs());
    }

    static Simulation sim(Board b, String iperf, Scenario.Topology topo) {
        return new Simulation(Scenario.builder(b).topology(topo).iperf(IperfArgs.parse(List.of(iperf.split(" ")))).seed(6).build());
    }

    @Test
    void remoteCpuIsTheServerThreadsTimeOverTheTest() {
        Simulation s = sim(LivelockTest.board("5.15"), "-t 2 -u -b 30M", Scenario.Topology.DIRECT);
        RunReport r = s.run();
        long user = 0, sys = 0;
        for (Task t : s.tasks) {
            user += t.userNs();
            sys += t.runNs() - t.userNs() + t.interruptedNs();
        }
        double secs = 2.0 * Sim.SEC;
        assertEquals(100.0 * user / secs, r.end.cpu.remoteUser, 1e-9);
        assertEquals(100.0 * sys / secs, r.end.cpu.remoteSystem, 1e-9);
        assertEquals(r.end.cpu.remoteUser + r.end.cpu.remoteSystem, r.end.cpu.remoteTotal, 1e-9);
        double device = 100 - r.ringlab.cpuPercent().idle();
        assertTrue(r.end.cpu.remoteTotal > 1 && r.end.cpu.remoteTotal < device,
                "a part of the device's busy time: " + r.end.cpu.remoteTotal + " of " + device);
        assertTrue(r.end.cpu.remoteSystem > r.end.cpu.remoteUser, "recvfrom and the softirqs billed to it");
        assertEquals(0.0, r.end.cpu.hostTotal);
    }

    @Test
    void forwardingHasNoServerOnTheDevice() {
        RunReport r = sim(LivelockTest.board("5.15"), "-t 1", Scenario.Topology.FORWARD).run();
        assertEquals(0.0, r.end.cpu.remoteTotal);
    }

    @Test
    void affinityPinsEveryServerThreadToOneCore() {
        Simulation spread = sim(twoCores(), "-t 1 -P 2", Scenario.Topology.DIRECT);
        assertEquals(List.of(1, 1), spread.tasks.stream().map(t -> t.core.id).toList(), "default: off the IRQ core");
        Simulation pinned = sim(twoCores(), "-t 1 -P 2 -A 1,0", Scenario.Topology.DIRECT);
        assertEquals(List.of(0, 0), pinned.tasks.stream().map(t -> t.core.id).toList());
        RunReport a = spread.run(), b = pinned.run();
        assertTrue(b.ringlab.cpuPercent().idle() != a.ringlab.cpuPercent().idle(), "sharing the IRQ core changes the run");
        assertEquals(List.of(1, 1), sim(twoCores(), "-t 1 -P 2 -A 3", Scenario.Topology.DIRECT).tasks.stream()
                .map(t -> t.core.id).toList(), "-A n alone pins only the ideal peer");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> sim(twoCores(), "-t 1 -A 0,2", Scenario.Topology.DIRECT));
        assertEquals("-A n,2: the board test has 2 cores (0-1)", e.getMessage());
    }

    @Test
    void cportGivesTheClientsPortsInOrder() {
        RunReport r = sim(twoCores(), "-t 1 -P 2 --bidir --cport 6100", Scenario.Topology.DIRECT).run();
        assertEquals(List.of(6100, 6101, 6102, 6103), r.streams.stream().map(st -> st.localPort).toList());
        assertTrue(r.end.sumReceived.bytes > 0 && r.end.sumReceivedBidirReverse.bytes > 0);
        RunReport u = sim(twoCores(), "-t 1 -u -b 5M -P 2 -R --cport 6100", Scenario.Topology.FORWARD).run();
        assertEquals(List.of(6100, 6101), u.streams.stream().map(st -> st.localPort).toList());
        assertTrue(u.end.streams.get(1).received.bytes > 0, "each stream's datagrams reach that stream");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> sim(twoCores(), "-t 1 -P 2 --cport 65535", Scenario.Topology.DIRECT));
        assertEquals("--cport 65535: 2 streams need ports up to 65536, past 65535", e.getMessage());
    }

    /**
     * A UDP test without -l sends datagrams of the control connection's MSS, as iperf3 does (1448 on a 1500-byte
     * MTU with TCP timestamps, 1460 without them); -l still wins. ringlab sent 1460 whatever the path.
     */
    @Test
    void aUdpTestWithoutALengthSendsTheControlConnectionsMss() {
        Board b = LivelockTest.board("5.15");
        int mtu = b.nic().mtu();
        assertEquals(mtu - 52, Scenario.builder(b).iperf(IperfArgs.parse(List.of("-u"))).build().iperf.length());
        assertEquals(mtu - 40, Scenario.builder(b).iperf(IperfArgs.parse(List.of("-u"))).set("tcp_timestamps", "0").build().iperf.length());
        assertEquals(1000, Scenario.builder(b).iperf(IperfArgs.parse(List.of("-u", "-l", "1000"))).build().iperf.length());
        RunReport r = sim(b, "-t 1 -u -b 10M", Scenario.Topology.DIRECT).run();
        assertEquals(mtu - 52, r.options.length());
        assertEquals(0, r.end.sumReceived.bytes % (mtu - 52), "whole datagrams of that length");
    }
}
