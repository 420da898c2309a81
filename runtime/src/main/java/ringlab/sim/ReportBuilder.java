package ringlab.sim;

import java.util.ArrayList;
import java.util.List;
import ringlab.sim.engine.Sim;
import ringlab.sim.report.EndStream;
import ringlab.sim.report.Interval;
import ringlab.sim.report.IntervalStream;
import ringlab.sim.report.RunReport;
import ringlab.sim.report.SocketInfo;
import ringlab.sim.report.StreamInfo;
import ringlab.sim.report.Totals;
import ringlab.sim.tcp.TcpConfig;
import ringlab.sim.tcp.TcpConnection;
import ringlab.sim.workload.IperfOptions;
import ringlab.sim.workload.StreamStats;
import ringlab.spi.feature.DriverFeature;

/**
 * Turns a finished simulation into an iperf3-shaped {@link RunReport} plus the device detail. Intervals in
 * -O's omitted seconds are marked omitted and timed from the start; the others, and the end totals, from the
 * end of the omitted part, and the totals cover only the measured part (as iperf3 resets its counters there).
 */
final class ReportBuilder {
    private final Simulation s;
    private final Sampler sm;

    ReportBuilder(Simulation s) {
        this.s = s;
        this.sm = s.sampler;
    }

    RunReport build() {
        RunReport r = new RunReport();
        r.options = s.scenario.iperf;
        r.boardId = s.scenario.board.id();
        for (DriverFeature f : s.scenario.features) r.features.add(f.id());
        r.seed = s.scenario.seed;
        r.settings.putAll(s.scenario.settings);
        boolean forward = s.serverPeer != null;
        String client = Addr.str(s.clientPeer.addr), server = Addr.str(forward ? Simulation.PEER_ADDR : Simulation.DEVICE_ADDR);
        for (int i = 0; i < s.streams.size(); i++) {
            int[] ports = s.streamPorts.get(i);
            r.streams.add(new StreamInfo(s.streams.get(i).id, client, ports[0], server, ports[1]));
        }
        intervals(r);
        end(r);
        r.socket = socket();
        r.ringlab = new DeviceDetailBuilder(s).detail();
        return r;
    }

    private IperfOptions opts() { return s.scenario.iperf; }

    private boolean bidir() { return opts().bidir(); }

    /** The client's side of a stream: what it sent, or when the device sends what it received. */
    private static int clientField(StreamStats st) { return st.reverse ? 1 : 0; }

    private void intervals(RunReport r) {
        List<long[]> snaps = sm.snapshots;
        int n = s.streams.size();
        RunSpan span = sm.span;
        for (int k = 1; k < snaps.size(); k++) {
            long[] a = snaps.get(k - 1), b = snaps.get(k), info = sm.tcpInfo.get(k);
            long ta = sm.times.get(k - 1), tb = sm.times.get(k);
            boolean omitted = span.omits() && tb <= span.measureStartNs;
            long origin = omitted ? span.startNs : span.measureStartNs;
            double t0 = (ta - origin) / (double) Sim.SEC, t1 = (tb - origin) / (double) Sim.SEC;
            if (t1 <= t0) continue;
            Interval iv = new Interval(t0, t1);
            iv.omitted = omitted;
            for (int i = 0; i < n; i++) {
                StreamStats st = s.streams.get(i);
                int o = i * Sampler.STRIDE;
                long bytes = b[o + clientField(st)] - a[o + clientField(st)];
                IntervalStream x = new IntervalStream(st.id, bytes, bytes * 8 / (t1 - t0));
                x.sender = !st.reverse;
                x.retransmits = b[o + 2] - a[o + 2];
                x.sndCwndBytes = b[o + 3];
                x.rttUs = b[o + 4];
                x.rttvarUs = info[i * Sampler.INFO];
                x.sndWndBytes = info[i * Sampler.INFO + 1];
                x.pmtu = opts().udp() ? 0 : s.scenario.board.nic().mtu();
                // UDP datagrams of the client's side: sent where it sends, else the receiver's count (highest
                // sequence seen), which the receiving side's lost/total and loss percentage are taken over
                x.packets = x.sender ? b[o + 5] - a[o + 5] : b[o + 8] - a[o + 8];
                x.lostPackets = b[o + 6] - a[o + 6];
                x.outOfOrder = b[o + 7] - a[o + 7];
                x.jitterMs = sm.jitter.get(k)[i] / 1e6;
                iv.streams.add(x);
            }
            iv.sum = intervalSum(iv.streams, bidir() ? Boolean.TRUE : null, t1 - t0);
            if (bidir()) iv.sumBidirReverse = intervalSum(iv.streams, Boolean.FALSE, t1 - t0);
            r.intervals.add(iv);
        }
    }

    /** The sum of the streams whose sender flag is {@code sender} (null: all of them). */
    private static IntervalStream intervalSum(List<IntervalStream> streams, Boolean sender, double secs) {
        List<IntervalStream> in = new ArrayList<>();
        for (IntervalStream x : streams) if (sender == null || x.sender == sender) in.add(x);
        IntervalStream sum = new IntervalStream();
        for (IntervalStream x : in) {
            sum.bytes += x.bytes;
            sum.retransmits += x.retransmits;
            sum.packets += x.packets;
            sum.lostPackets += x.lostPackets;
            sum.outOfOrder += x.outOfOrder;
            sum.jitterMs += x.jitterMs / in.size();
            sum.sender = x.sender;
        }
        sum.bitsPerSecond = sum.bytes * 8 / secs;
        return sum;
    }

    private void end(RunReport r) {
        RunSpan span = sm.span;
        double secs = (span.endNs() - span.measureStartNs) / (double) Sim.SEC;
        long[] last = sm.snapshots.get(sm.snapshots.size() - 1), base = sm.base;
        List<EndStream> fwd = new ArrayList<>(), rev = new ArrayList<>();
        for (int i = 0; i < s.streams.size(); i++) {
            StreamStats st = s.streams.get(i);
            int o = i * Sampler.STRIDE;
            long sentBytes = last[o] - base[o], recvBytes = last[o + 1] - base[o + 1];
            Totals ts = new Totals(secs, sentBytes, sentBytes * 8 / secs);
            Totals tr = new Totals(secs, recvBytes, recvBytes * 8 / secs);
            ts.retransmits = last[o + 2] - base[o + 2];
            if (opts().udp()) {
                // as iperf3 3.12: the sender has only the datagrams it sent; the receiver's total is its packet
                // count (the highest sequence number seen), lost the gaps below it, the loss percentage lost over
                // the sender's count. A datagram still in flight at the end is in neither bytes nor packets.
                ts.packets = last[o + 5] - base[o + 5];
                tr.packets = last[o + 8] - base[o + 8];
                tr.lostPackets = last[o + 6] - base[o + 6];
                tr.lostPercent = lostPercent(tr.lostPackets, ts.packets);
                tr.jitterMs = st.jitterNs / 1e6;
                tr.outOfOrder = last[o + 7] - base[o + 7];
            } else {
                tcpInfoSummary(ts, i);
            }
            EndStream e = new EndStream(st.id, ts, tr);
            e.sender = !st.reverse;
            r.end.streams.add(e);
            (st.reverse && bidir() ? rev : fwd).add(e);
        }
        r.end.sumSent = sum(fwd, secs, true);
        r.end.sumReceived = sum(fwd, secs, false);
        r.end.sumReceived.lostPercent = lostPercent(r.end.sumReceived.lostPackets, r.end.sumSent.packets);
        if (bidir()) {
            r.end.sumSentBidirReverse = sum(rev, secs, true);
            r.end.sumReceivedBidirReverse = sum(rev, secs, false);
            r.end.sumReceivedBidirReverse.lostPercent = lostPercent(r.end.sumReceivedBidirReverse.lostPackets,
                    r.end.sumSentBidirReverse.packets);
        }
        if (!opts().udp() && !s.senderConns.isEmpty()) {
            r.end.senderTcpCongestion = linuxName(s.senderConns.get(0));
            r.end.receiverTcpCongestion = linuxName(s.receiverConns.get(0));
        }
        cpu(r, secs);
    }

    /**
     * iperf3's end-of-test tcp_info figures of a sending stream, from its per-interval samples (iperf_api.c's
     * stats callback): the largest cwnd, snd_wnd and rtt, the smallest non-zero rtt, and the mean rtt as the
     * integer average of the samples. The omitted intervals' samples count too: iperf_reset_stats at the end
     * of -O resets the byte and retransmit counts, not these (iperf3 3.12's omit.json: mean_rtt 114 is the
     * mean of 122, 140 and 82, the first sample an omitted interval's).
     */
    private void tcpInfoSummary(Totals t, int i) {
        int o = i * Sampler.STRIDE;
        long sumRtt = 0, count = 0;
        for (int k = 1; k < sm.snapshots.size(); k++) {
            long[] b = sm.snapshots.get(k);
            long rtt = b[o + 4];
            t.maxSndCwnd = Math.max(t.maxSndCwnd, b[o + 3]);
            t.maxSndWnd = Math.max(t.maxSndWnd, sm.tcpInfo.get(k)[i * Sampler.INFO + 1]);
            t.maxRttUs = Math.max(t.maxRttUs, rtt);
            if (t.minRttUs == 0 || rtt < t.minRttUs) t.minRttUs = rtt;
            sumRtt += rtt;
            count++;
        }
        t.meanRttUs = count > 0 ? sumRtt / count : 0;
    }

    /** The algorithm as Linux names it (tcp_congestion_ops.name): ringlab's "newreno" is Linux's "reno". */
    private static String linuxName(TcpConnection c) {
        return c.congestionControl().equals("newreno") ? "reno" : c.congestionControl();
    }

    private Totals sum(List<EndStream> streams, double secs, boolean sent) {
        Totals sum = new Totals(secs, 0, 0);
        for (EndStream e : streams) {
            Totals t = sent ? e.sent : e.received;
            sum.bytes += t.bytes;
            sum.retransmits += t.retransmits;
            sum.packets += t.packets;
            sum.lostPackets += t.lostPackets;
            sum.outOfOrder += t.outOfOrder;
            sum.jitterMs += t.jitterMs;
        }
        // iperf_print_results: avg_jitter, the streams' jitter summed and divided by their number (as the interval sums)
        if (!streams.isEmpty()) sum.jitterMs /= streams.size();
        sum.bitsPerSecond = sum.bytes * 8 / secs;
        return sum;
    }

    /** iperf3's UDP loss percentage: lost datagrams over those sent, 0 when none were sent. */
    private static double lostPercent(long lost, long sent) {
        return sent > 0 ? 100.0 * lost / sent : 0;
    }

    /**
     * The client's socket as iperf3's "start" reports it: Linux stores 2 x min(-w, net.core.{w,r}mem_max) for
     * SO_SNDBUF/SO_RCVBUF; without -w a TCP socket starts at tcp_wmem[1]/tcp_rmem[1] and a UDP one at
     * net.core.wmem_default/rmem_default (212992).
     */
    private SocketInfo socket() {
        IperfOptions o = opts();
        SocketInfo si = new SocketInfo();
        si.sockBufsize = o.window();
        si.controlMss = s.scenario.controlMss;
        if (o.udp()) {
            si.sndbufActual = Simulation.udpSocketBuffer(o.window());
            si.rcvbufActual = si.sndbufActual;
            return si;
        }
        TcpConfig c = s.senderConns.get(0).config();
        si.sndbufActual = o.window() > 0 ? 2L * Math.min(o.window(), c.coreWmemMax) : c.wmemDefault;
        si.rcvbufActual = o.window() > 0 ? 2L * Math.min(o.window(), c.coreRmemMax) : c.rmemDefault;
        si.tcpMssDefault = c.mss;
        return si;
    }

    /**
     * remote_* is the iperf3 server process on the device: its threads' CPU time over the measured part, in
     * percent of one core (user = their user mode, system = their system calls plus the interrupts and
     * softirqs billed to them); the ideal peer's host_* is 0.
     */
    private void cpu(RunReport r, double secs) {
        long[] now = sm.taskNs(), base = sm.baseTaskNs;
        double ns = secs * Sim.SEC;
        if (ns <= 0) return;
        r.end.cpu.remoteUser = 100.0 * (now[0] - base[0]) / ns;
        r.end.cpu.remoteSystem = 100.0 * (now[1] - base[1]) / ns;
        r.end.cpu.remoteTotal = r.end.cpu.remoteUser + r.end.cpu.remoteSystem;
    }
}
