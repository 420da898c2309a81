// Receiver's SACK/D-SACK state (tp->selective_acks, tp->duplicate_sack) as tcp_sack_new_ofo_skb/tcp_sack_remove/tcp_dsack_set keep it; no SACK compression (tcp_comp_sack_nr) and no D-SACK for ofo data overlapping in-order data.
package ringlab.sim.tcp;

import ringlab.spi.net.Packet;

/**
 * Up to {@link Packet#MAX_SACK_BLOCKS} blocks, the one holding the most recently received out-of-order
 * segment first, the others most-recent-first. As in Linux, a fifth block pushes out the oldest one (which
 * is then not reported again unless new data extends it), and a block is dropped once rcv_nxt reaches its
 * start. A D-SACK block (RFC 2883) for a duplicate segment goes first on the next outgoing segment only. A
 * segment carries as many blocks as its 40 option bytes leave room for (tcp_established_options): four
 * without timestamps, three after the 12 bytes of the timestamp option.
 */
final class ReceiverSack {
    static final int MAX = Packet.MAX_SACK_BLOCKS;
    /** MAX_TCP_OPTION_SPACE, and TCPOLEN_SACK_BASE_ALIGNED (two NOPs, kind, length) and TCPOLEN_SACK_PERBLOCK. */
    private static final int OPTION_SPACE = 40, SACK_BASE = 4, PER_BLOCK = 8;
    /** start/end pairs. */
    private final long[] blk = new long[2 * MAX];
    private int num;
    private boolean dsack;
    private long dsStart, dsEnd;

    int count() { return num; }

    long start(int i) { return blk[2 * i]; }

    long end(int i) { return blk[2 * i + 1]; }

    void clear() { num = 0; dsack = false; }

    /** tcp_sack_extend: merges [s, e) into block i if they touch or overlap. */
    private boolean extend(int i, long s, long e) {
        if (blk[2 * i] <= e && s <= blk[2 * i + 1]) {
            if (s < blk[2 * i]) blk[2 * i] = s;
            if (e > blk[2 * i + 1]) blk[2 * i + 1] = e;
            return true;
        }
        return false;
    }

    private void swap(int i, int j) {
        long s = blk[2 * i], e = blk[2 * i + 1];
        blk[2 * i] = blk[2 * j];
        blk[2 * i + 1] = blk[2 * j + 1];
        blk[2 * j] = s;
        blk[2 * j + 1] = e;
    }

    private void removeAt(int i) {
        for (int k = i + 1; k < num; k++) {
            blk[2 * k - 2] = blk[2 * k];
            blk[2 * k - 1] = blk[2 * k + 1];
        }
        num--;
    }

    /** tcp_sack_new_ofo_skb: an out-of-order segment [seq, end) arrived (even if it was all duplicate). */
    void onOfo(long seq, long end) {
        for (int i = 0; i < num; i++) {
            if (extend(i, seq, end)) {
                for (; i > 0; i--) swap(i, i - 1); // rotate to the front
                if (num > 1) maybeCoalesce();
                return;
            }
        }
        if (num >= MAX) num--; // forget the oldest
        for (int i = num; i > 0; i--) {
            blk[2 * i] = blk[2 * i - 2];
            blk[2 * i + 1] = blk[2 * i - 1];
        }
        blk[0] = seq;
        blk[1] = end;
        num++;
    }

    /** tcp_sack_maybe_coalesce: the first block may now touch others. */
    private void maybeCoalesce() {
        for (int i = 1; i < num;) {
            if (extend(0, blk[2 * i], blk[2 * i + 1])) removeAt(i);
            else i++;
        }
    }

    /** tcp_sack_remove: rcv_nxt advanced; blocks it reached are gone (all of them if the ofo queue emptied). */
    void onRcvNxt(long rcvNxt, boolean ofoEmpty) {
        if (ofoEmpty) {
            num = 0;
            return;
        }
        for (int i = 0; i < num;) {
            if (rcvNxt >= blk[2 * i]) removeAt(i);
            else i++;
        }
    }

    /** tcp_dsack_set: report [s, e) as duplicate on the next segment (replaces an unsent one). */
    void dsack(long s, long e) {
        dsack = true;
        dsStart = s;
        dsEnd = e;
    }

    boolean dsackPending() { return dsack; }

    /**
     * tcp_established_options + tcp_options_write: fills the packet's blocks, as many as the option space its
     * other options left ({@code p.tcpOptionBytes}) holds, and adds their option bytes; consumes the D-SACK.
     */
    void write(Packet p) {
        int maxBlocks = Math.min(MAX, (OPTION_SPACE - p.tcpOptionBytes - SACK_BASE) / PER_BLOCK);
        int n = 0;
        if (dsack) {
            p.sack[0] = dsStart;
            p.sack[1] = dsEnd;
            n = 1;
            dsack = false;
        }
        for (int i = 0; i < num && n < maxBlocks; i++, n++) {
            p.sack[2 * n] = blk[2 * i];
            p.sack[2 * n + 1] = blk[2 * i + 1];
        }
        p.sackBlocks = n;
        if (n > 0) p.tcpOptionBytes += SACK_BASE + PER_BLOCK * n; // NOP, NOP, kind 5, length 2 + 8n
    }
}
