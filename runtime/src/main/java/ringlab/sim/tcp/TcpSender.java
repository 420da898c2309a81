// Send half of a TCP endpoint: send buffer, segmentation, cwnd/rwnd limits, SACK (RFC 6675) or NewReno (RFC 6582) loss recovery with PRR (RFC 6937), RTO, persist probes, sndbuf autotuning, TSQ through TcpHost.smallQueueFull; no RACK/TLP, F-RTO, undo, pacing or TSO.
package ringlab.sim.tcp;

import ringlab.spi.net.Packet;

/**
 * Byte-stream sender after Linux 6.x tcp_ack/tcp_fastretrans_alert/tcp_xmit_retransmit_queue. No payload is
 * stored: a segment is (seq, len) in the {@link Scoreboard}, so a retransmission is a new packet for an old range
 * (with the original boundaries). What may be sent is decided in segments: packets_in_flight (= sent - SACKed -
 * lost + retransmitted) must stay below cwnd; as in Linux this gives RFC 3042 limited transmit for free (each
 * SACKed segment, or each duplicate ACK without SACK, takes one segment out of the pipe).
 * <ul>
 * <li>Recovery starts when a segment is deemed lost: {@code reordering} (net.ipv4.tcp_reordering, raised by
 * SACK-detected reordering, TCPSACKReorder) SACKed segments lie above a hole, or that many duplicate ACKs arrived.
 * SACK holes are marked lost per RFC 6675 IsLost (tcp_mark_head_lost), the head on a fast retransmit; without SACK
 * only the head, and the new head on each partial ACK (tcp_newreno_mark_lost, with the RFC 6582 "recover" guard).
 * Lost segments are retransmitted in order, then new data, while the pipe allows.</li>
 * <li>cwnd in recovery follows PRR (tcp_cwnd_reduction, 6.x: proportional while the pipe is above ssthresh, then
 * the conservative bound plus one segment when snd_una advanced without new losses), for SACK and Reno alike;
 * recovery ends with cwnd = ssthresh when snd_una reaches the recovery point. The old RFC 6582 cwnd inflation
 * (+1 per duplicate ACK) is gone on purpose: Linux never inflated, and inflation let cwnd grow to thousands of
 * segments during a long recovery and blast that into the bottleneck that had just dropped.</li>
 * <li>RTO (tcp_enter_loss): everything un-SACKed is lost (SACK marks are kept unless the head is SACKed, i.e.
 * the receiver reneged), cwnd = 1, slow start while the lost segments are retransmitted in order; the loss state
 * ends when snd_una passes the highest sequence sent before the timeout. The RTO is restarted on every ACK of
 * new data ("slow-but-steady"). RTT is timed on one segment at a time (Karn).</li>
 * </ul>
 * Out of scope: RACK-TLP (Linux's default loss detection since 4.18 replaces the dupthresh/lost-retransmit rules
 * used here), F-RTO, undo via D-SACK/timestamps, SACK reneging beyond the RTO rule.
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
    /** tp->max_window: the largest window the peer has offered. */
    private long maxWnd;
    private final PushMarks push;
    long sndbuf;
    final boolean sndbufLocked;
    /** End of the last sub-MSS segment sent (snd_sml, Minshall's Nagle). */
    private long sndSml;

    int state = OPEN;
    /** Linux high_seq (NewReno "recover", RFC 6675 RecoveryPoint). */
    long recover;
    int dupAcks;
    /** Segment records and SACK/lost/retransmit state. */
    final Scoreboard sb = new Scoreboard();
    /** SACK in use (net.ipv4.tcp_sack on both ends). */
    final boolean sack;
    /** tp->reordering: segments of reordering tolerated before a hole is lost. */
    int reordering;
    /** PRR: segments delivered to the receiver and sent since recovery began. */
    int prrDelivered, prrOut;
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
        this.sack = cfg.sack;
        this.reordering = cfg.dupThresh;
        sndUna = sndNxt = sndMax = writeSeq = sndSml = cwndUsageSeq = isn;
        recover = isn - 1;
        cw.cwnd = cfg.initCwnd;
        sndWnd = maxWnd = cfg.peerSynWindow > 0 ? cfg.peerSynWindow : TcpReceiver.synWindow(cfg);
        push = new PushMarks(isn);
        sndbufLocked = cfg.soSndbuf > 0;
        sndbuf = sndbufLocked ? Math.max(2L * Math.min(cfg.soSndbuf, cfg.coreWmemMax), SOCK_MIN_SNDBUF) : cfg.wmemDefault;
        sndbufExpand(); // tcp_init_buffer_space
    }

    long rtoNs() { return rto.rto(); }

    long srttNs() { return rto.srtt(); }

    long queued() { return writeSeq - sndUna; }

    /** tcp_push of a sendmsg call that copied data and now waits for send buffer: PSH on the unsent tail, if any. */
    void pushBeforeWait() {
        if (writeSeq > sndNxt) push.mark(writeSeq, sndNxt, mss);
    }

    /**
     * Appends up to bytes to the send queue and transmits what the windows allow. {@code more}: the sendmsg
     * call goes on after these bytes (no tcp_push yet); otherwise they end it, and the last byte written is
     * marked for PSH, as it is when the call has to wait for send buffer.
     */
    long write(long bytes, boolean more) {
        if (bytes <= 0) return 0;
        long free = sndbuf - queued();
        long n = Math.max(0, Math.min(bytes, free));
        if (n < bytes) writerBlocked = true;
        if (n == 0) return 0;
        writeSeq += n;
        if (!more || n < bytes || push.forced(writeSeq, maxWnd)) push.mark(writeSeq, sndNxt, mss);
        transmit();
        return n;
    }

    /** tcp_write_xmit after tcp_xmit_retransmit_queue: lost segments first, then new data, within cwnd and rwnd. */
    void transmit() {
        boolean sent = false, cwndBlocked = false;
        while (sb.lostOut > sb.retransOut) {
            if (sb.inFlight() >= cw.cwnd) {
                cwndBlocked = true;
                break;
            }
            if (host.smallQueueFull(conn)) break; // TSQ: wait for a tx completion
            long i = sb.nextToRetransmit();
            if (i < 0) break;
            long s = sb.seqOf(i);
            if (s >= sndUna + sndWnd && s != sndUna) break; // tcp_retransmit_skb: beyond the window
            retransmit(i, true);
            sent = true;
        }
        while (true) {
            long avail = writeSeq - sndNxt;
            if (avail <= 0) break;
            int len = (int) Math.min(mss, avail);
            if (sb.inFlight() >= cw.cwnd) {
                cwndBlocked = true;
                break;
            }
            if (sndNxt + len > sndUna + sndWnd) break;
            if (len < mss && sndSml > sndUna && sndNxt > sndUna) break; // Nagle (Minshall)
            if (host.smallQueueFull(conn)) break; // TSQ: wait for a tx completion
            sendNew(len);
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

    /** A new segment [snd_nxt, snd_nxt + len). */
    private void sendNew(int len) {
        long seq = sndNxt;
        if (rttStart < 0) {
            rttSeq = seq + len;
            rttStart = host.now();
        }
        sb.add(seq, len);
        sndNxt = sndMax = seq + len;
        if (len < mss) sndSml = sndNxt;
        if (state == RECOVERY) prrOut++;
        conn.emit(seq, len, push.take(seq, sndNxt) ? Packet.PSH : 0);
    }

    /** tcp_retransmit_skb of scoreboard segment i; {@code counted}: TCPFastRetrans / TCPSlowStartRetrans. */
    private void retransmit(long i, boolean counted) {
        long seq = sb.seqOf(i);
        int len = sb.lenOf(i);
        stats.RetransSegs++;
        if (counted) {
            if (state == LOSS) stats.TCPSlowStartRetrans++;
            else stats.TCPFastRetrans++;
        }
        if (state == RECOVERY) prrOut++;
        if (rttStart >= 0 && seq < rttSeq) rttStart = -1; // Karn
        sb.onRetransmit(i, sndNxt);
        conn.emit(seq, len, seq + len == writeSeq ? Packet.PSH : 0);
    }

    private void cwndValidate(boolean isLimited) {
        int packetsOut = sb.packetsOut();
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

    /** tcp_ack: cumulative ACK, SACK tagging, window update, recovery state machine, cwnd (PRR or growth). */
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
                maxWnd = Math.max(maxWnd, nwin);
            }
            sndWl1 = p.seq;
        }
        sb.beginAck();
        int delivered = 0, newlyLost = 0;
        long priorFack = sb.highSacked;
        if (advanced) {
            long acked = ack - sndUna;
            int segs = sb.ackTo(ack);
            delivered = sack ? sb.ackDelivered : sb.removeRenoSacks(segs);
            sndUna = ack;
            if (rttStart >= 0 && ack >= rttSeq) {
                long r = now - rttStart;
                rto.sample(r);
                cc.rttSample(r);
                rttStart = -1;
            }
            ackCarry += (int) Math.min(acked, Integer.MAX_VALUE - mss);
            if (sndUna >= sndMax) conn.cancelTimer(TcpConnection.TIMER_RTO);
            else conn.armTimer(TcpConnection.TIMER_RTO, now + rto.rto());
            if (writerBlocked) notifyWritable = true;
        }
        boolean dupack = !advanced && !hasPayload && !winUpdate && sndMax > sndUna;
        if (dupack) dupAcks++;
        else if (advanced) dupAcks = 0;
        if (sack) {
            if (p.sackBlocks > 0) delivered += sb.tagSack(p, sndUna, sndMax);
            if (sb.reord < priorFack && state != LOSS) checkReordering(priorFack);
            newlyLost += sb.detectLostRetrans();
        } else if (dupack) {
            delivered += sb.addRenoSack();
        }
        boolean fastRexmit = false;
        if (state != OPEN && sndUna >= recover) { // recovery point reached (tcp_end_cwnd_reduction / loss recovered)
            if (state == RECOVERY) {
                cw.cwnd = Math.max(cw.ssthresh, 1);
                cw.cwndCnt = 0;
                recoveryExitCwnd = cw.cwnd;
            }
            if (!sack) sb.resetRenoSack();
            state = OPEN;
            ackCarry = 0;
            advanced = false; // no growth on the ACK that ends the episode
        } else if (state == OPEN && sb.packetsOut() > 0) {
            if (!sack && sb.sackedOut >= reordering && sndUna > recover) newlyLost += sb.markHeadLostReno();
            boolean lost = sb.lostOut > 0 || sb.sackedOut >= reordering || (sack && dupAcks >= reordering);
            if (lost && (sack || sndUna > recover)) {
                enterRecovery();
                fastRexmit = true;
            }
        } else if (state == RECOVERY && !sack && advanced) {
            newlyLost += sb.markHeadLostReno(); // partial ACK: the next hole
        }
        if (state == RECOVERY && sack) newlyLost += sb.updateScoreboard(reordering, fastRexmit, sndMax);
        stats.TCPLostRetransmit += sb.lostRetrans;
        stats.TCPDSACKRecv += sb.dsacks;
        sb.lostRetrans = sb.dsacks = 0;
        if (state == RECOVERY) {
            cwndReduction(delivered, newlyLost, advanced);
        } else if (advanced) {
            int segs = ackCarry / mss;
            ackCarry -= segs * mss;
            if (segs > 0 && isCwndLimited()) cc.congAvoid(cw, segs, now);
        }
    }

    /** tcp_check_sack_reordering: a never-retransmitted segment below the highest SACK arrived late. */
    private void checkReordering(long fack) {
        long metric = fack - sb.reord;
        if (metric > (long) reordering * mss) reordering = (int) Math.min((metric + mss - 1) / mss, cfg.maxReordering);
        stats.TCPSACKReorder++;
    }

    /** tcp_enter_recovery + tcp_init_cwnd_reduction. */
    private void enterRecovery() {
        priorCwnd = cw.cwnd;
        cw.ssthresh = cc.ssthresh(cw);
        recover = sndMax;
        state = RECOVERY;
        prrDelivered = prrOut = 0;
        cw.cwndCnt = 0;
        ackCarry = 0;
        if (sack) stats.TCPSackRecovery++;
        else stats.TCPRenoRecovery++;
    }

    /** tcp_cwnd_reduction (PRR, RFC 6937, as in Linux 6.x). */
    private void cwndReduction(int delivered, int newlyLost, boolean unaAdvanced) {
        if (delivered <= 0 && prrOut > 0) return;
        prrDelivered += Math.max(delivered, 0);
        int inFlight = sb.inFlight();
        int delta = cw.ssthresh - inFlight;
        int sndcnt;
        if (delta < 0) {
            long dividend = (long) cw.ssthresh * prrDelivered + priorCwnd - 1;
            sndcnt = (int) (dividend / priorCwnd) - prrOut;
        } else {
            sndcnt = Math.max(prrDelivered - prrOut, delivered);
            if (unaAdvanced && newlyLost == 0) sndcnt++;
            sndcnt = Math.min(delta, sndcnt);
        }
        sndcnt = Math.max(sndcnt, prrOut > 0 ? 0 : 1); // force the fast retransmit
        cw.cwnd = Math.max(1, inFlight + sndcnt);
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

    /** tcp_retransmit_timer + tcp_enter_loss. */
    void onRtoTimer() {
        if (sb.packetsOut() == 0) return;
        stats.TCPTimeouts++;
        if (state == RECOVERY) {
            if (sack) stats.TCPSackFailures++; else stats.TCPRenoFailures++;
        } else if (state == LOSS) {
            stats.TCPLossFailures++;
        }
        sb.onTimeout(!sack);
        stats.TCPLostRetransmit += sb.lostRetrans;
        stats.TCPSACKReneging += sb.renegings;
        sb.lostRetrans = sb.renegings = 0;
        if (state == OPEN || recover <= sndUna) { // reduce once per loss episode
            priorCwnd = cw.cwnd;
            cw.ssthresh = cc.ssthresh(cw);
        }
        if (state == OPEN && sb.sackedOut >= cfg.dupThresh) reordering = Math.min(reordering, cfg.dupThresh);
        cc.onRto();
        cw.cwnd = sb.inFlight() + 1;
        cw.cwndCnt = 0;
        ackCarry = 0;
        state = LOSS;
        recover = sndMax;
        dupAcks = 0;
        rto.backoff();
        long h = sb.nextToRetransmit();
        if (h >= 0) retransmit(h, false); // the head, regardless of cwnd
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
            sendNew(len);
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
