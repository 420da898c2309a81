// Receive half of a TCP endpoint: rcv_nxt, receive/out-of-order queues, rmem accounting, window selection, rcvbuf autotuning, delayed ACKs, SACK/D-SACK blocks; no SACK compression, no pingpong mode.
package ringlab.sim.tcp;

import ringlab.spi.net.Packet;

/**
 * Follows Linux 6.x tcp_input.c / tcp_output.c:
 * <ul>
 * <li>tcp_data_queue: in-order data is trimmed to rcv_nxt and queued (or dropped as TCPZeroWindowDrop /
 * TCPRcvQDrop); data beyond the window is dropped (SKB_DROP_REASON_TCP_OVERWINDOW, no MIB: counted in
 * TcpStats.TCPOverWindow, a drop reason "tcp_overwindow"); other out-of-order data goes to the
 * out-of-order queue (TCPOFOQueue, or TCPOFODrop when over rcvbuf); fully duplicate data is freed.</li>
 * <li>With {@link TcpConfig#sack}, every outgoing segment carries the SACK blocks of {@link ReceiverSack}
 * (and, with {@link TcpConfig#dsack}, one D-SACK for a fully duplicate segment or the duplicate head of a
 * partly new in-order one: TCPDSACKOldSent / TCPDSACKOfoSent).</li>
 * <li>rmem_alloc counts the truesize of every queued packet. Admission is tcp_try_rmem_schedule's test:
 * when rmem_alloc already exceeds rcvbuf, tcp_prune_queue runs: its tcp_clamp_window raises an unlocked
 * rcvbuf to rmem_alloc (up to tcp_rmem[2]) and leaves quickack mode, which admits the packet (so the last
 * admitted packet may overshoot by its truesize). When that is not enough (rcvbuf locked or at tcp_rmem[2]) the
 * queued skbs are collapsed into compact ones ({@link TcpCollapse}: a copy charged to the CPU that runs it);
 * tcp_prune_ofo_queue, which would then drop out-of-order data, is not modelled: the segment is dropped.
 * An in-order packet is always admitted into an empty receive queue (sk_forced_mem_schedule).
 * Global TCP memory pressure (tcp_mem) is not modelled.</li>
 * <li>__tcp_select_window with window scaling (no MSS rounding) and 6.6's scaling_ratio (payload/truesize
 * of the last full-sized packet, in 1/256), or the fixed half of tcp_adv_win_scale before; zero window when
 * free space is below mss or 1/16 of the buffer; the window is clamped by rcv_ssthresh, which tcp_grow_window
 * raises per in-order packet (and forces one quick ACK each time); the right edge never moves left. Memory-pressure clamping is not modelled.</li>
 * <li>tcp_rcv_space_adjust on reads, with rcv_rtt_est kept as the minimum time to receive one advertised
 * window (tcp_rcv_rtt_measure) and, with timestamps, also averaged over the ms-clock RTT that each new TSecr
 * gives (tcp_rcv_rtt_measure_ts), which can raise it ({@link #rcvRttMeasureTs}).</li>
 * <li>ACKs: quickack mode (TCP_MAX_QUICKACKS), ACK when more than one rcv_mss is unacked and the window
 * does not shrink, immediate ACK while the out-of-order queue is non-empty or for duplicates/probes,
 * otherwise the delayed-ACK timer with the adaptive ato of tcp_event_data_recv; tcp_cleanup_rbuf sends a
 * window update after a read that at least doubles a window that was at most half the maximum.</li>
 * </ul>
 */
final class TcpReceiver {
    /** TCP_RMEM_TO_WIN_SCALE = 8: scaling ratio unit is 1/256. TCP_DEFAULT_SCALING_RATIO = 128. */
    static final int RATIO_SHIFT = 8, DEFAULT_RATIO = 128;
    /** SOCK_MIN_RCVBUF (2048 + sizeof(sk_buff) rounded), estimate. */
    static final int SOCK_MIN_RCVBUF = 2304;

    private final TcpConnection conn;
    private final TcpHost host;
    private final TcpConfig cfg;
    private final TcpStats stats;
    final OutOfOrderQueue ofo = new OutOfOrderQueue();
    final ReceiverSack sack = new ReceiverSack();
    private final TcpCollapse collapse;
    private final boolean sackOn, dsackOn, timestamps;

    final long isn;
    long rcvNxt, copiedSeq;
    /** rcv_wup (rcv_nxt when the last window was sent) and rcv_wnd (that window). */
    long rcvWup, rcvWnd;
    /** rcv_ssthresh: current window clamp that grows with tcp_grow_window. */
    long rcvSsthresh;
    private Packet rqHead, rqTail;
    private int rqOffset, rqCount;
    long rmemAlloc;
    long rcvbuf;
    final boolean rcvbufLocked;
    int scalingRatio = DEFAULT_RATIO;
    final int rcvMss;

    // ACK state (inet_connection_sock icsk_ack)
    boolean ackPending, ackNow;
    int quick;
    long ato;
    private long lrcvtime;

    // rcv_rtt_est (ns << 3) and rcvq_space
    private long rcvRttEst, rcvRttSeq, rcvRttTime = -1;
    /** ts_recent (the peer's TSval this endpoint echoes) and rcv_rtt_last_tsecr. */
    private int tsRecent, rcvRttLastTsecr;
    private long rcvqSpace, rcvqSeq, rcvqTime;

    TcpReceiver(TcpConnection conn, TcpHost host, TcpConfig cfg, TcpStats stats, long peerIsn) {
        this.conn = conn;
        this.host = host;
        this.cfg = cfg;
        this.stats = stats;
        this.isn = peerIsn;
        this.rcvMss = cfg.mss;
        this.sackOn = cfg.sack;
        this.timestamps = cfg.timestamps;
        this.dsackOn = cfg.sack && cfg.dsack;
        this.collapse = new TcpCollapse(host, stats, this);
        rcvbufLocked = cfg.soRcvbuf > 0;
        rcvbuf = rcvbufLocked ? Math.max(2L * Math.min(cfg.soRcvbuf, cfg.coreRmemMax), SOCK_MIN_RCVBUF) : cfg.rmemDefault;
        rcvNxt = copiedSeq = rcvWup = rcvqSeq = peerIsn;
        rcvWnd = synWindow(cfg);
        rcvSsthresh = rcvWnd;
        rcvqSpace = Math.min(rcvWnd, (long) cfg.initCwnd * cfg.mss);
        rcvqTime = host.now();
    }

    /**
     * The window this endpoint's SYN advertised (tcp_select_initial_window): the initial rcvbuf scaled by
     * the default ratio, limited to the 16-bit SYN field and rounded down to a multiple of mss.
     */
    static long synWindow(TcpConfig cfg) {
        long buf = cfg.soRcvbuf > 0 ? Math.max(2L * Math.min(cfg.soRcvbuf, cfg.coreRmemMax), SOCK_MIN_RCVBUF)
                : cfg.rmemDefault;
        long w = Math.min((buf * DEFAULT_RATIO) >> RATIO_SHIFT, 65535);
        return Math.max(w / cfg.mss * cfg.mss, cfg.mss);
    }

    /**
     * tcp_win_from_space: 6.6 and later scale by the payload/truesize ratio of the last full-sized segment; before,
     * tcp_adv_win_scale (default 1) set aside a fixed half of the buffer for overhead ({@link TcpConfig#scalingRatio}).
     */
    long winFromSpace(long space) {
        if (space <= 0) return 0;
        return cfg.scalingRatio ? (space * scalingRatio) >> RATIO_SHIFT : space - (space >> ADV_WIN_SCALE);
    }

    /** net.ipv4.tcp_adv_win_scale's default (1) in the kernels that had it. */
    static final int ADV_WIN_SCALE = 1;

    /** tp->advmss: the MSS this endpoint announced, which leaves the timestamp option out. */
    private long advmss() { return cfg.mss + (timestamps ? TcpConfig.TCPOLEN_TSTAMP_ALIGNED : 0); }

    long spaceFromWin(long win) { return (win << RATIO_SHIFT) / scalingRatio; }

    /** tcp_receive_window: what is left of the last advertised window. */
    long receiveWindow() { return Math.max(0, rcvWup + rcvWnd - rcvNxt); }

    /** __tcp_select_window (window scaling on, no rcv_ssthresh); may leave quickack mode like the kernel. */
    long computeWindow() {
        long mss = rcvMss;
        long freeSpace = winFromSpace(rcvbuf - rmemAlloc);
        long allowed = winFromSpace(rcvbuf);
        if (mss > allowed) {
            mss = allowed;
            if (mss <= 0) return 0;
        }
        if (freeSpace < (allowed >> 1)) {
            quick = 0;
            if (freeSpace < (allowed >> 4) || freeSpace < mss) return 0;
        }
        if (freeSpace > rcvSsthresh) freeSpace = rcvSsthresh;
        return freeSpace;
    }

    /** tcp_select_window: the window to put on an outgoing segment; commits rcv_wnd/rcv_wup. */
    long advertise() {
        long oldWin = rcvWnd;
        long cur = receiveWindow();
        long w = computeWindow();
        if (w < cur) {
            if (w == 0) stats.TCPWantZeroWindowAdv++;
            w = cur;
        }
        rcvWnd = w;
        rcvWup = rcvNxt;
        if (w == 0) {
            if (oldWin != 0) stats.TCPToZeroWindowAdv++;
        } else if (oldWin == 0) {
            stats.TCPFromZeroWindowAdv++;
        }
        return w;
    }

    /**
     * tcp_established_options: the timestamp option (TSval, TSecr: 10 bytes, aligned to 12 with two NOPs) when
     * negotiated, then the SACK blocks that fit in what is left of the 40 option bytes. TSval is this host's ms
     * clock (tcp_time_stamp_ms; the random per-connection offset of tcp_timestamps=1 is left out, it changes no
     * difference), TSecr echoes ts_recent. Nothing checks PAWS.
     */
    void writeOptions(Packet p, long now) {
        if (timestamps) {
            p.tcpOptionBytes = TcpConfig.TCPOLEN_TSTAMP_ALIGNED;
            p.tsVal = msClock(now);
            p.tsEcr = tsRecent;
        } else {
            p.tcpOptionBytes = 0;
        }
        if (sackOn) sack.write(p);
    }

    /** tcp_time_stamp_ms: the clock TSval carries, in ms, wrapping as the 32-bit field does. */
    static int msClock(long now) { return (int) (now / TcpConfig.MS); }

    /**
     * tcp_replace_ts_recent / tcp_store_ts_recent: a segment that starts at or before rcv_wup (the rcv_nxt of the
     * last window sent) updates ts_recent, so the peer's TSval that is echoed is the one of the segment the last
     * ACK asked for (RFC 7323's rule); any pure ACK of a sender whose data is all acknowledged qualifies.
     */
    void onTimestamp(Packet p) {
        if (timestamps && p.tcpOptionBytes >= TcpConfig.TCPOLEN_TSTAMP_ALIGNED && p.seq <= rcvWup) tsRecent = p.tsVal;
    }

    /** tcp_event_ack_sent: an ACK (pure or piggybacked) left with the current rcv_nxt. */
    void onAckSent() {
        if (quick > 0) {
            if (quick <= 1) {
                quick = 0;
                ato = cfg.delackMinNs;
            } else {
                quick--;
            }
        }
        ackPending = false;
        ackNow = false;
        conn.cancelTimer(TcpConnection.TIMER_DELACK);
    }

    private void incrQuickack(int max) {
        long q = rcvWnd / (2L * rcvMss);
        if (q == 0) q = 2;
        if (q > quick) quick = (int) Math.min(q, max);
    }

    private void enterQuickack() {
        incrQuickack(cfg.quickAcks);
        ato = cfg.delackMinNs;
    }

    /** A segment without payload: an ACK, a window update or a zero-window probe (old sequence number). */
    void onEmpty(Packet p, long now) {
        onTimestamp(p);
        rcvRttMeasureTs(p, now); // a pure ACK only sets rcv_rtt_last_tsecr
        if (p.seq < rcvWup) { // not acceptable (tcp_sequence): answer with an ACK (tcp_send_dupack)
            ackPending = true;
            ackNow = true;
        }
    }

    /** A segment with payload; takes ownership of p. Returns true if new in-order data was queued. */
    boolean onData(Packet p, long now) {
        if (p.truesize <= 0) p.truesize = p.payload + cfg.truesizeFallbackOverhead;
        onTimestamp(p);
        rcvRttMeasureTs(p, now); // both paths of tcp_rcv_established, before the data is queued
        long seq = p.seq, end = seq + p.payload;
        if (end <= rcvNxt) { // a retransmit of data we have: immediate ACK, back to quickack mode
            stats.TCPFullDup++;
            if (dsackOn) {
                sack.dsack(seq, end);
                stats.TCPDSACKOldSent++;
            }
            host.free(p);
            enterQuickack();
            ackPending = ackNow = true;
            return false;
        }
        long rwin = receiveWindow();
        if (seq <= rcvNxt) {
            if (rwin == 0) {
                stats.TCPZeroWindowDrop++;
                host.drop(p, "TcpExtTCPZeroWindowDrop");
                enterQuickack();
                ackPending = ackNow = true;
                return false;
            }
            if (!tryRmemSchedule() && rqHead != null) {
                stats.TCPRcvQDrop++;
                host.drop(p, "TcpExtTCPRcvQDrop");
                ackPending = ackNow = true;
                return false;
            }
            if (seq < rcvNxt) {
                if (dsackOn) {
                    sack.dsack(seq, rcvNxt);
                    stats.TCPDSACKOldSent++;
                }
                int d = (int) (rcvNxt - seq);
                p.seq += d;
                p.payload -= d;
            }
            appendRq(p);
            rcvNxt = end;
            eventDataRecv(p, now);
            if (!ofo.isEmpty()) {
                drainOfo();
                if (ofo.isEmpty()) ackNow = true; // RFC 5681 4.2: ACK at once when a hole fills
            }
            if (sack.count() > 0) sack.onRcvNxt(rcvNxt, ofo.isEmpty());
            return true;
        }
        if (seq >= rcvNxt + rwin) {
            stats.TCPOverWindow++;
            host.drop(p, "tcp_overwindow"); // no MIB: the drop reason SKB_DROP_REASON_TCP_OVERWINDOW
            enterQuickack();
            ackPending = ackNow = true;
            return false;
        }
        if (!tryRmemSchedule()) {
            stats.TCPOFODrop++;
            host.drop(p, "TcpExtTCPOFODrop");
            ackPending = true;
            return false;
        }
        stats.TCPOFOQueue++;
        long before = ofo.merged;
        rmemAlloc += ofo.insert(p, host); // p may be gone (duplicate)
        stats.TCPOFOMerge += ofo.merged - before;
        if (sackOn) {
            if (dsackOn && ofo.lastInsertDup) {
                sack.dsack(seq, end);
                stats.TCPDSACKOfoSent++;
            }
            sack.onOfo(seq, end);
        }
        ackPending = true; // __tcp_ack_snd_check sends at once while the ofo queue is non-empty
        return false;
    }

    /**
     * tcp_try_rmem_schedule: true if the segment may be queued. sk_rmem_schedule's global tcp_mem test is not
     * modelled, so only rmem_alloc over rcvbuf calls tcp_prune_queue.
     */
    private boolean tryRmemSchedule() {
        return rmemAlloc <= rcvbuf || pruneQueue();
    }

    /**
     * tcp_prune_queue (PruneCalled): tcp_clamp_window, then, still over rcvbuf, tcp_collapse_ofo_queue and
     * tcp_collapse of the receive queue from copied_seq to rcv_nxt ({@link TcpCollapse}). Still over, the
     * kernel's tcp_prune_ofo_queue would drop out-of-order skbs from the far end: not modelled (the ledger
     * counted them delivered); the segment is dropped instead and RcvPruned counted, as when that fails too.
     */
    private boolean pruneQueue() {
        stats.PruneCalled++;
        clampWindow();
        if (rmemAlloc <= rcvbuf) return true;
        rmemAlloc += collapse.ofoQueue(ofo, rcvbuf);
        if (rqHead != null) rmemAlloc += collapse.run(rqHead, null, copiedSeq);
        if (rmemAlloc <= rcvbuf) return true;
        stats.RcvPruned++;
        return false;
    }

    /**
     * tcp_clamp_window: quickack mode ends and an unlocked rcvbuf below tcp_rmem[2] grows to rmem_alloc (at
     * most tcp_rmem[2]); if rmem_alloc still exceeds it, rcv_ssthresh drops to 2 * advmss (window_clamp is
     * larger here).
     */
    private void clampWindow() {
        quick = 0;
        if (rcvbuf < cfg.rmemMax && !rcvbufLocked) rcvbuf = Math.min(rmemAlloc, cfg.rmemMax);
        if (rmemAlloc > rcvbuf) rcvSsthresh = 2L * rcvMss;
    }

    private void appendRq(Packet p) {
        p.next = null;
        if (rqTail == null) rqHead = p; else rqTail.next = p;
        rqTail = p;
        rqCount++;
        rmemAlloc += p.truesize;
    }

    /** tcp_ofo_queue: moves segments that became in-order to the receive queue. */
    private void drainOfo() {
        Packet q;
        while ((q = ofo.first()) != null && q.seq <= rcvNxt) {
            ofo.pollFirst();
            long qend = q.seq + q.payload;
            if (qend <= rcvNxt) {
                rmemAlloc -= q.truesize;
                host.free(q);
                continue;
            }
            if (q.seq < rcvNxt) {
                int d = (int) (rcvNxt - q.seq);
                q.seq += d;
                q.payload -= d;
            }
            rmemAlloc -= q.truesize; // re-charged by appendRq
            appendRq(q);
            rcvNxt = qend;
        }
    }

    /** tcp_event_data_recv: schedule an ACK, measure rcv_mss/scaling ratio and rcv RTT, adapt ato. */
    private void eventDataRecv(Packet p, long now) {
        ackPending = true;
        int segLen = p.payload / Math.max(1, p.segs);
        if (segLen >= rcvMss && p.truesize > 0) {
            long r = ((long) p.payload << RATIO_SHIFT) / p.truesize;
            scalingRatio = (int) Math.max(1, Math.min(255, r));
        }
        rcvRttMeasure(now);
        long rto = conn.sender().rtoNs();
        if (ato == 0) {
            incrQuickack(cfg.quickAcks);
            ato = cfg.delackMinNs;
        } else {
            long m = now - lrcvtime;
            if (m <= cfg.delackMinNs / 2) {
                ato = (ato >> 1) + cfg.delackMinNs / 2;
            } else if (m < ato) {
                ato = (ato >> 1) + m;
                if (ato > rto) ato = rto;
            } else if (m > rto) {
                incrQuickack(cfg.quickAcks);
            }
        }
        lrcvtime = now;
        if (p.payload >= 128) growWindow(p); // last, as in the kernel
    }

    /** tcp_grow_window / __tcp_grow_window (truesize_adjust not modelled). */
    private void growWindow(Packet p) {
        long room = Math.min(winFromSpace(rcvbuf), winFromSpace(rcvbuf - rmemAlloc)) - rcvSsthresh;
        if (room <= 0) return;
        long incr;
        if (winFromSpace(p.truesize) <= p.payload) {
            incr = 2L * cfg.mss;
        } else {
            incr = 0;
            long ts = winFromSpace(p.truesize) >> 1;
            long window = winFromSpace(cfg.rmemMax) >> 1;
            while (rcvSsthresh <= window) {
                if (ts <= p.payload) {
                    incr = 2L * rcvMss;
                    break;
                }
                ts >>= 1;
                window >>= 1;
            }
        }
        if (incr > 0) {
            incr = Math.max(incr, 2L * p.payload);
            rcvSsthresh += Math.min(room, incr);
            quick |= 1;
        }
    }

    /** tcp_rcv_rtt_measure (no timestamps): time to receive one window; tcp_rcv_rtt_update keeps the minimum. */
    private void rcvRttMeasure(long now) {
        if (rcvRttTime >= 0) {
            if (rcvNxt < rcvRttSeq) return;
            long delta = Math.max(1, now - rcvRttTime);
            long m = delta << 3;
            if (rcvRttEst == 0 || m < rcvRttEst) rcvRttEst = m;
        }
        rcvRttSeq = rcvNxt + rcvWnd;
        rcvRttTime = now;
    }

    /**
     * tcp_rcv_rtt_measure_ts: once per new TSecr on a segment of at least rcv_mss, the time since this host sent
     * the TSval it echoes, on the ms clock, is averaged into rcv_rtt_est (tcp_rcv_rtt_update with win_dep 0:
     * a smaller sample replaces the estimate, a larger one moves it by an eighth). Kernels before 6.16 count a
     * delta of 0 ms as 1 ms (tcp_rtt_tsopt_us), so on a LAN every sample is 1 ms and the estimate creeps from the
     * window-based microseconds towards a millisecond, which makes tcp_rcv_space_adjust measure, and size the
     * receive buffer for, a millisecond's data; 6.16 ("tcp: remove zero TCP TS samples for autotuning") takes no
     * sample from a zero delta ({@link TcpConfig#tsZeroDeltaIsOneMs}).
     */
    private void rcvRttMeasureTs(Packet p, long now) {
        if (!timestamps || p.tcpOptionBytes < TcpConfig.TCPOLEN_TSTAMP_ALIGNED || p.tsEcr == rcvRttLastTsecr) return;
        rcvRttLastTsecr = p.tsEcr;
        if (p.payload < rcvMss) return;
        long deltaMs = msClock(now) - p.tsEcr;
        if (deltaMs < 0) return; // an echo from the future: the option was not ours
        if (deltaMs == 0) {
            if (!cfg.tsZeroDeltaIsOneMs) return;
            deltaMs = 1;
        }
        long m = (deltaMs * TcpConfig.MS) << 3;
        if (rcvRttEst == 0 || m < rcvRttEst) rcvRttEst = m;
        else rcvRttEst = rcvRttEst - (rcvRttEst >> 3) + deltaMs * TcpConfig.MS;
    }

    /** __tcp_ack_snd_check after incoming data (ofo_possible = 1). */
    void ackSndCheck(long now) {
        if (!ackPending) return;
        // evaluation order as in the kernel: __tcp_select_window may leave quickack mode
        if ((rcvNxt - rcvWup > rcvMss && computeWindow() >= rcvWnd) || quick > 0 || ackNow || !ofo.isEmpty()) {
            conn.sendAck();
            return;
        }
        sendDelayedAck(now);
    }

    /** tcp_send_delayed_ack. */
    private void sendDelayedAck(long now) {
        long a = ato;
        if (a > cfg.delackMinNs) {
            long maxAto = 500 * TcpConfig.MS; // HZ / 2
            long srtt = conn.sender().srttNs();
            if (srtt > 0) {
                long rtt = Math.max(srtt, cfg.delackMinNs);
                if (rtt < maxAto) maxAto = rtt;
            }
            a = Math.min(a, maxAto);
        }
        a = Math.min(a, cfg.delackMaxNs);
        long timeout = now + a;
        long armed = conn.timerDeadline(TcpConnection.TIMER_DELACK);
        if (armed != TcpConnection.NO_DEADLINE) {
            if (armed <= now + (a >> 2)) {
                conn.sendAck();
                return;
            }
            if (timeout >= armed) timeout = armed;
        }
        conn.armTimer(TcpConnection.TIMER_DELACK, timeout);
    }

    /** tcp_delack_timer_handler. */
    void onDelackTimer() {
        if (!ackPending) return;
        ato = Math.min(ato << 1, conn.sender().rtoNs());
        stats.DelayedACKs++;
        conn.sendAck();
    }

    // ---- application side ----

    int readableBytes() { return (int) Math.min(Integer.MAX_VALUE, rcvNxt - copiedSeq); }

    Packet peek() { return rqHead; }

    int headOffset() { return rqOffset; }

    /** The end of a tcp_recvmsg call that copied this many bytes: tcp_cleanup_rbuf. */
    void endRead(int copied) { if (copied > 0) cleanupRbuf(copied); }

    /** Copies up to maxBytes from the receive queue (tcp_rcv_space_adjust included); the call's end is {@link #endRead}. */
    int read(int maxBytes, ReadSink sink, long now) {
        int copied = 0;
        while (copied < maxBytes && rqHead != null) {
            Packet p = rqHead;
            int n = Math.min(p.payload - rqOffset, maxBytes - copied);
            if (sink != null) sink.consume(p.seq + rqOffset, n, p);
            rqOffset += n;
            copied += n;
            copiedSeq += n;
            if (rqOffset == p.payload) {
                rqHead = p.next;
                if (rqHead == null) rqTail = null;
                p.next = null;
                rqOffset = 0;
                rqCount--;
                rmemAlloc -= p.truesize;
                host.free(p);
            }
        }
        if (copied > 0) {
            rcvSpaceAdjust(now);
        }
        return copied;
    }

    /**
     * tcp_rcv_space_adjust (DRS): once an RTT, a window of twice what the application read in it (and more while
     * that grows) turned into buffer space: by the scaling ratio (6.6 and later), or before that as so many
     * advmss-sized skbs of SKB_TRUESIZE(advmss + MAX_TCP_HEADER) each, rounded up until half holds an advmss.
     * The 6.10 kernel does not subtract what is still queued from what was read (6.16 does).
     */
    private void rcvSpaceAdjust(long now) {
        if (rcvRttEst == 0 || now - rcvqTime < (rcvRttEst >> 3)) return;
        long copied = copiedSeq - rcvqSeq;
        if (copied > rcvqSpace) {
            if (!rcvbufLocked) {
                long rcvwin = (copied << 1) + 16L * advmss();
                long grow = rcvwin * (copied - rcvqSpace) / rcvqSpace;
                rcvwin += grow << 1;
                long space;
                if (cfg.scalingRatio) {
                    space = spaceFromWin(rcvwin);
                } else {
                    long rcvmem = advmss() + cfg.maxTcpHeader + cfg.skbTruesizeOverhead;
                    while (winFromSpace(rcvmem) < advmss()) rcvmem += 128;
                    space = rcvwin / advmss() * rcvmem;
                }
                long nb = Math.min(space, cfg.rmemMax);
                if (nb > rcvbuf) rcvbuf = nb;
            }
            rcvqSpace = copied;
        }
        rcvqSeq = copiedSeq;
        rcvqTime = now;
    }

    /** tcp_cleanup_rbuf: ACK now if a pending ACK covers more than one segment or the read opened the window. */
    private void cleanupRbuf(int copied) {
        boolean timeToAck = ackPending && rcvNxt - rcvWup > rcvMss;
        if (!timeToAck && copied > 0) {
            long cur = receiveWindow();
            if (2 * cur <= winFromSpace(rcvbuf)) {
                long nw = computeWindow();
                if (nw != 0 && nw >= 2 * cur) timeToAck = true;
            }
        }
        if (timeToAck) conn.sendAck();
    }

    /** Packets held in the receive and out-of-order queues. */
    int queuedPackets() { return rqCount + ofo.count(); }

    /** Rcv RTT estimate, ns (0 = none). */
    long rcvRttNs() { return rcvRttEst >> 3; }

    /** rcvq_space.space, bytes. */
    long rcvSpace() { return rcvqSpace; }
}
