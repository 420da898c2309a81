package ringlab.sim.tcp;

import java.util.ArrayDeque;

/**
 * Where a Linux sender sets PSH (tcp_mark_push): on the skb holding the last byte of a sendmsg call (tcp_push
 * at the call's end, and before the call sleeps for send buffer in sk_stream_wait_memory), and on the skb being
 * filled once written_seq has passed pushed_seq + max_window / 2 (forced_push). The segment that carries a
 * marked byte goes out with PSH; the others do not, so a receiver's GRO keeps merging a bulk stream (a PSH
 * flushes the flow). A mark on a segment not yet sent moves to the new end when a small write appends less
 * than an MSS to it, as such writes append to the same tail skb.
 */
final class PushMarks {
    /** The marked sequence numbers not yet sent, in order (one per 128 KB write in a bulk transfer: few). */
    private final ArrayDeque<Long> marks = new ArrayDeque<>();
    /** tp->pushed_seq: written_seq at the last mark. */
    private long pushedSeq;

    PushMarks(long isn) { this.pushedSeq = isn; }

    /** forced_push: more than half the largest window the peer offered written since the last mark. */
    boolean forced(long writeSeq, long maxWindow) { return writeSeq > pushedSeq + maxWindow / 2; }

    /** tcp_mark_push at writeSeq, the end of the data written so far; sndNxt says what is already sent. */
    void mark(long writeSeq, long sndNxt, int mss) {
        pushedSeq = writeSeq;
        Long last = marks.peekLast();
        if (last != null) {
            if (last >= writeSeq) return;
            if (last > sndNxt && writeSeq - last < mss) marks.pollLast(); // appended to the same unsent tail
        }
        marks.addLast(writeSeq);
    }

    /** Whether the new segment [seq, end) carries a marked byte; the marks it passes are used up. */
    boolean take(long seq, long end) {
        boolean psh = false;
        while (!marks.isEmpty() && marks.peekFirst() <= end) psh |= marks.pollFirst() > seq;
        return psh;
    }
}
