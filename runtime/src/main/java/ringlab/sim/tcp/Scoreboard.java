// Sender scoreboard (tcp_rtx_queue with per-skb SACKED/LOST/RETRANS bits): SACK tagging, RFC 6675 loss marking as tcp_mark_head_lost, lost-retransmit detection as the pre-RACK tcp_mark_lost_retrans, Reno dupack "sacks"; no RACK, no splitting of partly SACKed segments.
package ringlab.sim.tcp;

import ringlab.spi.net.Packet;

/**
 * One record per sent segment (seq, len, flags) in a ring addressed by absolute index, so hints stay valid
 * while the head is acknowledged; arrays grow by doubling and are never shrunk (no garbage in steady state).
 * Counters are in segments as in Linux: packets_in_flight = packets_out - (sacked_out + lost_out) + retrans_out.
 * A segment is lost when at least {@code reordering} SACKed segments lie above it (tcp_update_scoreboard), or
 * it is the head on a fast retransmit without enough SACKs, or after an RTO (tcp_timeout_mark_lost, which keeps
 * SACK marks unless the head itself is SACKed: reneging). A retransmission is lost again when data sent after it
 * has been SACKed (tcp_mark_lost_retrans of Linux <= 4.3; RACK replaced it later). Without SACK, sacked_out
 * counts duplicate ACKs (tcp_add_reno_sack / tcp_remove_reno_sacks) and only the head is ever marked lost.
 */
final class Scoreboard {
    static final byte SACKED = 1, LOST = 2, RETRANS = 4, EVER_RETRANS = 8;

    private long[] seq = new long[64], rtxAck = new long[64];
    private int[] len = new int[64];
    private byte[] fl = new byte[64];
    private int mask = 63;
    /** Absolute indices of the first segment and one past the last. */
    private long head, tail;

    int sackedOut, lostOut, retransOut;
    /** End of the highest SACKed segment (tcp_highest_sack_seq), or 0 when nothing is SACKed. */
    long highSacked;
    /** tcp_mark_head_lost hint: index and SACKed segments below it. */
    private long lostIdx;
    private int lostCnt;
    /** First index that may still need a retransmission (retransmit_skb_hint). */
    private long rtxIdx;
    /** Retransmissions in the order sent: seq and snd_nxt at that time (ack_seq of tcp_mark_lost_retrans). */
    private long[] lrSeq = new long[64], lrAck = new long[64];
    private int lrHead, lrCount;
    /** Blocks of the previous ACK, already tagged (recv_sack_cache). */
    private final long[] cache = new long[2 * Packet.MAX_SACK_BLOCKS];
    private int cacheN;

    // results of the last ackTo / tagSack
    /** Segments cumulatively acked that had not been SACKed (delivered), and whether any had been retransmitted. */
    int ackDelivered;
    boolean retransAcked;
    /** Lowest start of a never-retransmitted segment newly acked or SACKed below the prior highest SACK (state->reord). */
    long reord;
    /** tcp_highest_sack_seq when the current ACK arrived. */
    private long priorFack;
    /** TCPLostRetransmit / TCPDSACKRecv / TCPSACKReneging events since the caller last read them. */
    int lostRetrans, dsacks, renegings;

    private int slot(long i) { return (int) (i & mask); }

    int packetsOut() { return (int) (tail - head); }

    int inFlight() { return packetsOut() - (sackedOut + lostOut) + retransOut; }

    long endOf(long i) { return seq[slot(i)] + len[slot(i)]; }

    long seqOf(long i) { return seq[slot(i)]; }

    int lenOf(long i) { return len[slot(i)]; }

    long headIndex() { return head; }

    /** A new segment [s, s + l) was sent. */
    void add(long s, int l) {
        if (tail - head == seq.length) grow();
        int k = slot(tail++);
        seq[k] = s;
        len[k] = l;
        fl[k] = 0;
    }

    private void grow() {
        int n = seq.length * 2;
        long[] s2 = new long[n], a2 = new long[n];
        int[] l2 = new int[n];
        byte[] f2 = new byte[n];
        for (long i = head; i < tail; i++) {
            int o = slot(i), k = (int) (i & (n - 1));
            s2[k] = seq[o];
            a2[k] = rtxAck[o];
            l2[k] = len[o];
            f2[k] = fl[o];
        }
        seq = s2;
        rtxAck = a2;
        len = l2;
        fl = f2;
        mask = n - 1;
    }

    /** Index of the first segment whose end is above {@code s}, or tail. */
    private long firstEndingAfter(long s) {
        long lo = head, hi = tail;
        while (lo < hi) {
            long mid = (lo + hi) >>> 1;
            if (endOf(mid) <= s) lo = mid + 1; else hi = mid;
        }
        return lo;
    }

    /** Starts processing an ACK: resets the per-ACK results. */
    void beginAck() {
        reord = Long.MAX_VALUE;
        priorFack = highSacked;
    }

    /** tcp_clean_rtx_queue: drops segments below {@code ack}; returns the segments removed. */
    int ackTo(long ack) {
        int n = 0;
        ackDelivered = 0;
        retransAcked = false;
        while (head < tail && endOf(head) <= ack) {
            int k = slot(head);
            byte f = fl[k];
            if ((f & SACKED) != 0) {
                sackedOut--;
                if (head < lostIdx) lostCnt--;
            } else {
                ackDelivered++;
                if ((f & EVER_RETRANS) == 0 && seq[k] < priorFack && seq[k] < reord) reord = seq[k];
            }
            if ((f & LOST) != 0) lostOut--;
            if ((f & RETRANS) != 0) retransOut--;
            if ((f & EVER_RETRANS) != 0) retransAcked = true;
            head++;
            n++;
        }
        if (head < tail && seq[slot(head)] < ack) { // partly acked head (tcp_trim_head)
            int k = slot(head);
            len[k] -= (int) (ack - seq[k]);
            seq[k] = ack;
        }
        if (lostIdx < head) {
            lostIdx = head;
            lostCnt = 0;
        }
        if (rtxIdx < head) rtxIdx = head;
        if (sackedOut == 0) highSacked = 0;
        return n;
    }

    /** tcp_sacktag_write_queue: tags what the packet's blocks cover in [una, sndMax); returns newly SACKed segments. */
    int tagSack(Packet p, long una, long sndMax) {
        int newly = 0, nc = 0;
        long[] blk = p.sack;
        for (int b = 0; b < p.sackBlocks; b++) {
            long s = blk[2 * b], e = blk[2 * b + 1];
            if (b == 0 && (s < p.ack || (p.sackBlocks > 1 && s >= blk[2] && e <= blk[3]))) { // tcp_check_dsack
                dsacks++;
                continue;
            }
            if (e <= s || e > sndMax || e <= una) continue; // tcp_is_sackblock_valid (simplified)
            if (s < una) s = una;
            newly += tagUncached(s, e);
            if (nc < Packet.MAX_SACK_BLOCKS) {
                cache[2 * nc] = s;
                cache[2 * nc + 1] = e;
                nc++;
            }
        }
        cacheN = nc;
        return newly;
    }

    /** Tags [s, e) minus the parts the previous ACK's blocks covered. */
    private int tagUncached(long s, long e) {
        int newly = 0;
        long cur = s;
        while (cur < e) {
            long pieceEnd = e;
            boolean skip = false;
            for (int c = 0; c < cacheN; c++) {
                long cs = cache[2 * c], ce = cache[2 * c + 1];
                if (cs <= cur && cur < ce) {
                    skip = true;
                    pieceEnd = Math.min(e, ce);
                    break;
                }
                if (cs > cur && cs < pieceEnd) pieceEnd = cs;
            }
            if (!skip) newly += tagRange(cur, pieceEnd);
            cur = pieceEnd;
        }
        return newly;
    }

    /** tcp_sacktag_one for every segment entirely inside [s, e). */
    private int tagRange(long s, long e) {
        int newly = 0;
        for (long i = firstEndingAfter(s); i < tail; i++) {
            int k = slot(i);
            long ss = seq[k], se = ss + len[k];
            if (se > e) break;
            if (ss < s) continue;
            byte f = fl[k];
            if ((f & SACKED) != 0) continue;
            if ((f & RETRANS) != 0) retransOut--;
            else if ((f & EVER_RETRANS) == 0 && ss < priorFack && ss < reord) reord = ss; // filled a hole: reordering
            if ((f & LOST) != 0) lostOut--;
            fl[k] = (byte) ((f & ~(LOST | RETRANS)) | SACKED);
            sackedOut++;
            newly++;
            if (i < lostIdx) lostCnt++;
            if (se > highSacked) highSacked = se;
        }
        return newly;
    }

    /** tcp_mark_skb_lost; returns 1 if the segment became newly lost. */
    private int markLost(long i) {
        int k = slot(i);
        byte f = fl[k];
        if ((f & SACKED) != 0) return 0;
        if (i < rtxIdx) rtxIdx = i;
        if ((f & LOST) != 0) {
            if ((f & RETRANS) != 0) { // a retransmission lost again
                fl[k] = (byte) (f & ~RETRANS);
                retransOut--;
                lostRetrans++;
            }
            return 0;
        }
        fl[k] = (byte) (f | LOST);
        lostOut++;
        return 1;
    }

    /** tcp_update_scoreboard (SACK): returns the segments newly marked lost. */
    int updateScoreboard(int reordering, boolean fastRexmit, long lossHigh) {
        int upto = sackedOut - reordering;
        if (upto >= 0) return markHeadLost(upto, false, lossHigh);
        if (fastRexmit) return markHeadLost(1, true, lossHigh);
        return 0;
    }

    /** tcp_mark_head_lost: marks un-SACKed segments from the head while at most {@code packets} SACKed lie below. */
    private int markHeadLost(int packets, boolean markHead, long lossHigh) {
        long i = lostIdx;
        int cnt = lostCnt;
        if (markHead && i > head) return 0;
        int newly = 0;
        for (; i < tail; i++) {
            lostIdx = i;
            lostCnt = cnt;
            if (endOf(i) > lossHigh) break;
            if ((fl[slot(i)] & SACKED) != 0) cnt++;
            if (cnt > packets) break;
            newly += markLost(i);
            if (markHead) break;
        }
        return newly;
    }

    /** tcp_newreno_mark_lost: the head (Reno fast retransmit or partial ACK). */
    int markHeadLostReno() { return head < tail ? markLost(head) : 0; }

    /** tcp_mark_lost_retrans: retransmissions sent before data that is now SACKed are lost again. */
    int detectLostRetrans() {
        int newly = 0;
        int cap = lrSeq.length;
        while (lrCount > 0 && lrAck[lrHead] < highSacked) {
            long s = lrSeq[lrHead], a = lrAck[lrHead];
            lrHead = (lrHead + 1) & (cap - 1);
            lrCount--;
            long i = firstEndingAfter(s);
            if (i >= tail || seqOf(i) != s) continue;
            int k = slot(i);
            if ((fl[k] & (RETRANS | SACKED)) == RETRANS && rtxAck[k] == a) {
                fl[k] = (byte) (fl[k] & ~RETRANS);
                retransOut--;
                lostRetrans++;
                newly++;
                if (i < rtxIdx) rtxIdx = i;
            }
        }
        return newly;
    }

    /** The next lost segment to retransmit (tcp_xmit_retransmit_queue), or -1. */
    long nextToRetransmit() {
        if (retransOut >= lostOut) return -1;
        long i = rtxIdx;
        boolean hole = false;
        for (; i < tail; i++) {
            byte f = fl[slot(i)];
            if ((f & LOST) != 0 && (f & (SACKED | RETRANS)) == 0) return i;
            if (!hole && (f & (SACKED | RETRANS)) == 0) hole = true; // not lost yet: may be later
            if (!hole) rtxIdx = i + 1;
        }
        return -1;
    }

    /** Segment i is being retransmitted while snd_nxt is {@code sndNxt}. */
    void onRetransmit(long i, long sndNxt) {
        int k = slot(i);
        if ((fl[k] & RETRANS) == 0) retransOut++;
        fl[k] |= RETRANS | EVER_RETRANS;
        rtxAck[k] = sndNxt;
        if (lrCount == lrSeq.length) {
            int n = lrSeq.length * 2;
            long[] s2 = new long[n], a2 = new long[n];
            for (int j = 0; j < lrCount; j++) {
                s2[j] = lrSeq[(lrHead + j) & (lrSeq.length - 1)];
                a2[j] = lrAck[(lrHead + j) & (lrSeq.length - 1)];
            }
            lrSeq = s2;
            lrAck = a2;
            lrHead = 0;
        }
        int t = (lrHead + lrCount) & (lrSeq.length - 1);
        lrSeq[t] = seq[k];
        lrAck[t] = sndNxt;
        lrCount++;
    }

    /** tcp_timeout_mark_lost: everything not SACKed is lost; SACK marks are dropped if the head is SACKed (reneging). */
    void onTimeout(boolean reno) {
        boolean reneg = head < tail && (fl[slot(head)] & SACKED) != 0;
        if (reneg) {
            renegings++;
            sackedOut = 0;
            highSacked = 0;
        } else if (reno) {
            sackedOut = 0;
        }
        for (long i = head; i < tail; i++) {
            if (reneg) fl[slot(i)] &= ~SACKED;
            markLost(i);
        }
        lostIdx = rtxIdx = head; // tcp_clear_all_retrans_hints
        lostCnt = 0;
        lrCount = 0;
        cacheN = 0;
    }

    // ---- Reno: duplicate ACKs stand in for SACKed segments

    /** tcp_add_reno_sack with tcp_limit_reno_sacked; returns the delivered increment. */
    int addRenoSack() {
        int prior = sackedOut;
        sackedOut++;
        int holes = Math.min(Math.max(lostOut, 1), packetsOut());
        if (sackedOut + holes > packetsOut()) sackedOut = Math.max(0, packetsOut() - holes);
        return Math.max(0, sackedOut - prior);
    }

    /** tcp_remove_reno_sacks after {@code acked} segments were cumulatively acked; returns delivered. */
    int removeRenoSacks(int acked) {
        if (acked <= 0) return 0;
        int delivered = Math.max(acked - sackedOut, 1);
        if (acked - 1 >= sackedOut) sackedOut = 0; else sackedOut -= acked - 1;
        return delivered;
    }

    void resetRenoSack() { sackedOut = 0; }
}
