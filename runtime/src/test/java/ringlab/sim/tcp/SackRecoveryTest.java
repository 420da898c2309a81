// Tests of SACK loss recovery and PRR: scattered and burst losses on TestNet, cwnd during recovery, receiver SACK blocks and option size.
package ringlab.sim.tcp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;

import org.junit.jupiter.api.Test;

import ringlab.sim.engine.Sim;
import ringlab.spi.net.Packet;

class SackRecoveryTest {
    static final long MBIT = 1_000_000L;
    static final int MSS = 1460;

    /** What one run observed about its (first) recovery episode. */
    static final class Episode {
        long start = -1, end = -1;
        int maxCwnd, priorCwnd, ssthresh, exitCwnd;
        long srttAtStart, dataSentDuring;
        /** PRR at the last sample with the pipe above ssthresh: sent, and ssthresh * delivered / prior_cwnd. */
        int propOut = -1;
        double propExpect;
        TcpStats stats;
    }

    /** Drops the first transmission of the data segments with the given ordinals (0 = first segment sent). */
    static TestNet net(boolean sack, String cc, long[] lostSegs) { return net(sack, cc, lostSegs, false); }

    /**
     * {@code windowLimited}: 40 ms RTT at 100 Mbit/s with a 128 KB SO_RCVBUF at the receiver, so the flow never
     * queues at the link and one RTT stays 40 ms; otherwise 10 ms RTT and slow start into a 4000-packet queue.
     */
    static TestNet net(boolean sack, String cc, long[] lostSegs, boolean windowLimited) {
        TcpConfig c = new TcpConfig();
        c.sack = sack;
        c.congestionControl = cc;
        TcpConfig r = c.copy();
        if (windowLimited) r.soRcvbuf = 131072;
        TestNet n = new TestNet(1, 100 * MBIT, (windowLimited ? 20 : 5) * Sim.MS, 4000, c, r);
        long[] next = {0, 0}; // highest end seen, ordinal of the next new segment
        n.ab.filter = (p, now) -> {
            if (p.payload == 0 || p.seq < next[0]) return false; // ACK or retransmission
            next[0] = p.seq + p.payload;
            return Arrays.binarySearch(lostSegs, next[1]++) >= 0;
        };
        return n;
    }

    /** Runs the transfer polling every 50 us; records the first recovery episode. */
    static Episode run(TestNet n, long bytes) {
        Episode e = new Episode();
        TcpConnection a = n.a.conn;
        n.start(bytes);
        long limit = 60 * Sim.SEC;
        while (n.sim.now() < limit && !(n.b.readBytes == bytes && n.a.toWrite == 0)) {
            n.sim.runUntil(n.sim.now() + 50 * Sim.US);
            int st = a.caState();
            if (e.start < 0 && st == TcpSender.RECOVERY) {
                e.start = n.sim.now();
                e.srttAtStart = a.srttNs();
                e.priorCwnd = a.priorCwndSegments();
                e.ssthresh = a.ssthreshSegments();
                e.dataSentDuring = n.ab.dataSegs;
            }
            if (e.start >= 0 && e.end < 0) {
                if (st == TcpSender.RECOVERY) {
                    e.maxCwnd = Math.max(e.maxCwnd, a.cwndSegments());
                    TcpSender snd = a.sender();
                    if (a.pipeSegments() > e.ssthresh) {
                        e.propOut = snd.prrOut;
                        e.propExpect = (double) e.ssthresh * snd.prrDelivered / e.priorCwnd;
                    }
                } else {
                    e.end = n.sim.now();
                    e.exitCwnd = a.recoveryExitCwndSegments();
                    e.dataSentDuring = n.ab.dataSegs - e.dataSentDuring;
                }
            }
        }
        assertEquals(bytes, n.b.readBytes, "stream complete: " + a + " " + a.stats());
        assertEquals(bytes, n.b.conn.bytesRead());
        assertNull(n.accountingError());
        n.sim.runUntil(n.sim.now() + 2 * Sim.SEC);
        assertNull(n.accountingError());
        assertEquals(0, n.pool.live(), "every packet freed or dropped");
        e.stats = a.stats();
        return e;
    }

    static final long[] FIVE = {400, 413, 427, 441, 455};
    static final long[] FIVE_IN_A_WINDOW = {300, 307, 314, 321, 328};

    @Test void fiveScatteredLossesRecoverInAboutOneRttWithSack() {
        Episode s = run(net(true, "cubic", FIVE_IN_A_WINDOW, true), 4_000_000L);
        Episode r = run(net(false, "cubic", FIVE_IN_A_WINDOW, true), 4_000_000L);
        double rttS = s.srttAtStart, rttR = r.srttAtStart;
        System.out.printf("5 losses: SACK recovery %.1f ms = %.2f RTT (srtt %.1f ms), %s%n", (s.end - s.start) / 1e6,
                (s.end - s.start) / rttS, rttS / 1e6, s.stats);
        System.out.printf("5 losses: NewReno recovery %.1f ms = %.2f RTT (srtt %.1f ms), %s%n", (r.end - r.start) / 1e6,
                (r.end - r.start) / rttR, rttR / 1e6, r.stats);
        assertEquals(0, s.stats.TCPTimeouts);
        assertEquals(5, s.stats.RetransSegs, "each hole retransmitted once");
        assertEquals(1, s.stats.TCPSackRecovery);
        assertEquals(0, s.stats.TCPRenoRecovery);
        assertTrue(s.end - s.start < 2 * rttS, "SACK repairs all holes in one round trip");
        assertEquals(0, r.stats.TCPTimeouts);
        assertEquals(5, r.stats.RetransSegs);
        assertEquals(1, r.stats.TCPRenoRecovery);
        assertTrue(r.end - r.start > 4 * rttR, "NewReno: one hole per round trip");
    }

    @Test void burstOfThirtyConsecutiveLossesRecoversWithoutTimeout() {
        long[] burst = new long[30];
        for (int i = 0; i < 30; i++) burst[i] = 500 + i;
        Episode s = run(net(true, "cubic", burst, true), 6_000_000L);
        System.out.printf("30-segment burst: SACK recovery %.1f ms = %.2f RTT, max cwnd %d (prior %d, ssthresh %d), %s%n",
                (s.end - s.start) / 1e6, (s.end - s.start) / (double) s.srttAtStart, s.maxCwnd, s.priorCwnd,
                s.ssthresh, s.stats);
        assertEquals(0, s.stats.TCPTimeouts, "no RTO");
        assertEquals(30, s.stats.RetransSegs);
        assertEquals(1, s.stats.TCPSackRecovery);
        assertTrue(s.end - s.start < 3 * s.srttAtStart);
    }

    @Test void realTailDropsAtASmallQueueRecoverWithoutTimeout() {
        TcpConfig c = new TcpConfig();
        TestNet n = new TestNet(3, 10 * MBIT, 10 * Sim.MS, 8, c, c.copy());
        Episode s = run(n, 6_000_000L);
        System.out.printf("queue 8 with SACK: tail drops %d, %s%n", n.ab.tailDrops, s.stats);
        assertTrue(n.ab.tailDrops > 5);
        assertEquals(0, s.stats.TCPTimeouts);
        assertTrue(s.stats.RetransSegs >= n.ab.tailDrops && s.stats.RetransSegs <= n.ab.tailDrops + 2,
                "retransmissions match the drops (no spurious ones): " + s.stats.RetransSegs);
    }

    @Test void prrSendsSsthreshOverPriorCwndOfWhatIsDeliveredAndExitsAtSsthresh() {
        for (boolean sack : new boolean[] {true, false}) {
            for (String cc : new String[] {"cubic", "newreno"}) {
                TestNet n = net(sack, cc, FIVE);
                Episode e = run(n, 4_000_000L);
                TcpSender snd = n.a.conn.sender();
                double expect = (double) e.ssthresh * snd.prrDelivered / e.priorCwnd;
                System.out.printf("PRR sack=%b %s: prior %d ssthresh %d, delivered %d sent %d (expected %.1f), max cwnd %d, exit %d%n",
                        sack, cc, e.priorCwnd, e.ssthresh, snd.prrDelivered, snd.prrOut, expect, e.maxCwnd, e.exitCwnd);
                assertTrue(e.priorCwnd > 100);
                assertEquals(e.ssthresh, e.exitCwnd, "cwnd = ssthresh when recovery ends");
                assertTrue(e.maxCwnd <= e.priorCwnd, "no cwnd spike during recovery (no inflation): " + e.maxCwnd);
                // proportional while the pipe is above ssthresh; at the end the slow-start reduction bound may
                // send a few more to bring the pipe up to ssthresh
                assertTrue(Math.abs(e.propOut - e.propExpect) <= 1.5, "proportional phase: sent " + e.propOut
                        + " for " + e.propExpect + " (ssthresh/prior_cwnd of delivered)");
                if (sack) { // one-RTT recovery: almost all of it is the proportional phase
                    assertTrue(snd.prrOut >= expect - 2 && snd.prrOut <= 1.1 * expect + 2,
                            "sent during recovery ~ ssthresh/prior_cwnd of delivered: " + snd.prrOut + " vs " + expect);
                }
                assertTrue(e.dataSentDuring >= snd.prrOut - 1, "the link saw what PRR sent");
            }
        }
    }

    // ---- receiver side: blocks, order, option size

    private static Packet lastAck(TcpUnitTest.FakeHost h) { return h.out.get(h.out.size() - 1); }

    private static void assertBlocks(Packet p, long... se) {
        long[] got = Arrays.copyOf(p.sack, 2 * p.sackBlocks);
        assertEquals(Arrays.toString(se), Arrays.toString(got), "SACK blocks");
        int opt = se.length == 0 ? 0 : 4 + 4 * se.length;
        assertEquals(opt, p.tcpOptionBytes);
        assertEquals(Packet.TCP_HEADER + opt, p.l4HeaderBytes(), "the option grows the ACK on the wire");
    }

    @Test void receiverReportsBlocksMostRecentFirstAndDsack() {
        TcpUnitTest.FakeHost h = new TcpUnitTest.FakeHost();
        TcpConnection c = new TcpConnection(h, new TcpConfig(), 1, 1, 2, 2);
        int k = 1000;
        c.input(h.seg(2 * k, k, 0, 65535));
        Packet p = lastAck(h);
        assertEquals(0, p.ack);
        assertBlocks(p, 2 * k, 3 * k);
        int plain = new TcpUnitTest.FakeHost().seg(0, 0, 0, 0).l4HeaderBytes();
        assertEquals(20, plain);
        assertEquals(plain + 12, p.l4HeaderBytes(), "1 block: 2 NOPs + kind/len + 8 bytes");
        c.input(h.seg(5 * k, k, 0, 65535));
        assertBlocks(lastAck(h), 5 * k, 6 * k, 2 * k, 3 * k);
        c.input(h.seg(3 * k, k, 0, 65535)); // extends the older block: it moves to the front
        assertBlocks(lastAck(h), 2 * k, 4 * k, 5 * k, 6 * k);
        c.input(h.seg(8 * k, k, 0, 65535));
        c.input(h.seg(11 * k, k, 0, 65535));
        assertBlocks(lastAck(h), 11 * k, 12 * k, 8 * k, 9 * k, 2 * k, 4 * k, 5 * k, 6 * k);
        c.input(h.seg(14 * k, k, 0, 65535)); // a fifth block pushes out the oldest
        assertBlocks(lastAck(h), 14 * k, 15 * k, 11 * k, 12 * k, 8 * k, 9 * k, 2 * k, 4 * k);
        c.input(h.seg(4 * k, k, 0, 65535)); // [2k,5k) now touches the forgotten [5k,6k), which stays forgotten
        assertBlocks(lastAck(h), 2 * k, 5 * k, 14 * k, 15 * k, 11 * k, 12 * k, 8 * k, 9 * k);
        c.input(h.seg(8 * k, k, 0, 65535)); // duplicate of queued data: D-SACK first, then 3 blocks
        assertBlocks(lastAck(h), 8 * k, 9 * k, 8 * k, 9 * k, 2 * k, 5 * k, 14 * k, 15 * k);
        assertEquals(1, c.stats().TCPDSACKOfoSent);
        c.input(h.seg(0, 2 * k, 0, 65535)); // fills the head hole: rcv_nxt 6k, blocks it reached are gone
        Packet a = lastAck(h);
        assertEquals(6 * k, a.ack);
        assertBlocks(a, 8 * k, 9 * k, 14 * k, 15 * k, 11 * k, 12 * k);
        c.input(h.seg(k, k, 0, 65535)); // old data: D-SACK below the cumulative ACK
        assertBlocks(lastAck(h), k, 2 * k, 8 * k, 9 * k, 14 * k, 15 * k, 11 * k, 12 * k);
        assertEquals(1, c.stats().TCPDSACKOldSent);
        for (long s : new long[] {6, 7, 9, 10, 12, 13}) c.input(h.seg(s * k, k, 0, 65535));
        Packet last = lastAck(h);
        assertEquals(15 * k, last.ack);
        assertBlocks(last);
        assertEquals(Packet.TCP_HEADER, last.l4HeaderBytes(), "no option once the ofo queue is empty");
        c.read(1 << 20, null);
        h.clearOut();
        assertEquals(0, h.pool.live());
    }

    @Test void noSackBlocksWhenSackIsOff() {
        TcpUnitTest.FakeHost h = new TcpUnitTest.FakeHost();
        TcpConfig cfg = new TcpConfig();
        cfg.sack = false;
        TcpConnection c = new TcpConnection(h, cfg, 1, 1, 2, 2);
        c.input(h.seg(2000, 1000, 0, 65535));
        c.input(h.seg(0, 1000, 0, 65535));
        c.input(h.seg(0, 1000, 0, 65535));
        assertBlocks(lastAck(h));
        h.clearOut();
    }

    /** tcp_established_options: the timestamp option on every segment, then the SACK blocks that still fit (3). */
    @Test void timestampsTakeTwelveBytesOnEverySegmentAndLeaveRoomForThreeBlocks() {
        TcpUnitTest.FakeHost h = new TcpUnitTest.FakeHost();
        TcpConfig cfg = new TcpConfig();
        cfg.timestamps = true;
        cfg.mss = 1448;
        TcpConnection c = new TcpConnection(h, cfg, 1, 1, 2, 2);
        int k = 1000;
        c.input(h.seg(0, k, 0, 65535));
        Packet plain = lastAck(h);
        assertEquals(0, plain.sackBlocks);
        assertEquals(12, plain.tcpOptionBytes, "TSval and TSecr, aligned with two NOPs");
        for (long s : new long[] {2, 4, 6, 8}) c.input(h.seg(s * k, k, 0, 65535));
        Packet p = lastAck(h);
        assertEquals(3, p.sackBlocks, "four blocks held, three fit after the timestamps");
        assertEquals(12 + 4 + 3 * 8, p.tcpOptionBytes);
        assertEquals(8 * k, p.sack[0], "the most recent first");
        c.input(h.seg(4 * k, k, 0, 65535)); // a duplicate: D-SACK first, then two blocks
        Packet d = lastAck(h);
        assertEquals(3, d.sackBlocks);
        assertEquals(4 * k, d.sack[0]);
        assertEquals(40, d.tcpOptionBytes, "the whole option space");
        c.read(1 << 20, null);
        h.clearOut();
    }

    @Test void senderUsesBlocksToRetransmitOnlyTheHoles() {
        TcpUnitTest.FakeHost h = new TcpUnitTest.FakeHost();
        TcpConnection c = new TcpConnection(h, new TcpConfig(), 1, 1, 2, 2);
        c.write(10L * MSS);
        assertEquals(10, h.out.size());
        h.clearOut();
        h.now = 10 * TcpUnitTest.MS;
        // segments 0 and 2 lost; 1, 3, 4, 5 SACKed one ACK at a time
        long[][] sacks = {{1, 2}, {1, 2, 3, 4}, {3, 5, 1, 2}, {3, 6, 1, 2}};
        for (long[] b : sacks) {
            Packet ack = h.seg(0, 0, 0, 65535);
            for (int i = 0; i < b.length; i++) ack.sack[i] = b[i] * MSS;
            ack.sackBlocks = b.length / 2;
            c.input(ack);
        }
        assertEquals(TcpSender.RECOVERY, c.caState());
        assertEquals(4, c.sackedSegments());
        assertEquals(2, c.lostSegments(), "both holes have 3 SACKed segments above them");
        long[] sent = h.out.stream().filter(p -> p.payload > 0).mapToLong(p -> p.seq / MSS).toArray();
        assertEquals("[0, 2]", Arrays.toString(sent), "the holes, in order, nothing SACKed");
        assertEquals(2, c.stats().RetransSegs);
        assertEquals(2, c.retransOutSegments());
        h.clearOut();
    }
}
