package ringlab.node.internal;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import ringlab.node.Sample;
import ringlab.node.Telemetry;
import ringlab.sim.Simulation;
import ringlab.sim.cpu.Ctx;
import ringlab.sim.report.CpuPercent;
import ringlab.sim.report.CycleShares;
import ringlab.sim.report.LiveCounters;

/**
 * Turns the running simulation's totals into samples: every {@link #PERIOD_NS} of wall time (four per
 * second, so a console sees a change within a quarter second) the difference to the last reading becomes
 * one {@link Sample}. A rebuilt simulation starts a new baseline; a paused one yields no samples. The
 * runner thread samples; any thread reads the bounded history.
 */
final class TelemetrySampler implements Telemetry {
    static final long PERIOD_NS = 250_000_000L;
    static final int CAPACITY = 1200; // five wall minutes at four per second

    private final SequencedLog<Sample> samples = new SequencedLog<>(CAPACITY, Sample::seq);
    private Simulation baseSim;
    private LiveCounters base;
    private long baseWall;

    /** Called by the runner after each advance; {@code timelineOffsetNs} maps the simulation's time to the node's. */
    void afterAdvance(Simulation sim, long timelineOffsetNs) {
        long wall = System.nanoTime();
        if (sim != baseSim) {
            baseSim = sim;
            base = sim.liveCounters();
            baseWall = wall;
            return;
        }
        if (wall - baseWall < PERIOD_NS) return;
        LiveCounters now = sim.liveCounters();
        if (now.virtualNs() <= base.virtualNs()) {
            baseWall = wall; // paused: nothing happened, nothing to draw
            return;
        }
        LiveCounters before = base;
        long[] rtts = sim.pingRttsSince(before.pingReplies());
        long wallNs = wall - baseWall;
        base = now;
        baseWall = wall;
        samples.append(seq -> sample(seq, before, now, rtts, timelineOffsetNs, wallNs));
    }

    static Sample sample(long seq, LiveCounters a, LiveCounters b, long[] rtts, long offsetNs, long wallNs) {
        double dt = (b.virtualNs() - a.virtualNs()) / 1e9;
        List<Double> streams = new ArrayList<>();
        double total = 0;
        for (int i = 0; i < b.streamBytesReceived().size(); i++) {
            long before = i < a.streamBytesReceived().size() ? a.streamBytesReceived().get(i) : 0;
            double bps = (b.streamBytesReceived().get(i) - before) * 8 / dt;
            streams.add(bps);
            total += bps;
        }
        long polls = b.napiPolls() - a.napiPolls(), packets = b.napiPackets() - a.napiPackets();
        Map<String, Double> drops = new LinkedHashMap<>();
        b.drops().forEach((reason, n) -> {
            long d = n - a.drops().getOrDefault(reason, 0L);
            if (d != 0) drops.put(reason, d / dt);
        });
        double gauges = Math.max(1, b.gaugeSamples() - a.gaugeSamples());
        return new Sample(seq, (offsetNs + b.virtualNs()) / 1e9, dt, System.currentTimeMillis(), dt / (wallNs / 1e9),
                total, streams, cpu(a, b), cycles(a, b), (b.nicInterrupts() - a.nicInterrupts()) / dt, polls / dt,
                polls == 0 ? 0 : (double) packets / polls, drops,
                (b.rxRingFramesSum() - a.rxRingFramesSum()) / gauges, (b.qdiscPacketsSum() - a.qdiscPacketsSum()) / gauges,
                (b.socketQueuePacketsSum() - a.socketQueuePacketsSum()) / gauges, ping(rtts), b.accounting());
    }

    private static CpuPercent cpu(LiveCounters a, LiveCounters b) {
        double[] d = new double[Ctx.values().length];
        for (int i = 0; i < d.length; i++) d[i] = b.cpuNs()[i] - a.cpuNs()[i];
        return CpuPercent.of(d, null, b.contextSwitches() - a.contextSwitches());
    }

    /** The interval's cycles by cost key: the largest Sample.TOP_KEYS (ties by key), then "other". */
    static Map<String, Double> cycles(LiveCounters a, LiveCounters b) {
        double[] d = new double[b.keyCycles().length];
        for (int i = 0; i < d.length; i++) d[i] = b.keyCycles()[i] - a.keyCycles()[i];
        Map<String, Double> m = new LinkedHashMap<>();
        double rest = 0;
        int n = 0;
        for (Map.Entry<String, Double> e : CycleShares.largestFirst(d).entrySet()) {
            if (n++ < Sample.TOP_KEYS) m.put(e.getKey(), e.getValue()); else rest += e.getValue();
        }
        if (n > Sample.TOP_KEYS) m.put("other", rest);
        return m;
    }

    private static Sample.PingWindow ping(long[] rtts) {
        if (rtts.length == 0) return null;
        long[] s = rtts.clone();
        Arrays.sort(s);
        return new Sample.PingWindow(s.length, s[0] / 1e6, rank(s, 50) / 1e6, rank(s, 99) / 1e6);
    }

    /** Nearest-rank percentile of sorted values. */
    private static long rank(long[] sorted, double pct) {
        int r = (int) Math.ceil(pct / 100.0 * sorted.length);
        return sorted[Math.max(0, Math.min(sorted.length - 1, r - 1))];
    }

    @Override
    public List<Sample> since(long after) { return samples.since(after); }

    @Override
    public int capacity() { return samples.capacity(); }

    @Override
    public long lastSeq() { return samples.lastSeq(); }

    @Override
    public AutoCloseable subscribe(Consumer<Sample> listener) { return samples.subscribe(listener); }
}
