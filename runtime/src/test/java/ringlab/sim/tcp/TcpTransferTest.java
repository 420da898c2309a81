// End-to-end tests of TcpConnection over the TestNet links: throughput, loss recovery, RTO, delayed ACKs, zero window, accounting.
package ringlab.sim.tcp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

import ringlab.sim.engine.Sim;
import ringlab.spi.net.Packet;

class TcpTransferTest {
    static final long MBIT = 1_000_000L;

    static TcpConfig cfg() { return new TcpConfig(); }

    /** Payload goodput of a saturated link with full-size segments, bits/s. */
    static double lineGoodput(long rateBps, int mss) {
        return rateBps * (double) mss / (mss + 20 + 20 + 14 + 4 + 8 + 12);
    }

    static void assertComplete(TestNet n, long bytes, long done) {
        assertTrue(done > 0, "transfer did not complete: read " + n.b.readBytes + " of " + bytes
                + " " + n.a.conn + " a:" + n.a.conn.stats() + " b:" + n.b.conn.stats());
        assertEquals(bytes, n.b.readBytes);
        assertEquals(bytes, n.b.conn.bytesRead());
        assertEquals(bytes, n.a.conn.bytesWritten());
        assertNull(n.accountingError());
    }

    static void settle(TestNet n) {
        n.sim.runUntil(n.sim.now() + 2 * Sim.SEC);
        assertNull(n.accountingError());
        assertEquals(n.a.conn.bytesWritten(), n.a.conn.bytesAcked(), "all data acknowledged");
        assertEquals(0, n.b.conn.queuedPackets());
        assertEquals(0, n.pool.live(), "no packet left anywhere after the flow drained");
    }

    @Test void cleanLinkReachesLineRateAndDeliversInOrder() {
        TestNet n = new TestNet(1, 100 * MBIT, 5 * Sim.MS, 4000, cfg(), cfg());
        long bytes = 40_000_000L;
        n.start(bytes);
        // measure goodput after the first 5 MB (past slow start)
        long t5 = -1;
        long limit = 20 * Sim.SEC;
        long done = -1;
        while (n.sim.now() < limit) {
            n.sim.runUntil(n.sim.now() + Sim.MS);
            if (t5 < 0 && n.b.readBytes >= 5_000_000L) t5 = n.sim.now();
            if (n.b.readBytes == bytes) { done = n.sim.now(); break; }
        }
        assertComplete(n, bytes, done);
        double gp = (bytes - 5_000_000L) * 8.0 / ((done - t5) / 1e9);
        double line = lineGoodput(100 * MBIT, 1460);
        System.out.printf("clean: goodput %.2f Mbit/s of %.2f (%.1f%%), total %.3f s, rcvbuf %d, sndbuf %d, cwnd %d, srtt %.2f ms, %s%n",
                gp / 1e6, line / 1e6, 100 * gp / line, done / 1e9, n.b.conn.rcvbuf(), n.a.conn.sndbuf(),
                n.a.conn.cwndSegments(), n.a.conn.srttNs() / 1e6, n.a.conn.stats());
        assertTrue(gp > 0.95 * line, "goodput " + gp);
        assertTrue(n.b.conn.rcvbuf() > 131072, "rcvbuf autotuned above tcp_rmem[1]");
        settle(n);
    }

    private static TestNet lossy(long seed, long rate, long delay, int queue, double loss, String cc) {
        TcpConfig c = cfg();
        c.congestionControl = cc;
        TestNet n = new TestNet(seed, rate, delay, queue, c, cfg());
        n.ab.lossRate = loss;
        return n;
    }

    @Test void randomLossOnePercentCompletesExactlyOnceInOrder() {
        for (String cc : new String[] {"cubic", "newreno", "cubic/nosack", "newreno/nosack"}) {
            boolean noSack = cc.endsWith("/nosack");
            TestNet n = lossy(7, 20 * MBIT, 10 * Sim.MS, 100, 0.01, cc.replace("/nosack", ""));
            if (noSack) {
                TcpConfig c = cfg();
                c.congestionControl = cc.replace("/nosack", "");
                c.sack = false;
                TcpConfig r = cfg();
                r.sack = false;
                n = new TestNet(7, 20 * MBIT, 10 * Sim.MS, 100, c, r);
                n.ab.lossRate = 0.01;
            }
            long bytes = 8_000_000L;
            n.start(bytes);
            long done = n.runToCompletion(120 * Sim.SEC);
            assertComplete(n, bytes, done);
            TcpStats s = n.a.conn.stats();
            System.out.printf("loss 1%% %s: %.3f s (%.2f Mbit/s), link drops %d, b dup %d ofo %d, %s%n", cc, done / 1e9,
                    bytes * 8e-6 / (done / 1e9), n.ab.randomDrops, n.b.conn.stats().TCPFullDup,
                    n.b.conn.stats().TCPOFOQueue, s);
            assertTrue(n.ab.randomDrops > 20);
            assertTrue(s.RetransSegs >= n.ab.randomDrops / 2, "retransmissions repair the losses");
            assertTrue(s.TCPFastRetrans > 0);
            assertTrue(n.b.conn.stats().TCPOFOQueue > 0, "losses leave holes that the ofo queue bridges");
            settle(n);
        }
    }

    @Test void smallBottleneckQueueTailDropsAreRecovered() {
        for (String cc : new String[] {"cubic", "newreno"}) {
            TestNet n = lossy(3, 10 * MBIT, 10 * Sim.MS, 8, 0, cc);
            long bytes = 6_000_000L;
            n.start(bytes);
            long done = n.runToCompletion(120 * Sim.SEC);
            assertComplete(n, bytes, done);
            TcpStats s = n.a.conn.stats();
            double gp = bytes * 8.0 / (done / 1e9);
            System.out.printf("queue 8 %s: %.3f s (%.2f Mbit/s = %.1f%% of line), tail drops %d, %s%n", cc, done / 1e9,
                    gp / 1e6, 100 * gp / lineGoodput(10 * MBIT, 1460), n.ab.tailDrops, s);
            assertTrue(n.ab.tailDrops > 0);
            assertTrue(s.RetransSegs > 0);
            assertTrue(s.TCPFastRetrans > 0);
            assertTrue(gp > 0.5 * lineGoodput(10 * MBIT, 1460), "a queue of 8 still keeps the link fairly busy");
            settle(n);
        }
    }

    @Test void slowStartOvershootIntoQueueRecovers() {
        TestNet n = new TestNet(1, 100 * MBIT, 5 * Sim.MS, 200, cfg(), cfg());
        long bytes = 20_000_000L;
        n.start(bytes);
        long done = n.runToCompletion(120 * Sim.SEC);
        assertComplete(n, bytes, done);
        System.out.printf("overshoot (SACK, no HyStart): %.3f s, tail drops %d, %s%n", done / 1e9, n.ab.tailDrops,
                n.a.conn.stats());
        assertTrue(n.ab.tailDrops > 50);
        settle(n);
    }

    @Test void outageOfAWholeWindowNeedsRetransmissionTimeout() {
        TestNet n = new TestNet(5, 20 * MBIT, 10 * Sim.MS, 100, cfg(), cfg());
        long bytes = 6_000_000L;
        long[] window = {300 * Sim.MS, 400 * Sim.MS};
        n.ab.filter = (p, now) -> now >= window[0] && now < window[1];
        n.start(bytes);
        long done = n.runToCompletion(120 * Sim.SEC);
        assertComplete(n, bytes, done);
        TcpStats s = n.a.conn.stats();
        System.out.printf("outage 100 ms: %.3f s, filter drops %d, %s%n", done / 1e9, n.ab.filterDrops, s);
        assertTrue(n.ab.filterDrops > 10);
        assertTrue(s.TCPTimeouts > 0, "a lost tail/window leaves no dupacks: the RTO must fire");
        assertTrue(s.RetransSegs > 0);
        assertTrue(s.TCPSlowStartRetrans > 0, "go-back-N retransmissions in loss state");
        settle(n);
    }

    @Test void ackPathOutageAlsoRecoversByTimeout() {
        TestNet n = new TestNet(5, 20 * MBIT, 10 * Sim.MS, 100, cfg(), cfg());
        long bytes = 4_000_000L;
        n.ba.filter = (p, now) -> now >= 300 * Sim.MS && now < 700 * Sim.MS;
        n.start(bytes);
        long done = n.runToCompletion(120 * Sim.SEC);
        assertComplete(n, bytes, done);
        System.out.printf("ack outage 400 ms: %.3f s, %s; b: %s%n", done / 1e9, n.a.conn.stats(), n.b.conn.stats());
        assertTrue(n.a.conn.stats().TCPTimeouts > 0);
        assertTrue(n.b.conn.stats().TCPFullDup > 0, "go-back-N resends data the receiver already had");
        settle(n);
    }

    /** Drops the first transmission of the segment starting at byte {@code at}; one loss, one recovery. */
    private static TestNet singleLoss(String cc, long at) {
        TcpConfig c = cfg();
        c.congestionControl = cc;
        TestNet n = new TestNet(1, 100 * MBIT, 5 * Sim.MS, 4000, c, cfg());
        boolean[] done = {false};
        n.ab.filter = (p, now) -> {
            if (!done[0] && p.payload > 0 && p.seq >= at) return done[0] = true;
            return false;
        };
        return n;
    }

    @Test void cubicReducesToSevenTenthsAndNewRenoToHalf() {
        for (String cc : new String[] {"cubic", "newreno"}) {
            TestNet n = singleLoss(cc, 400L * 1460);
            n.start(4_000_000L);
            long done = n.runToCompletion(30 * Sim.SEC);
            assertComplete(n, 4_000_000L, done);
            TcpConnection a = n.a.conn;
            int prior = a.priorCwndSegments();
            int ss = a.ssthreshSegments();
            System.out.printf("%s single loss: cwnd %d -> ssthresh %d (%.3f), exit cwnd %d, %s%n", cc, prior, ss,
                    ss / (double) prior, a.recoveryExitCwndSegments(), a.stats());
            assertEquals(1, a.stats().TCPFastRetrans);
            assertEquals(1, a.stats().RetransSegs);
            assertEquals(0, a.stats().TCPTimeouts);
            assertTrue(prior > 50, "loss detected in slow start with a large window");
            if (cc.equals("cubic")) {
                assertEquals(Math.max(prior * 717 / 1024, 2), ss);
                assertTrue(Math.abs(ss / (double) prior - 0.7) < 0.01);
            } else {
                assertEquals(prior / 2, ss);
            }
            assertEquals(ss, a.recoveryExitCwndSegments(), "recovery ends with cwnd = ssthresh");
            settle(n);
        }
    }

    @Test void delayedAcksEverySecondSegmentAfterQuickack() {
        TcpConfig rc = cfg();
        rc.soRcvbuf = 65536; // fixed window: no loss, so the ACK pattern is the plain delayed-ACK policy
        TestNet n = new TestNet(1, 10 * MBIT, 10 * Sim.MS, 200, cfg(), rc);
        long bytes = 3_000_000L;
        n.start(bytes);
        TcpStats b = n.b.conn.stats();
        while (b.InSegs < 16) n.sim.runUntil(n.sim.now() + 50 * Sim.US);
        assertEquals(16, b.InSegs);
        assertEquals(16, b.OutSegs, "quickack: every one of the first 16 segments is ACKed at once");
        while (b.InSegs < 100) n.sim.runUntil(n.sim.now() + 50 * Sim.US);
        long in0 = b.InSegs, out0 = b.OutSegs;
        long done = n.runToCompletion(30 * Sim.SEC);
        assertComplete(n, bytes, done);
        n.sim.runUntil(n.sim.now() + 300 * Sim.MS);
        double ratio = (b.OutSegs - out0) / (double) (b.InSegs - in0);
        System.out.printf("delack: %d data segs -> %d acks after quickack (%.3f per seg), DelayedACKs %d%n",
                b.InSegs - in0, b.OutSegs - out0, ratio, b.DelayedACKs);
        assertTrue(ratio > 0.45 && ratio < 0.56, "about one ACK per two segments: " + ratio);
        assertEquals(0, n.a.conn.stats().RetransSegs);

        // a lone small segment after a short idle period waits for the delayed-ACK timer (ato >= 40 ms)
        long delacks0 = b.DelayedACKs;
        long acked0 = n.a.conn.bytesAcked();
        long t0 = n.sim.now();
        n.a.total += 1000;
        n.a.toWrite = 1000;
        n.a.pump();
        while (n.a.conn.bytesAcked() == acked0) n.sim.runUntil(n.sim.now() + 100 * Sim.US);
        long ackDelay = n.sim.now() - t0 - 2 * 10 * Sim.MS; // minus the path RTT
        System.out.printf("delack: lone segment ACKed %.1f ms after arrival%n", ackDelay / 1e6);
        assertEquals(delacks0 + 1, b.DelayedACKs);
        assertTrue(ackDelay >= 40 * Sim.MS - Sim.MS && ackDelay <= 200 * Sim.MS + 2 * Sim.MS, "ack delay " + ackDelay);
        assertNull(n.accountingError());
    }

    /** Receiver app sleeps until 3 s; returns the net after the stall phase has been checked. */
    private static TestNet stallThenRead(int mss, int truesize, long bytes) {
        TcpConfig c = cfg();
        c.mss = mss;
        TestNet n = new TestNet(2, 20 * MBIT, 10 * Sim.MS, 100, c, c.copy());
        n.b.truesize = truesize;
        n.b.readEnabled = false;
        n.start(bytes);
        n.sim.runUntil(1000 * Sim.MS);
        TcpConnection a = n.a.conn, b = n.b.conn;
        long acked1 = a.bytesAcked();
        n.sim.runUntil(2900 * Sim.MS);
        System.out.printf("zero window (mss %d): acked %d, rmem %d / rcvbuf %d, adv window %d, drops %s, a %s%n",
                mss, a.bytesAcked(), b.rmemAlloc(), b.rcvbuf(), b.advertisedWindow(), n.dropReasons.keySet(),
                a.stats());
        assertEquals(acked1, a.bytesAcked(), "sender stalled");
        // the right edge never moves left, so a sliver below one MSS may remain advertised
        assertTrue(b.advertisedWindow() < mss, "window closed");
        if (2L * mss == truesize) assertEquals(0, b.advertisedWindow(), "edge on a segment boundary: exactly zero");
        assertTrue(a.sndUna() + a.peerWindow() - a.sndNxt() < mss, "sender sees a closed window");
        assertTrue(b.rmemAlloc() <= b.rcvbuf() + truesize, "at most one packet over rcvbuf");
        assertEquals(131072, b.rcvbuf(), "no autotuning without reads");
        assertNull(n.accountingError());
        n.sim.runUntil(3000 * Sim.MS);
        n.b.readEnabled = true;
        n.b.drain();
        long done = n.runToCompletion(60 * Sim.SEC);
        assertComplete(n, bytes, done);
        assertTrue(b.stats().TCPFromZeroWindowAdv + b.stats().TCPWantZeroWindowAdv > 0);
        System.out.printf("zero window (mss %d): resumed, done at %.3f s, b %s%n", mss, done / 1e9, b.stats());
        settle(n);
        return n;
    }

    @Test void zeroWindowStallsWithoutDropsAndPersistResumes() {
        // ratio 1024/2048 = 128/256: the right edge sits at 65536 = 64 segments, so the window closes exactly
        TestNet n = stallThenRead(1024, 2048, 5_000_000L);
        assertEquals(0, n.b.conn.rmemAlloc(), "all read");
        TcpStats a = n.a.conn.stats();
        assertEquals(0, n.dropped, "no drops at the receiver");
        assertEquals(0, a.TCPTimeouts);
        assertTrue(a.TCPWinProbe >= 2, "persist timer probes the zero window: " + a.TCPWinProbe);
        assertTrue(a.TCPWinProbe <= 4, "probes back off exponentially: " + a.TCPWinProbe);
    }

    @Test void zeroWindowWithSubMssTailDropsOnlyABackedOffFew() {
        // With mss 1460 / truesize 2304 a sliver (< mss) of window stays open when rmem fills; a sub-MSS tail
        // segment fits it but rmem is over rcvbuf. Linux would collapse the queue to admit it; without
        // collapse it is dropped and retransmitted on RTO with backoff (TCPRcvQDrop, TCPTimeouts).
        TestNet n = stallThenRead(1460, 2304, 5_000_000L);
        TcpStats a = n.a.conn.stats();
        assertTrue(n.dropped <= 5, "drops do not pile up: " + n.dropped);
        assertTrue(a.TCPTimeouts <= 5, "RTO backs off: " + a.TCPTimeouts);
    }

    @Test void fixedSocketBufferLimitsThroughputToWindowPerRtt() {
        TcpConfig c = cfg();
        c.soRcvbuf = c.soSndbuf = 65536; // iperf3 -w 64K on both ends
        TestNet n = new TestNet(1, 100 * MBIT, 20 * Sim.MS, 1000, c, c.copy());
        long bytes = 10_000_000L;
        n.start(bytes);
        long done = n.runToCompletion(60 * Sim.SEC);
        assertComplete(n, bytes, done);
        TcpConnection b = n.b.conn;
        assertEquals(131072, b.rcvbuf(), "SO_RCVBUF doubled, not autotuned");
        assertEquals(131072, n.a.conn.sndbuf(), "SO_SNDBUF doubled, not autotuned");
        long win = 131072L * b.scalingRatio() >> 8;
        double expect = win * 8.0 / 0.0402;
        double gp = bytes * 8.0 / (done / 1e9);
        System.out.printf("-w 64K: %.2f Mbit/s, window %d B (ratio %d/256) -> expected ~%.2f Mbit/s%n", gp / 1e6, win,
                b.scalingRatio(), expect / 1e6);
        assertTrue(gp > 0.8 * expect && gp < 1.1 * expect, "goodput " + gp);
        settle(n);
    }

    @Test void runsAreDeterministic() {
        String[] r = new String[2];
        for (int i = 0; i < 2; i++) {
            TestNet n = lossy(11, 20 * MBIT, 10 * Sim.MS, 30, 0.005, "cubic");
            n.start(3_000_000L);
            long done = n.runToCompletion(60 * Sim.SEC);
            assertComplete(n, 3_000_000L, done);
            r[i] = done + " " + n.sim.events() + " " + n.a.conn.stats() + " / " + n.b.conn.stats();
        }
        assertEquals(r[0], r[1]);
    }
}
