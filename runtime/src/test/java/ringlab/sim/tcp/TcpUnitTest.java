// Unit tests of the pieces: timer deadline bookkeeping, out-of-order queue trimming, CUBIC/Reno arithmetic, RTO estimator, ACK input rules.
package ringlab.sim.tcp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

import ringlab.spi.net.Packet;
import ringlab.sim.net.PacketPool;

class TcpUnitTest {
    static final long MS = 1_000_000L;

    /** A host with a manual clock that records everything. */
    static final class FakeHost implements TcpHost {
        long now;
        final PacketPool pool = new PacketPool();
        final List<Packet> out = new ArrayList<>();
        final List<long[]> arms = new ArrayList<>();
        int freed, dropped, readable, writable;
        String lastDrop;

        @Override public long now() { return now; }
        @Override public Packet newPacket() { return pool.get(now); }
        @Override public void output(TcpConnection c, Packet p) { out.add(p); }
        @Override public void armTimer(TcpConnection c, int timer, long at) { arms.add(new long[] {timer, at}); }
        @Override public void readable(TcpConnection c) { readable++; }
        @Override public void writable(TcpConnection c) { writable++; }
        @Override public void free(Packet p) { freed++; pool.free(p); }
        @Override public void drop(Packet p, String reason) { dropped++; lastDrop = reason; pool.free(p); }

        Packet seg(long seq, int len, long ack, long win) {
            Packet p = pool.get(now);
            p.proto = Packet.TCP;
            p.seq = seq;
            p.payload = len;
            p.ack = ack;
            p.window = win;
            p.flags = Packet.ACK;
            p.truesize = len > 0 ? 2304 : 768;
            return p;
        }

        void clearOut() { for (Packet p : out) pool.free(p); out.clear(); }
    }

    @Test void staleAndEarlyTimerFiringsAreIgnoredAndRearmed() {
        FakeHost h = new FakeHost();
        TcpConnection c = new TcpConnection(h, new TcpConfig(), 1, 1, 2, 2);
        assertEquals(14600, c.write(14600));
        assertEquals(10, h.out.size());
        assertEquals(1, h.arms.size());
        assertEquals(1000 * MS, h.arms.get(0)[1], "initial RTO 1 s");
        // firing of a timer that was never armed: nothing
        c.onTimer(TcpConnection.TIMER_DELACK);
        c.onTimer(TcpConnection.TIMER_PERSIST);
        // ACK of 5 segments at 500 ms moves the RTO deadline later without a new host arm
        h.now = 500 * MS;
        h.clearOut();
        c.input(h.seg(0, 0, 7300, 64240));
        long deadline = 500 * MS + c.rtoNs();
        assertEquals(1, h.arms.size(), "a later deadline needs no new host timer yet");
        // the old firing at 1 s is early: ignored, and the timer is re-armed for the real deadline
        h.now = 1000 * MS;
        c.onTimer(TcpConnection.TIMER_RTO);
        assertEquals(0, c.stats().TCPTimeouts);
        assertEquals(2, h.arms.size());
        assertEquals(deadline, h.arms.get(1)[1]);
        // a duplicate early firing changes nothing
        c.onTimer(TcpConnection.TIMER_RTO);
        assertEquals(2, h.arms.size());
        h.now = deadline;
        c.onTimer(TcpConnection.TIMER_RTO);
        assertEquals(1, c.stats().TCPTimeouts);
        assertEquals(1, c.stats().RetransSegs);
        assertEquals(7300, h.out.get(h.out.size() - 1).seq, "go-back-N from snd_una");
        assertEquals(1, c.cwndSegments());
        assertEquals(15, c.priorCwndSegments(), "slow start grew cwnd by the 5 acked segments");
        assertEquals(15 * 717 / 1024, c.ssthreshSegments());
        // a second firing at the same time is stale (deadline moved by the backoff)
        c.onTimer(TcpConnection.TIMER_RTO);
        assertEquals(1, c.stats().TCPTimeouts);
        h.clearOut();
    }

    @Test void fastRetransmitOnThirdDupAckAndPartialAckRetransmitsNextHole() {
        FakeHost h = new FakeHost();
        TcpConfig cfg = new TcpConfig();
        cfg.congestionControl = "newreno";
        cfg.sack = false; // NewReno recovery: dupacks, partial ACKs
        TcpConnection c = new TcpConnection(h, cfg, 1, 1, 2, 2);
        c.write(14600);
        h.clearOut();
        h.now = 10 * MS;
        c.input(h.seg(0, 0, 1460, 64240)); // segment 1 acked, segments 2 and 4 lost
        h.clearOut();
        for (int i = 0; i < 2; i++) c.input(h.seg(0, 0, 1460, 64240));
        assertEquals(0, c.stats().TCPFastRetrans);
        assertEquals(0, h.out.size(), "dupacks 1 and 2 would allow limited transmit, but all data is sent");
        assertEquals(7, c.pipeSegments(), "9 outstanding - 2 dupacks counted as delivered");
        c.input(h.seg(0, 0, 1460, 64240));
        assertEquals(1, c.stats().TCPFastRetrans);
        assertEquals(1460, h.out.get(0).seq);
        assertEquals(1, c.caState());
        int ss = c.ssthreshSegments();
        assertEquals(11 / 2, ss, "reno: half of cwnd 11 (10 + 1 from the first ACK)");
        // PRR: pipe 9 - 3 dupacks - 1 lost = 5 = ssthresh, plus the forced fast retransmit; no inflation
        assertEquals(ss + 1, c.cwndSegments());
        assertEquals(ss + 1, c.pipeSegments());
        h.clearOut();
        c.input(h.seg(0, 0, 4380, 64240)); // partial ACK: next hole at 4380
        assertEquals(4380, h.out.get(0).seq);
        assertEquals(1, h.out.size());
        assertEquals(ss, c.cwndSegments(), "PRR: pipe 4 (7 out - 2 dupacks - 1 lost) + 1 = ssthresh");
        assertEquals(1, c.caState(), "still in recovery");
        assertEquals(2, c.stats().RetransSegs);
        h.clearOut();
        c.input(h.seg(0, 0, c.sndNxt(), 64240)); // everything acked: recovery ends at cwnd = ssthresh
        assertEquals(0, c.caState());
        assertEquals(ss, c.cwndSegments());
        h.clearOut();
    }

    @Test void dupAckRulesIgnoreWindowUpdatesAndData() {
        FakeHost h = new FakeHost();
        TcpConnection c = new TcpConnection(h, new TcpConfig(), 1, 1, 2, 2);
        c.write(14600);
        h.clearOut();
        c.input(h.seg(0, 0, 0, 70000)); // window change: not a dupack
        c.input(h.seg(0, 0, 0, 80000));
        c.input(h.seg(0, 0, 0, 90000));
        assertEquals(0, c.stats().TCPFastRetrans);
        assertEquals(14600, c.bytesInFlight());
        h.clearOut();
    }

    @Test void outOfOrderQueueTrimsOverlapsAndFreesDuplicates() {
        FakeHost h = new FakeHost();
        OutOfOrderQueue q = new OutOfOrderQueue();
        long charge = 0;
        charge += q.insert(h.seg(3000, 1000, 0, 0), h); // [3000,4000)
        charge += q.insert(h.seg(1000, 1000, 0, 0), h); // [1000,2000)
        charge += q.insert(h.seg(1500, 1000, 0, 0), h); // -> [2000,2500)? trimmed front to 2000..2500
        charge += q.insert(h.seg(3200, 500, 0, 0), h); // inside [3000,4000): freed
        charge += q.insert(h.seg(2900, 1200, 0, 0), h); // covers [3000,4000): that one freed, this trimmed? no: kept whole
        assertEquals(2, h.freed);
        long[] exp = {1000, 2000, 2000, 2500, 2900, 4100};
        int i = 0;
        long sum = 0;
        for (Packet p = q.first(); p != null; p = p.next) {
            assertEquals(exp[i++], p.seq, "seq");
            assertEquals(exp[i++], p.seq + p.payload, "end");
            sum += p.truesize;
        }
        assertEquals(6, i);
        assertEquals(3, q.count());
        assertEquals(sum, charge, "returned charges add up to what is queued");
        assertEquals(2, q.merged);
        // insert before head overlapping it: tail trimmed to the head's start
        charge += q.insert(h.seg(500, 1000, 0, 0), h);
        assertEquals(500, q.first().seq);
        assertEquals(500, q.first().payload);
        while (q.first() != null) h.free(q.pollFirst());
        assertEquals(0, h.pool.live());
    }

    @Test void receiverDropsAndFreesWithReasons() {
        FakeHost h = new FakeHost();
        TcpConnection c = new TcpConnection(h, new TcpConfig(), 1, 1, 2, 2);
        c.input(h.seg(0, 1460, 0, 65535));
        assertEquals(1, h.readable);
        c.input(h.seg(0, 1460, 0, 65535)); // full duplicate: freed, immediate ACK
        assertEquals(1, h.freed);
        assertEquals(1, c.stats().TCPFullDup);
        c.input(h.seg(1000, 1460, 0, 65535)); // overlaps: trimmed to [1460, 2460)
        assertEquals(2460, c.rcvNxt());
        c.input(h.seg(10_000_000, 1460, 0, 65535)); // beyond the window
        assertEquals("tcp_overwindow", h.lastDrop);
        c.input(h.seg(5000, 1460, 0, 65535)); // out of order: queued, immediate dupack
        assertEquals(1, c.ofoPackets());
        Packet last = h.out.get(h.out.size() - 1);
        assertEquals(2460, last.ack);
        assertEquals(0, last.payload);
        long[] got = {0, 0};
        int n = c.read(1000, (seq, len, p) -> { got[0] = seq; got[1] += len; });
        assertEquals(1000, n);
        assertEquals(0, got[0]);
        assertEquals(1000, c.headOffset());
        n = c.read(100_000, (seq, len, p) -> got[1] += len);
        assertEquals(1460, n);
        assertEquals(2460, got[1]);
        assertEquals(2 * 2304, c.rmemAlloc() + 2304, "only the ofo packet is still charged");
        assertEquals(1, c.queuedPackets());
        h.clearOut();
        assertEquals(1, h.pool.live(), "the ofo segment");
        // a segment that covers the queued ofo one entirely: the ofo copy is freed when the hole fills
        int freed0 = h.freed;
        c.input(h.seg(2460, 5000, 0, 65535));
        assertEquals(7460, c.rcvNxt());
        assertEquals(0, c.ofoPackets());
        assertEquals(freed0 + 1, h.freed);
        assertEquals(2304, c.rmemAlloc());
        c.read(100_000, null);
        assertEquals(0, c.rmemAlloc());
        h.clearOut();
        assertEquals(0, h.pool.live());
    }

    @Test void ackPolicyGrowWindowQuickAckThenReaderDrivenAcks() {
        // while rcv_ssthresh grows, tcp_grow_window forces an immediate ACK per segment (quick |= 1)
        FakeHost h = new FakeHost();
        TcpConfig cfg = new TcpConfig();
        cfg.quickAcks = 0;
        TcpConnection c = new TcpConnection(h, cfg, 1, 1, 2, 2);
        for (int i = 0; i < 3; i++) c.input(h.seg(i * 1460L, 1460, 0, 65535));
        assertEquals(3, h.out.size(), "one ACK per segment while the window grows");
        h.clearOut();

        // once rcv_ssthresh has caught up, unread data gets no softirq ACK: the delayed-ACK timer is armed
        // and the reader's tcp_cleanup_rbuf sends the ACK
        FakeHost g = new FakeHost();
        TcpConnection d = new TcpConnection(g, new TcpConfig(), 1, 1, 2, 2);
        long seq = 0;
        for (int i = 0; i < 40; i++) {
            d.input(g.seg(seq, 1460, 0, 65535));
            seq += 1460;
            d.read(1 << 20, null);
        }
        g.clearOut();
        g.arms.clear();
        d.input(g.seg(seq, 1460, 0, 65535));
        d.input(g.seg(seq + 1460, 1460, 0, 65535));
        assertEquals(0, g.out.size(), "no ACK from the softirq while data is unread");
        assertTrue(d.timerDeadline(TcpConnection.TIMER_DELACK) != TcpConnection.NO_DEADLINE, "delayed ACK armed");
        d.read(1 << 20, null);
        assertEquals(1, g.out.size(), "the read ACKs the two segments");
        assertEquals(seq + 2920, g.out.get(0).ack);
        g.clearOut();
    }

    @Test void cubicFollowsTheCubicCurveAfterALoss() {
        Cubic cu = new Cubic();
        CwndState s = new CwndState();
        s.cwnd = 100;
        s.ssthresh = 100;
        long rtt = 100 * MS;
        cu.rttSample(rtt);
        s.ssthresh = cu.ssthresh(s);
        assertEquals(100 * 717 / 1024, s.ssthresh);
        assertEquals(100, cu.lastMaxCwnd());
        s.cwnd = s.ssthresh;
        // ACK-clocked growth: cwnd segments acknowledged per RTT, one ACK per segment
        double kSec = Math.cbrt(100 * (1 - 0.7) / 0.4); // 4.22 s
        long t = 0;
        int atHalfK = 0, atK = 0;
        while (t < 8_000 * MS) {
            int w = s.cwnd;
            for (int i = 0; i < w; i++) cu.congAvoid(s, 1, t + i * rtt / w);
            t += rtt;
            if (atHalfK == 0 && t >= (long) (kSec / 2 * 1e9)) atHalfK = s.cwnd;
            if (atK == 0 && t >= (long) (kSec * 1e9)) atK = s.cwnd;
        }
        System.out.printf("cubic: W 71 -> %d at K/2, %d at K=%.2f s, %d at 8 s%n", atHalfK, atK, kSec, s.cwnd);
        assertTrue(atHalfK >= 93 && atHalfK <= 99, "concave approach to W_max: " + atHalfK);
        assertTrue(atK >= 98 && atK <= 103, "plateau at W_max around K: " + atK);
        // W(8 s) = 100 + 0.4 * (8 - 4.22)^3 = 121.6
        assertTrue(s.cwnd >= 117 && s.cwnd <= 126, "convex probing after K: " + s.cwnd);
        // fast convergence: a loss below the previous W_max remembers less than cwnd
        int c2 = s.cwnd;
        s.cwnd = 90;
        cu.ssthresh(s);
        assertEquals(90 * (1024 + 717) / 2048, cu.lastMaxCwnd());
        assertTrue(c2 > 0);
    }

    @Test void renoGrowsOneSegmentPerWindow() {
        NewReno r = new NewReno();
        CwndState s = new CwndState();
        s.cwnd = 20;
        s.ssthresh = 10;
        for (int i = 0; i < 20; i++) r.congAvoid(s, 1, 0);
        assertEquals(21, s.cwnd);
        s.cwnd = 4;
        s.ssthresh = 8;
        r.congAvoid(s, 6, 0); // slow start to 8, then 2 acks of AI
        assertEquals(8, s.cwnd);
        assertEquals(2, s.cwndCnt);
        CwndState t = new CwndState();
        t.cwnd = 21;
        assertEquals(10, r.ssthresh(t));
    }

    @Test void rtoEstimatorFollowsRfc6298WithLinuxMinimum() {
        TcpConfig cfg = new TcpConfig();
        RtoEstimator e = new RtoEstimator(cfg);
        assertEquals(1000 * MS, e.rto());
        e.sample(100 * MS);
        assertEquals(100 * MS, e.srtt());
        assertEquals(50 * MS, e.rttvar());
        assertEquals(300 * MS, e.rto(), "srtt + max(200 ms, 4 * rttvar)");
        for (int i = 0; i < 50; i++) e.sample(10 * MS);
        assertTrue(e.rto() >= 210 * MS && e.rto() < 212 * MS, "floor: srtt + 200 ms, got " + e.rto());
        e.backoff();
        e.backoff();
        assertTrue(e.rto() >= 840 * MS && e.rto() < 848 * MS);
        for (int i = 0; i < 40; i++) e.backoff();
        assertEquals(120_000 * MS, e.rto());
        e.sample(10 * MS);
        assertEquals(0, e.backoffCount());
    }

    @Test void sendBufferAutotunesAndFixedBufferDoubles() {
        FakeHost h = new FakeHost();
        TcpConnection c = new TcpConnection(h, new TcpConfig(), 1, 1, 2, 2);
        assertEquals(2 * 10 * 4096, c.sndbuf(), "tcp_sndbuf_expand at init: 2 * 10 * roundup_pow2(1460 + 320 + 576)");
        TcpConfig w = new TcpConfig();
        w.soSndbuf = w.soRcvbuf = 1 << 20;
        TcpConnection f = new TcpConnection(h, w, 1, 1, 2, 2);
        assertEquals(2 * 212992, f.sndbuf(), "SO_SNDBUF capped by net.core.wmem_max, then doubled");
        assertEquals(2 * 212992, f.rcvbuf());
        assertNull(null);
        h.clearOut();
    }

    /** In-order 1460-byte segments charged as 8 KB-buffer skbs (16640 B truesize) until rmem_alloc passes rcvbuf. */
    private static void fillPastRcvbuf(FakeHost h, TcpConnection c, int segments) {
        for (int i = 0; i < segments; i++) inputBigSkb(h, c, i);
    }

    /** The i-th 1460-byte segment, charged as an 8 KB-buffer skb (16640 B truesize). */
    private static void inputBigSkb(FakeHost h, TcpConnection c, int i) {
        Packet p = h.seg(i * 1460L, 1460, 0, 65535);
        p.truesize = 16640;
        c.input(p);
    }

    @Test void overRcvbufTcpClampWindowGrowsAnUnlockedBufferInsteadOfDropping() {
        FakeHost h = new FakeHost();
        TcpConnection c = new TcpConnection(h, new TcpConfig(), 1, 1, 2, 2);
        assertEquals(131072, c.rcvbuf());
        fillPastRcvbuf(h, c, 9); // 8 x 16640 = 133120 > 131072 when the 9th arrives
        assertEquals(1, c.stats().PruneCalled);
        assertEquals(0, c.stats().TCPRcvQDrop);
        assertEquals(0, h.dropped);
        assertEquals(9 * 1460, c.rcvNxt());
        assertEquals(8 * 16640, c.rcvbuf(), "tcp_clamp_window: sk_rcvbuf = rmem_alloc");
        c.read(100_000, null);
        h.clearOut();
    }

    /** A connection whose SO_RCVBUF of 32768 locks rcvbuf at 65536: tcp_clamp_window cannot grow it. */
    private static TcpConnection lockedAt64K(FakeHost h) {
        TcpConfig cfg = new TcpConfig();
        cfg.soRcvbuf = 32768;
        TcpConnection c = new TcpConnection(h, cfg, 1, 1, 2, 2);
        assertEquals(65536, c.rcvbuf());
        return c;
    }

    @Test void overALockedRcvbufSkbsOfTheScalingRatioAreNotCollapsedAndTheSegmentIsDropped() {
        FakeHost h = new FakeHost();
        TcpConnection c = lockedAt64K(h);
        fillPastRcvbuf(h, c, 5); // 4 x 16640 = 66560 > 65536 when the 5th arrives
        // tcp_collapse takes an skb whose tcp_win_from_space(truesize) exceeds its len: with the 6.x scaling_ratio
        // learnt from these very skbs (1460 / 16640) none is, and nothing of the head has been read
        assertEquals(1, c.stats().PruneCalled);
        assertEquals(0, c.stats().TCPRcvCollapsed);
        assertEquals(1, c.stats().RcvPruned);
        assertEquals(1, c.stats().TCPRcvQDrop);
        assertEquals("TcpExtTCPRcvQDrop", h.lastDrop);
        assertEquals(4 * 1460, c.rcvNxt());
        assertEquals(65536, c.rcvbuf(), "SO_RCVBUF locks the buffer");
        c.read(100_000, null);
        h.clearOut();
    }

    @Test void overALockedRcvbufAPartlyReadQueueIsCollapsedIntoPageSizedSkbsAndTheSegmentQueued() {
        FakeHost h = new FakeHost();
        TcpConnection c = lockedAt64K(h);
        fillPastRcvbuf(h, c, 4);
        assertEquals(100, c.read(100, null));
        inputBigSkb(h, c, 4);
        // tcp_collapse from copied_seq: the head holds read data, so it and all after it are copied, 5740 bytes
        // into SKB_WITH_OVERHEAD(4096) = 3840 + 1900 bytes, both kmalloc-4096 skbs of truesize 4096 + 256
        assertEquals(1, c.stats().PruneCalled);
        assertEquals(4, c.stats().TCPRcvCollapsed);
        assertEquals(0, c.stats().RcvPruned);
        assertEquals(0, h.dropped);
        assertEquals(5 * 1460, c.rcvNxt());
        assertEquals(2 * 4352 + 16640, c.rmemAlloc());
        assertEquals(5 * 1460 - 100, c.read(100_000, null), "every byte is still there, in order");
        assertEquals(0, c.rmemAlloc());
        h.clearOut();
    }

    @Test void overALockedRcvbufAnOutOfOrderRangeIsCollapsed() {
        FakeHost h = new FakeHost();
        TcpConnection c = lockedAt64K(h);
        for (int i = 1; i <= 5; i++) inputBigSkb(h, c, i); // a hole at 0; the 5th finds 4 x 16640 > 65536
        // tcp_collapse_ofo_queue: one contiguous range of 4 skbs, bloated for the default scaling ratio (1/2):
        // 5840 bytes into 3840 + 2000, two skbs of truesize 4352; then the 5th is queued
        assertEquals(1, c.stats().PruneCalled);
        assertEquals(4, c.stats().TCPRcvCollapsed);
        assertEquals(5, c.stats().TCPOFOQueue);
        assertEquals(0, h.dropped);
        assertEquals(2 * 4352 + 16640, c.rmemAlloc());
        c.input(h.seg(0, 1460, 0, 65535)); // fills the hole: the whole range moves to the receive queue
        assertEquals(6 * 1460, c.rcvNxt());
        assertEquals(6 * 1460, c.read(100_000, null));
        assertEquals(0, c.rmemAlloc());
        h.clearOut();
    }
}
