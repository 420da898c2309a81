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
                iv.streams.add(st);
            }
            iv.sum = new IntervalStream(0, bytes[k] * n, bps[k] * n);
            iv.sum.retransmits = retr[k] * n;
            r.intervals.add(iv);
        }
        for (int s = 0; s < n; s++) {
            Totals sent = new Totals(2.0, 9_194_304L, 36_777_216.0);
            sent.retransmits = 3;
            Totals recv = new Totals(2.04, 9_194_304L, 36_056_094.1);
            r.end.streams.add(new EndStream(5 + 2 * s, sent, recv));
        }
        r.end.sumSent = new Totals(2.0, 9_194_304L * n, 36_777_216.0 * n);
        r.end.sumSent.retransmits = 3L * n;
        r.end.sumReceived = new Totals(2.04, 9_194_304L * n, 36_056_094.1 * n);
        return r;
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
        return r;
    }

    private static RunReport base(String... extraArgs) {
        List<String> args = new java.util.ArrayList<>(List.of("-c", "10.0.0.1", "-t", "2"));
        args.addAll(List.of(extraArgs));
        RunReport r = new RunReport();
        r.options = IperfArgs.parse(args);
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
