package ringlab.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import ringlab.sim.report.RunReport;
import ringlab.sim.workload.IperfArgs;

/**
 * net.ipv4.tcp_timestamps (--set tcp_timestamps, on by default as in Linux): the 12-byte option on every segment
 * leaves 1448 payload bytes in a 1500-byte packet, so a gigabit link's TCP goodput is 1448 / 1538 of the line
 * rate (941.5 Mbit/s, what iperf3 reports between two Linux hosts) instead of 1460 / 1538 (949.3).
 */
class TcpTimestampsTest {
    static RunReport run(String timestamps, String... iperf) {
        Scenario.Builder b = Scenario.builder(PeerStretchAckTest.fastBoard()).iperf(IperfArgs.parse(List.of(iperf))).seed(3);
        if (timestamps != null) b.set("tcp_timestamps", timestamps);
        return new Simulation(b.build()).run();
    }

    static double mbps(RunReport r) { return r.end.sumReceived.bitsPerSecond / 1e6; }

    @Test
    void theOptionTakesTwelveBytesOfEverySegmentsPayload() {
        RunReport on = run(null, "-R", "-t", "2"), off = run("0", "-R", "-t", "2");
        assertEquals(1448, on.socket.tcpMssDefault);
        assertEquals(1460, off.socket.tcpMssDefault);
        // both at the wire: the goodput is the payload's share of each frame's 1538 bytes on the wire
        assertEquals(1000.0 * 1448 / 1538, mbps(on), 3.0);
        assertEquals(1000.0 * 1460 / 1538, mbps(off), 3.0);
        assertTrue(mbps(off) > mbps(on), mbps(off) + " against " + mbps(on));
    }

    @Test
    void aSmallerMssLosesTheSameTwelveBytes() {
        assertEquals(500, run(null, "-M", "512", "-t", "1").socket.tcpMssDefault);
        assertEquals(512, run("0", "-M", "512", "-t", "1").socket.tcpMssDefault);
    }

    @Test
    void theSettingTakesTheSysctlsValues() {
        assertTrue(StackSettings.from(Map.of()).tcpTimestamps, "Linux's default");
        assertTrue(StackSettings.from(Map.of("tcp_timestamps", "2")).tcpTimestamps, "2: on, without random offsets");
        assertEquals(false, StackSettings.from(Map.of("tcp_timestamps", "0")).tcpTimestamps);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> StackSettings.from(Map.of("tcp_timestamps", "on")));
        assertEquals("--set tcp_timestamps: 'on' is not 0, 1 or 2", e.getMessage());
    }
}
