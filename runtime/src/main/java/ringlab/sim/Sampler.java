package ringlab.sim;

import java.util.ArrayList;
import java.util.List;
import ringlab.sim.cpu.Task;
import ringlab.sim.engine.EventHandler;
import ringlab.sim.stack.UdpSocket;
import ringlab.sim.tcp.TcpConnection;
import ringlab.sim.workload.StreamStats;

/**
 * Periodic snapshots of the streams (interval lines, iperf3's per-interval tcp_info samples) and device
 * gauges. A snapshot is also taken where -O's omitted seconds end (the totals start from it, {@link #base})
 * and where a -n/-k run ends ({@link #finish}).
 */
final class Sampler implements EventHandler {
    /**
     * Per stream in a snapshot: sent, received, retransmits, cwnd, rtt us, packets sent, lost, out of order, and
     * the receiver's packet count (iperf3's: the highest sequence number seen, so a datagram still in flight
     * counts on neither side of lost/total).
     */
    static final int STRIDE = 9;
    /** Per stream in a tcp_info sample: rttvar us, snd_wnd bytes. */
    static final int INFO = 2;

    final Simulation s;
    final RunSpan span;
    final long interval;
    final int keep;
    final List<long[]> snapshots = new ArrayList<>();
    final List<long[]> tcpInfo = new ArrayList<>();
    final List<Long> times = new ArrayList<>();
    final List<double[]> jitter = new ArrayList<>();
    final long[] gauges = new long[4];
    long gaugeSamples;
    /** The snapshot where the measured part starts, and the iperf3 threads' user/system ns there. */
    long[] base;
    long[] baseTaskNs;
    private static final long GAUGE_NS = 1_000_000L;

    Sampler(Simulation s, RunSpan span, long interval, int keep) {
        this.s = s;
        this.span = span;
        this.interval = interval;
        this.keep = keep;
        take(span.startNs);
        s.sim.at(next(span.startNs), this, 0, null);
        s.sim.at(span.startNs + GAUGE_NS, this, 1, null);
    }

    /** The next sample: one interval on, but never past the end of the omitted part or of the run. */
    private long next(long now) {
        long t = Math.min(now + interval, span.plannedEndNs);
        return now < span.measureStartNs ? Math.min(t, span.measureStartNs) : t;
    }

    @Override
    public void onEvent(int kind, Object arg, long now) {
        if (kind == 1) {
            gauge();
            s.sim.at(now + GAUGE_NS, this, 1, null);
            return;
        }
        take(now);
        if (now < span.plannedEndNs) s.sim.at(next(now), this, 0, null);
    }

    /** A -n/-k run's end: the last (partial) interval closes here. */
    void finish(long now) {
        if (times.get(times.size() - 1) != now) take(now);
    }

    private void gauge() {
        DevicePort p = s.ports.get(0);
        gauges[0] += p.nic.rxPendingFrames();
        gauges[1] += p.driver.txInUse();
        gauges[2] += p.netdev.backlog();
        long q = 0;
        // index loops: every millisecond of a run, and the iterators were not always scalar-replaced
        for (int i = 0, n = s.deviceConns.size(); i < n; i++) q += s.deviceConns.get(i).queuedPackets();
        for (int i = 0, n = s.deviceUdp.size(); i < n; i++) q += s.deviceUdp.get(i).queuedPackets();
        gauges[3] += q;
        gaugeSamples++;
    }

    private void take(long now) {
        int n = s.streams.size();
        long[] snap = new long[n * STRIDE];
        long[] info = new long[n * INFO];
        double[] jit = new double[n];
        for (int i = 0; i < n; i++) {
            StreamStats st = s.streams.get(i);
            int o = i * STRIDE;
            snap[o] = st.bytesSent;
            snap[o + 1] = st.bytesReceived;
            if (i < s.senderConns.size()) {
                TcpConnection c = s.senderConns.get(i);
                snap[o + 2] = c.stats().RetransSegs;
                snap[o + 3] = c.cwndBytes();
                snap[o + 4] = c.srttNs() / 1000;
                info[i * INFO] = c.rttvarNs() / 1000;
                info[i * INFO + 1] = c.peerWindow();
            }
            snap[o + 5] = st.packetsSent;
            snap[o + 6] = st.lost;
            snap[o + 7] = st.outOfOrder;
            snap[o + 8] = st.udpExpected();
            jit[i] = st.jitterNs;
        }
        snapshots.add(snap);
        tcpInfo.add(info);
        times.add(now);
        jitter.add(jit);
        if (now == span.measureStartNs) {
            base = snap;
            baseTaskNs = taskNs();
        }
        if (snapshots.size() > keep) {
            snapshots.remove(0);
            tcpInfo.remove(0);
            times.remove(0);
            jitter.remove(0);
        }
    }

    /** The device's iperf3 threads' time so far as getrusage reports it: [user, system]. */
    long[] taskNs() {
        long user = 0, sys = 0;
        for (Task t : s.tasks) {
            t.core.sync();
            user += t.userNs();
            sys += t.reportedSystemNs();
        }
        return new long[] {user, sys};
    }
}
