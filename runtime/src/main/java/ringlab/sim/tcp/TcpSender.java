// Send half of a TCP endpoint: send buffer, segmentation, cwnd/rwnd limits, NewReno fast recovery (RFC 6582), RTO with go-back-N, persist probes, sndbuf autotuning; no SACK, F-RTO, TLP/RACK, pacing or TSO.
package ringlab.sim.tcp;

import ringlab.sim.net.Packet;

/**
 * Byte-stream sender. No payload is stored: a segment is (seq, len), so a retransmission is just a new
 * packet for an old range. Without SACK the only loss signals are three duplicate ACKs (fast retransmit,
 * then RFC 6582 NewReno recovery with cwnd inflation and partial-ACK retransmits, "slow-but-steady": the RTO
 * is restarted on every ACK of new data, as Linux does) and the retransmission timer (cwnd = 1, go-back-N
 * from snd_una, loss state until snd_una passes the highest sequence sent). RTT is timed on one segment at
 * a time (Karn: timing is abandoned when any byte below the timed end is retransmitted).
 * <p>
 * Deviation kept on purpose: the send-buffer limit counts payload bytes (unsent + unacked <= sndbuf) while
 * Linux counts the truesize of queued skbs (sk_wmem_queued); autotuning uses the kernel's formula.
 * Nagle is Linux's Minshall variant: a sub-MSS segment waits only while an earlier sub-MSS one is unacked.
 */
final class TcpSender {
    static final int OPEN = 0, RECOVERY = 1, LOSS = 2;
    /** SOCK_MIN_SNDBUF, estimate. */
    static final int SOCK_MIN_SNDBUF = 4608;

    private final TcpConnection conn;
    private final TcpHost host;
    private final TcpConfig cfg;
    private final TcpStats stats;
    final CongestionControl cc;
    final CwndState cw = new CwndState();
    final RtoEstimator rto;
    private final int mss;

    final long isn;
    long sndUna, sndNxt, sndMax, writeSeq;
    /** Peer's advertised window (bytes, relative to snd_una) and snd_wl1. */
    long sndWnd, sndWl1;
    long sndbuf;
    final boolean sndbufLocked;
    /** End of the last sub-MSS segment sent (snd_sml, Minshall's Nagle). */
    private long sndSml;

    int state = OPEN;
    /** NewReno "recover" / Linux high_seq. */
    long recover;
    int dupAcks;
    private int ackCarry;
    /** RTT timing of one segment: end seq and send time (-1 = none). */
    private long rttSeq, rttStart = -1;
    // tcp_cwnd_validate
    private boolean cwndLimited;
    private int maxPacketsOut;
    private long cwndUsageSeq;
    private int probeBackoff;
    boolean writerBlocked;
    private boolean notifyWritable;

    /** cwnd (segments) when the last loss was detected, and cwnd when the last fast recovery ended. */
    int priorCwnd, recoveryExitCwnd;

    TcpSender(TcpConnection conn, TcpHost host, TcpConfig cfg, TcpStats stats, long isn) {
        this.conn = conn;
        this.host = host;
        this.cfg = cfg;
        this.stats = stats;
        this.mss = cfg.mss;
        this.cc = CongestionControl.create(cfg.congestionControl);
        this.rto = new RtoEstimator(cfg);
        this.isn = isn;
        sndUna = sndNxt = sndMax = writeSeq = sndSml = cwndUsageSeq = isn;
        recover = isn - 1;
        cw.cwnd = cfg.initCwnd;
        sndWnd = cfg.peerSynWindow > 0 ? cfg.peerSynWindow : TcpReceiver.synWindow(cfg);
        sndbufLocked = cfg.soSndbuf > 0;
        sndbuf = sndbufLocked ? Math.max(2L * Math.min(cfg.soSndbuf, cfg.coreWmemMax), SOCK_MIN_SNDBUF) : cfg.wmemDefault;
        sndbufExpand(); // tcp_init_buffer_space
    }

    long rtoNs() { return rto.rto(); }

    long srttNs() { return rto.srtt(); }

    long queued() { return writeSeq - sndUna; }

    long write(long bytes) {
        if (bytes <= 0) return 0;
        long free = sndbuf - queued();
        long n = Math.max(0, Math.min(bytes, free));
        if (n < bytes) writerBlocked = true;
        if (n == 0) return 0;
        writeSeq += n;
        transmit();
        return n;
    }

    /** tcp_write_xmit: sends what cwnd, the peer's window and Nagle allow; re-sends [snd_nxt, snd_max) after an RTO. */
    void transmit() {
        boolean sent = false, cwndBlocked = false;
        long cwndBytes = (long) cw.cwnd * mss;
        while (true) {
            long avail = writeSeq - sndNxt;
            if (avail <= 0) break;
            int len = (int) Math.min(mss, avail);
            long flight = sndNxt - sndUna;
            if (flight >= cwndBytes) {
                cwndBlocked = true;
                break;
            }
            if (sndNxt + len > sndUna + sndWnd) break;
            boolean rexmit = sndNxt < sndMax;
            if (len < mss && !rexmit && sndSml > sndUna && flight > 0) break; // Nagle (Minshall)
            sendSegment(sndNxt, len, rexmit);
            sndNxt += len;
            if (sndNxt > sndMax) sndMax = sndNxt;
            if (len < mss) sndSml = sndNxt;
            sent = true;
        }
        if (sent) {
            if (conn.timerDeadline(TcpConnection.TIMER_RTO) == TcpConnection.NO_DEADLINE) {
                conn.armTimer(TcpConnection.TIMER_RTO, host.now() + rto.rto());
            }
            conn.cancelTimer(TcpConnection.TIMER_PERSIST);
            probeBackoff = 0;
        }
        if (sent || cwndBlocked) cwndValidate(cwndBlocked);
        checkProbeTimer();
    }

    /** tcp_check_probe_timer: nothing in flight but data waiting that the window does not admit. */
    private void checkProbeTimer() {
        if (sndMax == sndUna && writeSeq > sndNxt
                && conn.timerDeadline(TcpConnection.TIMER_PERSIST) == TcpConnection.NO_DEADLINE
                && conn.timerDeadline(TcpConnection.TIMER_RTO) == TcpConnection.NO_DEADLINE) {
            conn.armTimer(TcpConnection.TIMER_PERSIST, host.now() + probeWhen());
        }
    }

    /** tcp_probe0_when: max(rto, TCP_RTO_MIN) << backoff, capped at TCP_RTO_MAX. */
    private long probeWhen() {
        long base = Math.max(rto.baseRto(), cfg.rtoMinNs);
        for (int i = 0; i < probeBackoff && base < cfg.rtoMaxNs; i++) base <<= 1;
        return Math.min(base, cfg.rtoMaxNs);
    }

    private void sendSegment(long seq, int len, boolean rexmit) {
        if (rexmit) {
            stats.RetransSegs++;
            if (state == LOSS) stats.TCPSlowStartRetrans++;
            if (rttStart >= 0 && seq < rttSeq) rttStart = -1; // Karn
        } else if (rttStart < 0) {
            rttSeq = seq + len;
            rttStart = host.now();
        }
        conn.emit(seq, len, seq + len == writeSeq ? Packet.PSH : 0);
    }

    /** Retransmits the segment at snd_una (fast retransmit, partial ACK, RTO) regardless of cwnd. */
    private void retransmitHead() {
        int len = (int) Math.min(mss, sndMax - sndUna);
        if (len <= 0) return;
        sendSegment(sndUna, len, true);
        if (sndNxt < sndUna + len) sndNxt = sndUna + len;
    }

    private void cwndValidate(boolean isLimited) {
        int packetsOut = (int) ((sndNxt - sndUna + mss - 1) / mss);
        if (sndUna >= cwndUsageSeq || isLimited || (!cwndLimited && packetsOut > maxPacketsOut)) {
            cwndLimited = isLimited;
            maxPacketsOut = packetsOut;
            cwndUsageSeq = sndNxt;
        }
    }

    /** tcp_is_cwnd_limited. */
    private boolean isCwndLimited() {
        if (cw.inSlowStart()) return cw.cwnd < 2 * maxPacketsOut;
        return cwndLimited;
    }

    /** tcp_ack: cumulative ACK, window update, duplicate ACK counting, recovery state machine. */
    void onAck(Packet p, boolean hasPayload) {
        long ack = p.ack;
        if (ack > sndMax || ack < sndUna) return; // ACK of unsent data or an old ACK: ignored
        long now = host.now();
        boolean advanced = ack > sndUna;
        boolean winUpdate = false;
        long nwin = p.window;
        if (advanced || p.seq > sndWl1 || (p.seq == sndWl1 && (nwin > sndWnd || nwin == 0))) {
            if (sndWnd != nwin) {
                winUpdate = true;
                sndWnd = nwin;
            }
            sndWl1 = p.seq;
        }
        if (advanced) {
            long acked = ack - sndUna;
            sndUna = ack;
            if (sndNxt < sndUna) sndNxt = sndUna;
            if (rttStart >= 0 && ack >= rttSeq) {
                long r = now - rttStart;
                rto.sample(r);
                cc.rttSample(r);
                rttStart = -1;
            }
            if (state == RECOVERY) {
                if (ack >= recover) {
                    cw.cwnd = Math.max(cw.ssthresh, 1); // RFC 6582 3.2 step 3, option (2)
                    cw.cwndCnt = 0;
                    recoveryExitCwnd = cw.cwnd;
                    state = OPEN;
                    dupAcks = 0;
                } else { // partial ACK: retransmit the next hole, deflate
                    retransmitHead();
                    long bytes = (long) cw.cwnd * mss - acked + (acked >= mss ? mss : 0);
                    cw.cwnd = (int) Math.max(1, bytes / mss);
                }
            } else {
                if (state == LOSS && ack >= recover) state = OPEN;
                dupAcks = 0;
                ackCarry += (int) Math.min(acked, Integer.MAX_VALUE - mss);
                int segs = ackCarry / mss;
                ackCarry -= segs * mss;
                if (segs > 0 && isCwndLimited()) cc.congAvoid(cw, segs, now);
            }
            if (sndUna >= sndMax) conn.cancelTimer(TcpConnection.TIMER_RTO);
            else conn.armTimer(TcpConnection.TIMER_RTO, now + rto.rto());
            if (writerBlocked) notifyWritable = true;
        } else if (!hasPayload && !winUpdate && sndMax > sndUna) {
            dupAcks++;
            if (state == OPEN) {
                if (dupAcks == cfg.dupThresh && sndUna > recover) enterRecovery();
            } else if (state == RECOVERY) {
                cw.cwnd++; // RFC 6582 3.2 step 4: inflate
            }
        }
    }

    private void enterRecovery() {
        priorCwnd = cw.cwnd;
        cw.ssthresh = cc.ssthresh(cw);
        recover = sndMax;
        state = RECOVERY;
        stats.TCPRenoRecovery++;
        stats.TCPFastRetrans++;
        rttStart = -1;
        retransmitHead();
        cw.cwnd = cw.ssthresh + cfg.dupThresh;
        cw.cwndCnt = 0;
    }

    /** After input: tcp_check_space -> tcp_new_space (sndbuf expansion, writer wake-up). */
    void afterInput() {
        if (!notifyWritable) return;
        notifyWritable = false;
        if (!sndbufLocked && (sndNxt - sndUna) < (long) cw.cwnd * mss) sndbufExpand();
        long queued = queued();
        if (writerBlocked && sndbuf - queued >= (queued >> 1)) {
            writerBlocked = false;
            host.writable(conn);
        }
    }

    /** tcp_sndbuf_expand: 2 * max(cwnd, init cwnd, reordering + 1) * per_mss, up to tcp_wmem[2]. */
    private void sndbufExpand() {
        if (sndbufLocked) return;
        long segs = Math.max(Math.max(cw.cwnd, cfg.initCwnd), cfg.dupThresh + 1);
        long mem = 2 * segs * cfg.sndbufPerSegment();
        if (sndbuf < mem) sndbuf = Math.min(mem, cfg.wmemMax);
    }

    /** tcp_retransmit_timer. */
    void onRtoTimer() {
        if (sndUna >= sndMax) return;
        stats.TCPTimeouts++;
        if (state == OPEN || recover <= sndUna) { // tcp_enter_loss: reduce once per loss episode
            priorCwnd = cw.cwnd;
            cw.ssthresh = cc.ssthresh(cw);
        }
        cc.onRto();
        cw.cwnd = 1;
        cw.cwndCnt = 0;
        ackCarry = 0;
        state = LOSS;
        recover = sndMax;
        dupAcks = 0;
        sndNxt = sndUna; // go-back-N
        rttStart = -1;
        rto.backoff();
        retransmitHead();
        conn.armTimer(TcpConnection.TIMER_RTO, host.now() + rto.rto());
    }

    /** tcp_probe_timer / tcp_send_probe0 / tcp_write_wakeup. */
    void onPersistTimer() {
        if (sndMax > sndUna || writeSeq <= sndNxt) {
            probeBackoff = 0;
            return;
        }
        long usable = sndUna + sndWnd - sndNxt;
        if (usable > 0) { // window opened a little: send what fits
            int len = (int) Math.min(Math.min(usable, mss), writeSeq - sndNxt);
            sendSegment(sndNxt, len, false);
            sndNxt += len;
            if (sndNxt > sndMax) sndMax = sndNxt;
            if (len < mss) sndSml = sndNxt;
            conn.armTimer(TcpConnection.TIMER_RTO, host.now() + rto.rto());
            probeBackoff = 0;
            return;
        }
        stats.TCPWinProbe++;
        conn.emit(sndUna - 1, 0, 0); // zero-window probe: an old sequence number elicits an ACK
        if (probeBackoff < 15) probeBackoff++;
        conn.armTimer(TcpConnection.TIMER_PERSIST, host.now() + probeWhen());
    }
}
