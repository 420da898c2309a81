// Tunables of one TCP endpoint, named after the Linux sysctls/socket options they mirror; no option negotiation (SACK and timestamps on both ends must be configured alike).
package ringlab.sim.tcp;

/**
 * Per-endpoint TCP configuration. Plain public fields; times in virtual nanoseconds, sizes in bytes.
 * Defaults are a Linux 6.x kernel with default sysctls and an MTU of 1500 without TCP options.
 */
public final class TcpConfig {
    public static final long MS = 1_000_000L;

    /**
     * Payload bytes of a full-size segment (tp->mss_cache: the MSS less the options every segment carries): 1460
     * for MTU 1500 without options, 1448 with timestamps; iperf3 -M sets the MSS it is taken from.
     */
    public int mss = 1460;
    /**
     * net.ipv4.tcp_timestamps: every segment carries the timestamp option, TCPOLEN_TSTAMP_ALIGNED bytes, which
     * {@link #mss} must make room for (1448 payload bytes in a 1500-byte packet). A simulation sets both from
     * --set tcp_timestamps (Linux's default 1, on); false here, so that this class's own defaults (1460) are one
     * consistent connection at MTU 1500.
     */
    public boolean timestamps = false;
    /** TCPOLEN_TSTAMP_ALIGNED: the timestamp option (10 bytes) with the two NOPs that align it. */
    public static final int TCPOLEN_TSTAMP_ALIGNED = 12;
    /**
     * A TSecr that is less than a millisecond old gives a 1 ms receiver RTT sample (tcp_rtt_tsopt_us before 6.16),
     * rather than none (6.16's "tcp: remove zero TCP TS samples for autotuning", also in 6.12.y stable); only
     * with {@link #timestamps}. A simulation sets it from the board's kernel version.
     */
    public boolean tsZeroDeltaIsOneMs = true;
    /**
     * The receive window is the free buffer space times the payload/truesize ratio of the last full-sized segment
     * (6.6's "tcp: get rid of sysctl_tcp_adv_win_scale"); false: half of it (tcp_adv_win_scale 1, the rule before
     * 6.6), which over-promises for small segments in large buffers. A simulation sets it from the board's kernel.
     */
    public boolean scalingRatio = true;
    /** net.ipv4.tcp_congestion_control: "cubic" (default) or "newreno" (Linux "reno"). */
    public String congestionControl = "cubic";

    /** net.ipv4.tcp_rmem[1]: initial sk_rcvbuf in bytes of truesize. */
    public int rmemDefault = 131072;
    /** net.ipv4.tcp_rmem[2]: receive buffer autotuning cap (tcp_rcv_space_adjust). */
    public int rmemMax = 6291456;
    /** net.ipv4.tcp_wmem[1]: initial sk_sndbuf. */
    public int wmemDefault = 16384;
    /** net.ipv4.tcp_wmem[2]: send buffer autotuning cap (tcp_sndbuf_expand). */
    public int wmemMax = 4194304;
    /** net.core.rmem_max / wmem_max: caps a SO_RCVBUF / SO_SNDBUF request before the kernel doubles it. */
    public int coreRmemMax = 212992, coreWmemMax = 212992;
    /**
     * SO_RCVBUF / SO_SNDBUF value the application set (iperf3 -w sets both), 0 = not set (autotune).
     * The kernel stores 2 * min(value, core max) and stops autotuning that buffer (SOCK_*BUF_LOCK).
     */
    public int soRcvbuf = 0, soSndbuf = 0;

    /** IP_TOS of the socket (iperf3 -S/--dscp sets it on both ends): the TOS byte of every segment sent. */
    public int ipTos = 0;

    /** TCP_INIT_CWND, segments. */
    public int initCwnd = 10;
    /** TCP_RTO_MIN (200 ms), TCP_TIMEOUT_INIT (1 s), TCP_RTO_MAX (120 s). */
    public long rtoMinNs = 200 * MS, rtoInitNs = 1000 * MS, rtoMaxNs = 120_000 * MS;
    /** TCP_DELACK_MIN = TCP_ATO_MIN (40 ms) and TCP_DELACK_MAX (200 ms): delayed ACK timeout bounds. */
    public long delackMinNs = 40 * MS, delackMaxNs = 200 * MS;
    /** TCP_MAX_QUICKACKS: immediate ACKs at the start of a connection (and after idle/out-of-window data). */
    public int quickAcks = 16;
    /**
     * net.ipv4.tcp_reordering: initial tp->reordering, the duplicate ACKs (or SACKed segments above a hole)
     * that make a segment lost; SACK-detected reordering raises it up to {@link #maxReordering}.
     */
    public int dupThresh = 3;
    /** net.ipv4.tcp_max_reordering. */
    public int maxReordering = 300;
    /**
     * net.ipv4.tcp_sack (default on): send SACK blocks and recover with the SACK scoreboard (RFC 2018/6675);
     * off = NewReno (RFC 6582). There is no handshake, so both ends must be configured alike (as if the SYNs
     * had negotiated SACK-permitted).
     */
    public boolean sack = true;
    /** net.ipv4.tcp_dsack (default on): report duplicate segments with a D-SACK block (RFC 2883); needs sack. */
    public boolean dsack = true;

    /**
     * Per-segment memory estimate for tcp_sndbuf_expand: per_mss = roundup_pow_of_two(SKB_TRUESIZE(mss +
     * MAX_TCP_HEADER)). MAX_TCP_HEADER (about 320 B) and the sk_buff + skb_shared_info overhead of
     * SKB_TRUESIZE (about 576 B on 64-bit) are estimates.
     */
    public int maxTcpHeader = 320, skbTruesizeOverhead = 576;
    /** Charged as truesize = payload + this when a received packet arrives with truesize 0 (host did not set it). */
    public int truesizeFallbackOverhead = 768;
    /**
     * Receive window the peer advertised in its SYN (the sender's initial snd_wnd), 0 = assume the peer
     * has this same configuration (see {@link TcpReceiver#synWindow(TcpConfig)}).
     */
    public long peerSynWindow = 0;

    /** per_mss of tcp_sndbuf_expand, bytes. */
    public int sndbufPerSegment() {
        int v = mss + maxTcpHeader + skbTruesizeOverhead;
        return Integer.highestOneBit(v - 1) << 1;
    }

    public TcpConfig copy() {
        TcpConfig c = new TcpConfig();
        c.mss = mss; c.congestionControl = congestionControl;
        c.rmemDefault = rmemDefault; c.rmemMax = rmemMax; c.wmemDefault = wmemDefault; c.wmemMax = wmemMax;
        c.coreRmemMax = coreRmemMax; c.coreWmemMax = coreWmemMax; c.soRcvbuf = soRcvbuf; c.soSndbuf = soSndbuf; c.ipTos = ipTos;
        c.initCwnd = initCwnd; c.rtoMinNs = rtoMinNs; c.rtoInitNs = rtoInitNs; c.rtoMaxNs = rtoMaxNs;
        c.delackMinNs = delackMinNs; c.delackMaxNs = delackMaxNs; c.quickAcks = quickAcks; c.dupThresh = dupThresh;
        c.maxReordering = maxReordering; c.sack = sack; c.dsack = dsack; c.timestamps = timestamps; c.tsZeroDeltaIsOneMs = tsZeroDeltaIsOneMs;
        c.scalingRatio = scalingRatio;
        c.maxTcpHeader = maxTcpHeader; c.skbTruesizeOverhead = skbTruesizeOverhead;
        c.truesizeFallbackOverhead = truesizeFallbackOverhead; c.peerSynWindow = peerSynWindow;
        return c;
    }
}
