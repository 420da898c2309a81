package ringlab.sim.stack;

import ringlab.sim.tcp.TcpConnection;

/**
 * The limit of TCP small queues (tcp_small_queue_check, net/ipv4/tcp_output.c): a connection's bytes handed
 * below TCP and not yet freed by a transmit completion (sk_wmem_alloc) may reach about 1 ms at its pacing
 * rate (sk_pacing_rate >> sk_pacing_shift 10), at least two skbs, at most tcp_limit_output_bytes. The pacing
 * rate is tcp_update_pacing_rate's cwnd * mss / srtt times 200 % in slow start, 120 % after. Shared by the
 * ideal peer and the device; each counts its skbs' truesize its own way.
 */
final class TcpSmallQueues {
    /** net.ipv4.tcp_limit_output_bytes (1 MB since 4.19). */
    static final long TCP_LIMIT_OUTPUT_BYTES = 1 << 20;

    /** sk_buff + skb_shared_info counted in a 64-bit host's truesize beside the frame. */
    static final int SKB_OVERHEAD = 576;

    private TcpSmallQueues() {}

    /** A full-sized data skb's truesize: one MSS with its TCP/IP (40) and Ethernet (14) headers, plus {@link #SKB_OVERHEAD}. */
    static long fullSkbTruesize(TcpConnection c) { return fullSkbTruesize(c.config().mss); }

    static long fullSkbTruesize(int mss) { return mss + 40 + 14 + SKB_OVERHEAD; }

    /** The bytes a connection with this mss, srtt (ns), cwnd and ssthresh (segments) may have below TCP. */
    static long limit(int mss, long srtt, int cwnd, int ssthresh) {
        long skbTruesize = fullSkbTruesize(mss);
        if (srtt <= 0) return TCP_LIMIT_OUTPUT_BYTES;
        int ratio = cwnd < ssthresh ? 200 : 120;
        double bytesPerSec = (double) ((long) cwnd * mss) * ratio / 100 * 1e9 / srtt;
        return Math.min(TCP_LIMIT_OUTPUT_BYTES, Math.max(2 * skbTruesize, (long) bytesPerSec >> 10));
    }

    /**
     * {@link #limit} of one connection, recomputed only when an input changed (srtt, cwnd, ssthresh; mss is
     * fixed): tcp_write_xmit asks before every segment, and the floating-point division was a measurable
     * share of a simulation's time. The same value as {@link #limit}, always.
     */
    static final class Limit {
        private final int mss;
        private long srtt = -1;
        private int cwnd = -1, ssthresh = -1;
        private long value;

        Limit(int mss) { this.mss = mss; }

        long get(TcpConnection c) { return get(c.srttNs(), c.cwndSegments(), c.ssthreshSegments()); }

        long get(long srtt, int cwnd, int ssthresh) {
            if (srtt != this.srtt || cwnd != this.cwnd || ssthresh != this.ssthresh) {
                this.srtt = srtt;
                this.cwnd = cwnd;
                this.ssthresh = ssthresh;
                value = limit(mss, srtt, cwnd, ssthresh);
            }
            return value;
        }
    }
}
