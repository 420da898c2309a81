// How the receiver sizes its buffer and window by kernel release: the RTT estimate from TSecr, and the window rule before and after 6.6.
package ringlab.sim.tcp;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

import ringlab.sim.Scenario;
import ringlab.sim.Simulation;
import ringlab.sim.TestBoards;
import ringlab.sim.engine.Sim;
import ringlab.sim.report.TcpCounters;
import ringlab.sim.workload.IperfArgs;

class TcpReceiveTuningTest {
    static final long MBIT = 1_000_000L;

    private static TcpConfig timestamps(boolean zeroIsOneMs) {
        TcpConfig c = new TcpConfig();
        c.timestamps = true;
        c.mss = 1448;
        c.tsZeroDeltaIsOneMs = zeroIsOneMs;
        return c;
    }

    /** A gigabit path with a 40 us round trip and a short queue (at most 0.4 ms); returns the receiver after 40 MB. */
    private static TcpConnection transfer(TcpConfig c) {
        TestNet n = new TestNet(3, 1000 * MBIT, 20 * Sim.US, 30, c, c.copy());
        long bytes = 40_000_000L;
        n.start(bytes);
        long done = n.runToCompletion(10 * Sim.SEC);
        TcpTransferTest.assertComplete(n, bytes, done);
        TcpConnection b = n.b.conn;
        System.out.printf("tsZeroDeltaIsOneMs %s: rcv rtt %.3f ms, rcvbuf %d, srtt %.3f ms%n", c.tsZeroDeltaIsOneMs,
                b.rcvRttNs() / 1e6, b.rcvbuf(), n.a.conn.srttNs() / 1e6);
        return b;
    }

    @Test void echoedTimestampsOfUnderAMillisecondCountAsOneBefore616() {
        TcpConnection old = transfer(timestamps(true)), now = transfer(timestamps(false));
        // every TSecr is 0 or 1 ms old on the ms clock; before 6.16 a 0 is a 1 ms sample, and samples above the
        // estimate move it an eighth of the way: it settles near a millisecond
        assertTrue(old.rcvRttNs() > 900 * Sim.US, "estimate " + old.rcvRttNs());
        // 6.16 takes no sample from a 0 ms delta: only the deltas that straddle a tick (1 ms) pull the window-based
        // minimum up, so it stays well below
        assertTrue(now.rcvRttNs() < old.rcvRttNs() * 3 / 4, "estimate " + now.rcvRttNs() + " vs " + old.rcvRttNs());
    }

    /**
     * 500-byte segments in 2 KB skbs to a receiver that reads only every 200 ms, everything queued then (a reader
     * far slower than the link); returns its connection after two seconds.
     */
    private static TcpConnection slowReader(boolean scalingRatio) {
        TcpConfig c = new TcpConfig();
        c.mss = 500;
        c.scalingRatio = scalingRatio;
        TestNet n = new TestNet(2, 20 * MBIT, 10 * Sim.MS, 100, c, c.copy());
        n.b.truesize = 2048;
        n.b.readEnabled = false;
        n.start(50_000_000L);
        for (int i = 0; i < 10; i++) {
            n.sim.runUntil(n.sim.now() + 200 * Sim.MS);
            n.b.drain();
        }
        TcpConnection b = n.b.conn;
        System.out.printf("scalingRatio %s: rcvbuf %d, window %d, read %d, PruneCalled %d%n", scalingRatio, b.rcvbuf(),
                b.advertisedWindow(), n.b.readBytes, b.stats().PruneCalled);
        return b;
    }

    @Test void beforeSixSixTheWindowPromisesHalfTheBufferWhateverTheSkbsCost() {
        // 6.6+: the window is the free space times payload/truesize (about a quarter here), so what a window admits
        // fits the buffer, apart from the SYN's window at the default half and rcvbuf's autotuning steps
        TcpConnection now = slowReader(true);
        // before, half of the free space: a reopened window admits twice the buffer in skbs, and tcp_prune_queue
        // runs again and again (its tcp_clamp_window raising rcvbuf to what is allocated)
        TcpConnection old = slowReader(false);
        assertTrue(old.stats().PruneCalled > 2 * now.stats().PruneCalled, old.stats() + " vs " + now.stats());
    }

    /** The device's socket as ss -ti would show it after 2 s of TCP receive on a fast two-core gigabit board. */
    static TcpCounters deviceSocket(String timestamps) {
        var board = TestBoards.board(TestBoards.soc(2, 1_000_000_000L, "5.15"), TestBoards.nic(1_000_000_000L, 1024),
                TestBoards.costs(20, java.util.Map.of()));
        var sc = Scenario.builder(board).set("tcp_timestamps", timestamps).iperf(IperfArgs.parse(List.of("-t", "2"))).build();
        return new Simulation(sc).run().ringlab.tcp().get(0);
    }

    @Test void theReportShowsTheReceiversRttEstimateAndWhatAutotuningMeasured() {
        TcpCounters ts = deviceSocket("1"), none = deviceSocket("0");
        // the peer's queue fills behind a 6 MB window, so the RTT is tens of ms with timestamps (each TSecr sample
        // counts it whole); without them the window-based minimum, the time to receive one window, is far shorter
        assertTrue(ts.rcvRttMs() > 5 * none.rcvRttMs() && none.rcvRttMs() > 0, ts + " / " + none);
        assertTrue(ts.rcvSpace() > 0 && ts.rcvSsthresh() > 0 && ts.rcvSsthresh() <= ts.rcvbuf(), ts.toString());
    }
}
