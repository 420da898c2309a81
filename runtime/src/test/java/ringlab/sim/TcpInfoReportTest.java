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
import ringlab.sim.report.Totals;
import ringlab.sim.tcp.TcpConnection;
import ringlab.sim.workload.IperfArgs;

/**
 * The sender's tcp_info as iperf3 samples it per interval (cwnd, snd_wnd, rtt, rttvar, pmtu) and sums it up
 * at the end (max cwnd/wnd/rtt, min rtt, integer mean of the samples, -O's omitted ones included as in
 * iperf3); -C on both ends; the client socket's
 * buffers as Linux gives them.
 */
class TcpInfoReportTest {

    static Simulation sim(String iperf, String cc) {
        Scenario.Builder b = Scenario.builder(LivelockTest.board("5.15")).iperf(IperfArgs.parse(List.of(iperf.split(" ")))).seed(2);
        if (cc != null) b.set("tcp_congestion_control", cc);
        return new Simulation(b.build());
    }

    @ParameterizedTest
    @CsvSource({"-t 4 -M 512", "-t 3 -R", "-O 2 -t 2 -M 512"})
    void intervalSamplesAndTheirSummary(String iperf) {
        Simulation s = sim(iperf, null);
        RunReport r = s.run();
        long max = 0, maxWnd = 0, maxRtt = 0, min = Long.MAX_VALUE, sum = 0;
        boolean varies = false;
        for (Interval iv : r.intervals) {
            IntervalStream x = iv.streams.get(0);
            assertEquals(1500, x.pmtu, "the link MTU the connection uses");
            assertTrue(x.rttvarUs >= 0 && x.rttvarUs < x.rttUs, "rttvar from the RTO estimator: " + x.rttvarUs);
            varies |= x.rttvarUs > 0;
            assertTrue(x.sndWndBytes > 0 && x.sndWndBytes <= 6291456, "the receiver's advertised window: " + x.sndWndBytes);
            max = Math.max(max, x.sndCwndBytes);
            maxWnd = Math.max(maxWnd, x.sndWndBytes);
            maxRtt = Math.max(maxRtt, x.rttUs);
            min = Math.min(min, x.rttUs);
            sum += x.rttUs;
        }
        assertTrue(varies, "the RTT varies at least while the queue builds");
        Totals t = r.end.streams.get(0).sent;
        assertEquals(max, t.maxSndCwnd);
        assertEquals(maxWnd, t.maxSndWnd);
        assertEquals(maxRtt, t.maxRttUs);
        assertEquals(min, t.minRttUs);
        assertEquals(sum / r.intervals.size(), t.meanRttUs, "iperf3's integer mean of the samples");
        assertTrue(t.minRttUs < t.maxRttUs, "the RTT moves as the queue fills: " + t.minRttUs + ".." + t.maxRttUs);
        TcpConnection sender = s.senderConns.get(0);
        IntervalStream last = r.intervals.get(r.intervals.size() - 1).streams.get(0);
        assertEquals(sender.peerWindow(), last.sndWndBytes, "sampled at the end, as tcp_info then");
        assertEquals(sender.rttvarNs() / 1000, last.rttvarUs);
    }

    @ParameterizedTest
    @CsvSource({"-t 1,,cubic", "-t 1,reno,reno", "-t 1 -C reno,,reno", "-t 1 -C cubic,reno,cubic", "-t 1 -R -C reno,,reno"})
    void congestionControlOnBothEnds(String iperf, String sysctl, String expected) {
        Simulation s = sim(iperf, sysctl);
        RunReport r = s.run();
        assertEquals(expected, r.end.senderTcpCongestion);
        assertEquals(expected, r.end.receiverTcpCongestion);
        String internal = expected.equals("reno") ? "newreno" : "cubic";
        assertEquals(internal, s.senderConns.get(0).congestionControl());
        assertEquals(internal, s.receiverConns.get(0).congestionControl());
    }

    @Test
    void udpHasNoCongestionControl() {
        assertNull(sim("-u -t 1", null).run().end.senderTcpCongestion);
    }

    @ParameterizedTest
    // tcp_mss_default: TCP_MAXSEG of the connected socket, mss_cache, the MSS less the 12-byte timestamp option
    @CsvSource({"-t 1,0,16384,131072,1448", "-t 1 -w 64K -M 512,65536,131072,131072,500", "-t 1 -w 1M,1048576,425984,425984,1448",
            "-u -t 1,0,212992,212992,0", "-u -t 1 -w 32K,32768,65536,65536,0"})
    void theClientSocketAsLinuxGivesIt(String iperf, long asked, long snd, long rcv, int mss) {
        RunReport r = sim(iperf, null).run();
        assertEquals(asked, r.socket.sockBufsize);
        assertEquals(snd, r.socket.sndbufActual, "2 x min(-w, wmem_max), or the default");
        assertEquals(rcv, r.socket.rcvbufActual);
        assertEquals(mss, r.socket.tcpMssDefault);
    }
}
