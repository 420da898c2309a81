package ringlab.sim;

import java.util.List;
import ringlab.sim.cpu.Core;
import ringlab.sim.cpu.Ctx;
import ringlab.sim.engine.Sim;
import ringlab.sim.report.EndStream;
import ringlab.sim.report.Interval;
import ringlab.sim.report.IntervalStream;
import ringlab.sim.report.RunReport;
import ringlab.sim.report.StreamInfo;
import ringlab.sim.report.Totals;
import ringlab.sim.workload.StreamStats;
import ringlab.spi.feature.DriverFeature;

/** Turns a finished simulation into an iperf3-shaped {@link RunReport} plus the device detail. */
final class ReportBuilder {
    private final Simulation s;

    ReportBuilder(Simulation s) { this.s = s; }

    RunReport build() {
        RunReport r = new RunReport();
        r.options = s.scenario.iperf;
        r.boardId = s.scenario.board.id();
        for (DriverFeature f : s.scenario.features) r.features.add(f.id());
        r.seed = s.scenario.seed;
        boolean forward = s.serverPeer != null;
        String client = Addr.str(s.clientPeer.addr), server = Addr.str(forward ? Simulation.PEER_ADDR : Simulation.DEVICE_ADDR);
        for (int i = 0; i < s.streams.size(); i++) {
            int[] ports = s.streamPorts.get(i);
            r.streams.add(new StreamInfo(s.streams.get(i).id, client, ports[0], server, ports[1]));
        }
        intervals(r);
        end(r);
        r.ringlab = new DeviceDetailBuilder(s).detail();
        return r;
    }

    private boolean udp() { return s.scenario.iperf.udp(); }

    /** The client's side of a stream: what it sent, or with -R what it received. */
    private int clientField() { return s.scenario.iperf.reverse() ? 1 : 0; }

    private void intervals(RunReport r) {
        List<long[]> snaps = s.sampler.snapshots;
        int n = s.streams.size();
        for (int k = 1; k < snaps.size(); k++) {
            long[] a = snaps.get(k - 1), b = snaps.get(k);
            double t0 = (s.sampler.times.get(k - 1) - s.startNs) / (double) Sim.SEC;
            double t1 = (s.sampler.times.get(k) - s.startNs) / (double) Sim.SEC;
            if (t1 <= t0) continue;
            Interval iv = new Interval(t0, t1);
            IntervalStream sum = new IntervalStream();
            for (int i = 0; i < n; i++) {
                int o = i * 8;
                long bytes = b[o + clientField()] - a[o + clientField()];
                IntervalStream x = new IntervalStream(s.streams.get(i).id, bytes, bytes * 8 / (t1 - t0));
                x.retransmits = b[o + 2] - a[o + 2];
                x.sndCwndBytes = b[o + 3];
                x.rttUs = b[o + 4];
                x.packets = b[o + 5] - a[o + 5];
                x.lostPackets = b[o + 6] - a[o + 6];
                x.outOfOrder = b[o + 7] - a[o + 7];
                x.jitterMs = s.sampler.jitter.get(k)[i] / 1e6;
                iv.streams.add(x);
                sum.bytes += x.bytes;
                sum.retransmits += x.retransmits;
                sum.packets += x.packets;
                sum.lostPackets += x.lostPackets;
                sum.outOfOrder += x.outOfOrder;
                sum.jitterMs += x.jitterMs / n;
            }
            sum.bitsPerSecond = sum.bytes * 8 / (t1 - t0);
            iv.sum = sum;
            r.intervals.add(iv);
        }
    }

    private void end(RunReport r) {
        double secs = s.durationNs / (double) Sim.SEC;
        long[] last = s.sampler.snapshots.get(s.sampler.snapshots.size() - 1);
        Totals sent = new Totals(secs, 0, 0), recv = new Totals(secs, 0, 0);
        for (int i = 0; i < s.streams.size(); i++) {
            StreamStats st = s.streams.get(i);
            int o = i * 8;
            Totals ts = new Totals(secs, last[o], last[o] * 8 / secs);
            Totals tr = new Totals(secs, last[o + 1], last[o + 1] * 8 / secs);
            ts.retransmits = last[o + 2];
            if (udp()) {
                for (Totals t : new Totals[] {ts, tr}) {
                    t.packets = last[o + 5];
                    t.lostPackets = last[o + 6];
                    t.lostPercent = t.packets > 0 ? 100.0 * t.lostPackets / t.packets : 0;
                    t.jitterMs = st.jitterNs / 1e6;
                    t.outOfOrder = last[o + 7];
                }
            }
            r.end.streams.add(new EndStream(st.id, ts, tr));
            add(sent, ts);
            add(recv, tr);
        }
        sent.bitsPerSecond = sent.bytes * 8 / secs;
        recv.bitsPerSecond = recv.bytes * 8 / secs;
        if (udp()) {
            recv.lostPercent = sent.lostPercent = sent.packets > 0 ? 100.0 * sent.lostPackets / sent.packets : 0;
        }
        r.end.sumSent = sent;
        r.end.sumReceived = recv;
        cpu(r);
    }

    private static void add(Totals sum, Totals t) {
        sum.bytes += t.bytes;
        sum.retransmits += t.retransmits;
        sum.packets += t.packets;
        sum.lostPackets += t.lostPackets;
        sum.outOfOrder += t.outOfOrder;
        sum.jitterMs = Math.max(sum.jitterMs, t.jitterMs);
    }

    /** remote_* is the device's whole CPU (mpstat-like, all cores); the ideal peer's host_* is 0. */
    private void cpu(RunReport r) {
        double total = 0, user = 0;
        long all = 0, idle = 0, usr = 0;
        for (int i = 0; i < s.cpu.cores(); i++) {
            Core c = s.cpu.core(i);
            c.sync();
            for (Ctx x : Ctx.values()) all += c.ctxNs(x);
            idle += c.ctxNs(Ctx.IDLE);
            usr += c.ctxNs(Ctx.USER);
        }
        if (all > 0) {
            total = 100.0 * (all - idle) / all;
            user = 100.0 * usr / all;
        }
        r.end.cpu.remoteTotal = total;
        r.end.cpu.remoteUser = user;
        r.end.cpu.remoteSystem = total - user;
    }
}
