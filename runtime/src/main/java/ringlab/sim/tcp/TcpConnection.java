// One established TCP endpoint (both directions) over a TcpHost: input dispatch, segment output (with SACK options), timers; no handshake (SACK and timestamps are on as TcpConfig says, as if negotiated), FIN/RST, PAWS, keepalive or pacing.
package ringlab.sim.tcp;

import ringlab.spi.net.Packet;

/**
 * An endpoint created in ESTABLISHED state at construction time (as if the SYN exchange had happened):
 * the first data byte in each direction has sequence number ISN (default 0), the initial peer window is
 * the window a SYN from a peer with the same configuration would carry ({@link TcpConfig#peerSynWindow}
 * overrides it), and the real windows take over from the first segments.
 * <p>
 * Ownership: every packet passed to {@link #input} ends in exactly one of: a receive or out-of-order
 * queue (freed through {@link TcpHost#free} once read, or when trimmed away as duplicate), freed at once
 * (no payload, or all payload already received), or {@link TcpHost#drop} with a kernel-style reason.
 * Outgoing segments come from {@link TcpHost#newPacket} and are handed over with {@link TcpHost#output}.
 * <p>
 * Timers: the connection keeps one deadline per timer id and calls {@link TcpHost#armTimer} only when a
 * deadline moves earlier than the earliest firing it has requested; when a firing comes early (the deadline
 * moved later) it re-arms for the current deadline. Firings before the deadline, after a cancel, or
 * duplicated are ignored, so the host may deliver one firing per armTimer call, or keep only the last.
 * <p>
 * Callbacks: {@link TcpHost#readable} and {@link TcpHost#writable} are made at the end of {@link #input}
 * and {@link #onTimer}, with consistent state; the host may call read/write from them. {@link TcpHost#output}
 * must not call back into this connection synchronously.
 */
public final class TcpConnection {
    public static final int TIMER_RTO = 0, TIMER_DELACK = 1, TIMER_PERSIST = 2;
    static final int TIMERS = 3;
    static final long NO_DEADLINE = Long.MAX_VALUE;

    private final TcpHost host;
    private final TcpConfig cfg;
    private final TcpStats stats = new TcpStats();
    private final TcpSender snd;
    private final TcpReceiver rcv;
    public final int localAddr, localPort, remoteAddr, remotePort;

    private final long[] deadline = new long[TIMERS];
    private final long[] hostAt = new long[TIMERS];
    private boolean notifyReadable;
    /** The host's own per-connection state (like SelectionKey.attachment): saves the host a map lookup per call. */
    private Object hostState;

    public TcpConnection(TcpHost host, TcpConfig cfg, int localAddr, int localPort, int remoteAddr, int remotePort) {
        this(host, cfg, localAddr, localPort, remoteAddr, remotePort, 0, 0);
    }

    /** @param isn sequence number of this endpoint's first data byte; @param peerIsn the peer's. */
    public TcpConnection(TcpHost host, TcpConfig cfg, int localAddr, int localPort, int remoteAddr, int remotePort,
                         long isn, long peerIsn) {
        this.host = host;
        this.cfg = cfg;
        this.localAddr = localAddr;
        this.localPort = localPort;
        this.remoteAddr = remoteAddr;
        this.remotePort = remotePort;
        for (int i = 0; i < TIMERS; i++) deadline[i] = hostAt[i] = NO_DEADLINE;
        this.rcv = new TcpReceiver(this, host, cfg, stats, peerIsn);
        this.snd = new TcpSender(this, host, cfg, stats, isn);
    }

    /** The host's per-connection state, as the host set it at attach (null before). */
    public Object hostState() { return hostState; }

    /** Set once by the host that owns this connection, when it attaches it. */
    public void setHostState(Object state) {
        if (hostState != null) throw new IllegalStateException("connection already attached to its host");
        hostState = state;
    }

    // ---------------------------------------------------------------- application API

    /** Queues up to {@code bytes} into the send buffer (unsent + unacked <= sndbuf); returns the bytes accepted. */
    public long write(long bytes) { return snd.write(bytes, false); }

    /** Part of one sendmsg call that goes on after these bytes when {@code more} (tcp_push only at its end). */
    public long write(long bytes, boolean more) { return snd.write(bytes, more); }

    /** The sendmsg call copied data before and now sleeps for send buffer: tcp_push marks the unsent tail (PSH). */
    public void pushBeforeWait() { snd.pushBeforeWait(); }

    /** Head of the receive queue (in order, already trimmed to unread data after {@link #headOffset()}), or null. */
    public Packet peek() { return rcv.peek(); }

    /** Bytes of {@link #peek()}'s payload already consumed by an earlier partial read. */
    public int headOffset() { return rcv.headOffset(); }

    /**
     * Consumes up to {@code maxBytes} in-order bytes, reporting each chunk (seq, len, packet) to the sink
     * (may be null); fully consumed packets are then freed with {@link TcpHost#free}. May send a window
     * update ACK (tcp_cleanup_rbuf) and grow rcvbuf (tcp_rcv_space_adjust).
     */
    public int read(int maxBytes, ReadSink sink) {
        int n = readPart(maxBytes, sink);
        endRead(n);
        return n;
    }

    /** Part of one tcp_recvmsg call: no tcp_cleanup_rbuf until {@link #endRead}. */
    public int readPart(int maxBytes, ReadSink sink) { return rcv.read(maxBytes, sink, host.now()); }

    /** The end of a tcp_recvmsg call that copied this many bytes: tcp_cleanup_rbuf. */
    public void endRead(int copied) { rcv.endRead(copied); }

    /** In-order bytes queued and not yet read. */
    public int readableBytes() { return rcv.readableBytes(); }

    // ---------------------------------------------------------------- network and timer input

    /**
     * lock_sock held by the reader (inside tcp_recvmsg): segments go to the backlog (tcp_add_backlog) and are
     * processed in the reader's context. Faked: the backlog's limit (sk_rcvbuf + sk_sndbuf, TCPBacklogDrop) is not
     * applied, and the host charges a backlogged segment's TCP work in the softirq that queued it.
     */
    private boolean ownedByUser;
    private Packet backlogHead, backlogTail;
    private int backlogCount;

    /** lock_sock at the start of tcp_recvmsg. */
    public void lockSock() { ownedByUser = true; }

    public boolean hasBacklog() { return backlogHead != null; }

    /** __sk_flush_backlog: the backlogged segments through tcp_v4_do_rcv, in the reader's context. */
    public void flushBacklog() {
        while (backlogHead != null) {
            Packet p = backlogHead;
            backlogHead = p.next;
            if (backlogHead == null) backlogTail = null;
            p.next = null;
            backlogCount -= Math.max(1, p.segs);
            host.process(this, p);
        }
    }

    /** release_sock at the end of tcp_recvmsg: what the backlog holds, then the socket is the softirq's again. */
    public void releaseSock() {
        flushBacklog();
        ownedByUser = false;
    }

    /**
     * tcp_v4_rcv's sock_owned_by_user test: while the reader owns the socket, p goes to the backlog (tcp_add_backlog)
     * and this returns true; false: the caller processes it now ({@link #input}).
     */
    public boolean addBacklog(Packet p) {
        if (!ownedByUser) return false;
        if (backlogTail == null) backlogHead = p; else backlogTail.next = p;
        backlogTail = p;
        backlogCount += Math.max(1, p.segs); // a GRO packet counts for the segments it carries, as in the ledger
        return true;
    }

    /** A segment for this connection (tcp_rcv_established and friends); see the class comment for ownership. */
    public void input(Packet p) {
        long now = host.now();
        stats.InSegs += Math.max(1, p.segs);
        boolean hasPayload = p.payload > 0;
        if (p.has(Packet.ACK)) snd.onAck(p, hasPayload);
        if (!hasPayload) {
            stats.TCPPureAcks++;
            rcv.onEmpty(p, now);
            host.free(p);
        } else if (rcv.onData(p, now)) {
            notifyReadable = true;
        }
        // p may be gone from here on
        snd.transmit(); // tcp_data_snd_check (piggybacks the ACK if data goes out)
        rcv.ackSndCheck(now);
        snd.afterInput();
        notifyApp();
    }

    /** Timer firing for id {@code timer} (TIMER_RTO, TIMER_DELACK, TIMER_PERSIST); stale firings are ignored. */
    /** tcp_tsq_handler: a transmit completion freed room below TCP; send what TSQ held back. */
    public void txCompleted() { snd.transmit(); }

    public void onTimer(int timer) {
        long now = host.now();
        if (now >= hostAt[timer]) hostAt[timer] = NO_DEADLINE;
        long d = deadline[timer];
        if (d == NO_DEADLINE) return;
        if (now < d) {
            if (hostAt[timer] > d) {
                hostAt[timer] = d;
                host.armTimer(this, timer, d);
            }
            return;
        }
        deadline[timer] = NO_DEADLINE;
        switch (timer) {
            case TIMER_RTO: snd.onRtoTimer(); break;
            case TIMER_DELACK: rcv.onDelackTimer(); break;
            case TIMER_PERSIST: snd.onPersistTimer(); break;
            default: throw new IllegalArgumentException("timer " + timer);
        }
        snd.afterInput();
        notifyApp();
    }

    private void notifyApp() {
        if (notifyReadable) {
            notifyReadable = false;
            host.readable(this);
        }
    }

    // ---------------------------------------------------------------- internals shared by sender/receiver

    void armTimer(int timer, long at) {
        deadline[timer] = at;
        if (at < hostAt[timer]) {
            hostAt[timer] = at;
            host.armTimer(this, timer, at);
        }
    }

    void cancelTimer(int timer) { deadline[timer] = NO_DEADLINE; }

    long timerDeadline(int timer) { return deadline[timer]; }

    TcpSender sender() { return snd; }

    /** Builds and outputs one segment; every segment carries ACK, rcv_nxt and the current window. */
    void emit(long seq, int len, int flags) {
        Packet p = host.newPacket();
        p.proto = Packet.TCP;
        p.src = localAddr;
        p.dst = remoteAddr;
        p.sport = localPort;
        p.dport = remotePort;
        p.tos = cfg.ipTos;
        p.seq = seq;
        p.payload = len;
        p.flags = flags | Packet.ACK;
        p.ack = rcv.rcvNxt;
        p.window = rcv.advertise();
        rcv.writeOptions(p, host.now());
        rcv.onAckSent();
        stats.OutSegs++;
        host.output(this, p);
    }

    /** A pure ACK; its seq is snd_max so it is never taken for an old segment (tcp_acceptable_seq). */
    void sendAck() { emit(snd.sndMax, 0, 0); }

    // ---------------------------------------------------------------- observation

    public TcpStats stats() { return stats; }

    public TcpConfig config() { return cfg; }

    public String congestionControl() { return snd.cc.name(); }

    /** Congestion window in bytes (cwnd segments * mss). */
    public long cwndBytes() { return (long) snd.cw.cwnd * cfg.mss; }

    public int cwndSegments() { return snd.cw.cwnd; }

    /** Segments sent and not yet cumulatively acknowledged (tp->packets_out). */
    public int packetsOut() { return snd.sb.packetsOut(); }

    /** ssthresh in segments (Integer.MAX_VALUE = infinite). */
    public int ssthreshSegments() { return snd.cw.ssthresh; }

    /** cwnd (segments) when the last loss (third dupack or first RTO of an episode) was detected. */
    public int priorCwndSegments() { return snd.priorCwnd; }

    /** cwnd (segments) set when the last fast recovery completed (= ssthresh, tcp_end_cwnd_reduction). */
    public int recoveryExitCwndSegments() { return snd.recoveryExitCwnd; }

    /** 0 = open, 1 = fast recovery, 2 = loss (after RTO). */
    public int caState() { return snd.state; }

    /** packets_in_flight: sent - SACKed - lost + retransmitted, segments. */
    public int pipeSegments() { return snd.sb.inFlight(); }

    /** Segments SACKed (without SACK: duplicate ACKs counted as such), lost, retransmitted and in flight. */
    public int sackedSegments() { return snd.sb.sackedOut; }

    public int lostSegments() { return snd.sb.lostOut; }

    public int retransOutSegments() { return snd.sb.retransOut; }

    /** tp->reordering, segments. */
    public int reordering() { return snd.reordering; }

    /** Smoothed RTT in ns (0 before the first sample). */
    public long srttNs() { return snd.rto.srtt(); }

    /** The RTO estimator's RTT variation (Linux's mdev, tcp_info's rttvar), ns; 0 before the first sample. */
    public long rttvarNs() { return snd.rto.rttvar(); }

    /** Current retransmission timeout including backoff, ns. */
    public long rtoNs() { return snd.rto.rto(); }

    /** Bytes the peer has acknowledged. */
    public long bytesAcked() { return snd.sndUna - snd.isn; }

    /** Bytes accepted by {@link #write}. */
    public long bytesWritten() { return snd.writeSeq - snd.isn; }

    /** Bytes sent and not yet acknowledged (snd_nxt - snd_una). */
    public long bytesInFlight() { return snd.sndNxt - snd.sndUna; }

    /** Free send buffer space, bytes. */
    public long sendSpace() { return Math.max(0, snd.sndbuf - snd.queued()); }

    public long sndbuf() { return snd.sndbuf; }

    /** The peer's advertised window, bytes. */
    public long peerWindow() { return snd.sndWnd; }

    public long sndUna() { return snd.sndUna; }

    public long sndNxt() { return snd.sndNxt; }

    public long isn() { return snd.isn; }

    public long peerIsn() { return rcv.isn; }

    public long rcvNxt() { return rcv.rcvNxt; }

    /** Bytes the application has read. */
    public long bytesRead() { return rcv.copiedSeq - rcv.isn; }

    public long rcvbuf() { return rcv.rcvbuf; }

    /** Truesize charged for queued receive data (sk_rmem_alloc). */
    public long rmemAlloc() { return rcv.rmemAlloc; }

    /** The window sent on the last segment (rcv_wnd), bytes. */
    public long advertisedWindow() { return rcv.rcvWnd; }

    /** Receive-side scaling ratio payload/truesize in 1/256 (Linux tp->scaling_ratio). */
    public int scalingRatio() { return rcv.scalingRatio; }

    /** Receiver RTT estimate (time to receive one window), ns; 0 = none yet. */
    public long rcvRttNs() { return rcv.rcvRttNs(); }

    /** rcvq_space.space: the most the application read in one receiver RTT so far (bytes). */
    public long rcvSpace() { return rcv.rcvSpace(); }

    /** rcv_ssthresh: the clamp on the advertised window that tcp_grow_window raises (bytes). */
    public long rcvSsthresh() { return rcv.rcvSsthresh; }

    /** Packets held in the receive and out-of-order queues. */
    public int queuedPackets() { return rcv.queuedPackets(); }

    /** Segments (a GRO packet's each) waiting in the backlog for the reader to release the socket: in flight still. */
    public int backlogPackets() { return backlogCount; }

    /** Packets held in the out-of-order queue. */
    public int ofoPackets() { return rcv.ofo.count(); }

    @Override public String toString() {
        return "tcp " + localAddr + ":" + localPort + ">" + remoteAddr + ":" + remotePort
                + " una=" + bytesAcked() + " cwnd=" + snd.cw.cwnd + " ssthresh=" + snd.cw.ssthresh
                + " state=" + snd.state + " rcv=" + bytesRead();
    }
}
