package ringlab.sim.report.format;

import java.util.List;
import ringlab.sim.report.EndStream;
import ringlab.sim.report.Interval;
import ringlab.sim.report.IntervalStream;
import ringlab.sim.report.RunReport;
import ringlab.sim.report.SampleDetail;
import ringlab.sim.report.StreamInfo;
import ringlab.sim.report.Totals;
import ringlab.sim.workload.IperfArgs;

/** Builds small hand-made RunReports (2 s runs, 1 s intervals) for the formatter tests. */
final class SampleReports {

    private SampleReports() {
    }

    static RunReport tcp(String... extraArgs) {
        RunReport r = base(extraArgs);
        int n = r.options.parallel();
        long[] bytes = {4_194_304L, 5_000_000L};
        double[] bps = {33_500_000.0, 40_000_000.0};
        long[] retr = {0, 3};
        long[] cwnd = {178 * 1024, 1_436_549};
        for (int k = 0; k < 2; k++) {
            Interval iv = new Interval(k, k + 1);
            for (int s = 0; s < n; s++) {
                IntervalStream st = new IntervalStream(5 + 2 * s, bytes[k], bps[k]);
                st.retransmits = retr[k];
                st.sndCwndBytes = cwnd[k];
                st.rttUs = 1200 + 100 * k;
                st.sndWndBytes = 262_144;
                st.rttvarUs = 150;
                st.pmtu = 1500;
                st.sender = !r.options.reverse();
                iv.streams.add(st);
            }
            iv.sum = new IntervalStream(0, bytes[k] * n, bps[k] * n);
            iv.sum.retransmits = retr[k] * n;
            r.intervals.add(iv);
        }
        for (int s = 0; s < n; s++) {
            Totals sent = new Totals(2.0, 9_194_304L, 36_777_216.0);
            sent.retransmits = 3;
            sent.maxSndCwnd = 1_436_549;
            sent.maxSndWnd = 262_144;
            sent.maxRttUs = 1300;
            sent.minRttUs = 1200;
            sent.meanRttUs = 1250;
            Totals recv = new Totals(2.04, 9_194_304L, 36_056_094.1);
            r.end.streams.add(new EndStream(5 + 2 * s, sent, recv));
        }
        r.end.sumSent = new Totals(2.0, 9_194_304L * n, 36_777_216.0 * n);
        r.end.sumSent.retransmits = 3L * n;
        r.end.sumReceived = new Totals(2.04, 9_194_304L * n, 36_056_094.1 * n);
        r.end.senderTcpCongestion = "cubic";
        r.end.receiverTcpCongestion = "cubic";
        r.socket.sndbufActual = 16_384;
        r.socket.rcvbufActual = 131_072;
        r.socket.tcpMssDefault = 1448;
        for (EndStream e : r.end.streams) {
            e.sender = !r.options.reverse();
        }
        return r;
    }

    /**
     * --bidir as iperf3 reports it (with {@code extraArgs}, e.g. -u or -P 2): the client's streams first, then as
     * many device-to-peer streams (sender false), the forward sums in sum/sum_sent/sum_received and the reverse
     * ones in the *_bidir_reverse sums.
     */
    static RunReport bidir(String... extraArgs) {
        String[] args = new String[extraArgs.length + 1];
        args[0] = "--bidir";
        System.arraycopy(extraArgs, 0, args, 1, extraArgs.length);
        RunReport fwd = List.of(extraArgs).contains("-u") ? udp(args) : tcp(args);
        int n = fwd.options.parallel();
        for (int s = 0; s < n; s++) {
            fwd.streams.add(new StreamInfo(5 + 2 * (n + s), "10.0.0.2", 50000 + n + s, "10.0.0.1", 5201));
        }
        for (Interval iv : fwd.intervals) {
            for (int s = 0; s < n; s++) {
                IntervalStream f = iv.streams.get(s);
                IntervalStream rev = new IntervalStream(5 + 2 * (n + s), f.bytes / 2, f.bitsPerSecond / 2);
                rev.packets = f.packets / 2;
                rev.jitterMs = 0.02;
                rev.sender = false;
                f.sender = true;
                iv.streams.add(rev);
            }
            iv.sumBidirReverse = new IntervalStream(0, iv.sum.bytes / 2, iv.sum.bitsPerSecond / 2);
            iv.sumBidirReverse.packets = iv.sum.packets / 2;
        }
        for (int s = 0; s < n; s++) {
            EndStream f = fwd.end.streams.get(s);
            f.sender = true;
            EndStream rev = new EndStream(5 + 2 * (n + s), half(f.sent), half(f.received));
            rev.sender = false;
            fwd.end.streams.add(rev);
        }
        fwd.end.sumSentBidirReverse = half(fwd.end.sumSent);
        fwd.end.sumReceivedBidirReverse = half(fwd.end.sumReceived);
        return fwd;
    }

    private static Totals half(Totals t) {
        Totals h = new Totals(t.seconds, t.bytes / 2, t.bitsPerSecond / 2);
        h.end = t.end;
        h.packets = t.packets / 2;
        h.retransmits = t.retransmits;
        h.jitterMs = t.jitterMs;
        return h;
    }

    static RunReport udp(String... extraArgs) {
        String[] args = new String[extraArgs.length + 1];
        args[0] = "-u";
        System.arraycopy(extraArgs, 0, args, 1, extraArgs.length);
        RunReport r = base(args);
        for (int k = 0; k < 2; k++) {
            Interval iv = new Interval(k, k + 1);
            IntervalStream st = new IntervalStream(5, 86 * 1460L, 1_004_480.0);
            st.packets = 86;
            st.lostPackets = 1;
            st.jitterMs = 0.045;
            iv.streams.add(st);
            iv.sum = new IntervalStream(0, st.bytes, st.bitsPerSecond);
            iv.sum.packets = 86;
            iv.sum.lostPackets = 1;
            iv.sum.jitterMs = 0.045;
            r.intervals.add(iv);
        }
        Totals sent = new Totals(2.0, 172 * 1460L, 1_004_480.0);
        sent.packets = 172;
        Totals recv = new Totals(2.0, 170 * 1460L, 992_800.0);
        recv.packets = 172;
        recv.lostPackets = 2;
        recv.lostPercent = 100.0 * 2 / 172;
        recv.jitterMs = 0.045;
        r.end.streams.add(new EndStream(5, sent, recv));
        r.end.sumSent = sent;
        r.end.sumReceived = recv;
        r.socket.sndbufActual = 212_992;
        r.socket.rcvbufActual = 212_992;
        for (Interval iv : r.intervals) {
            iv.streams.forEach(st -> st.sender = !r.options.reverse());
        }
        r.end.streams.forEach(e -> e.sender = !r.options.reverse());
        return r;
    }

    private static RunReport base(String... extraArgs) {
        List<String> args = new java.util.ArrayList<>(List.of("-c", "10.0.0.1", "-t", "2"));
        args.addAll(List.of(extraArgs));
        RunReport r = new RunReport();
        r.options = IperfArgs.parse(args).withControlMss(1460); // as ReportBuilder gets them: a path without TCP timestamps
        r.boardId = "sim-a";
        r.features = List.of("napi", "gro");
        r.seed = 42;
        for (int s = 0; s < r.options.parallel(); s++) {
            r.streams.add(new StreamInfo(5 + 2 * s, "10.0.0.2", 50000 + s, "10.0.0.1", 5201));
        }
        r.end.cpu = new ringlab.sim.report.Cpu(5.25, 0.5, 4.75, 61.0, 1.0, 60.0);
        r.ringlab = SampleDetail.forward();
        return r;
    }
}
