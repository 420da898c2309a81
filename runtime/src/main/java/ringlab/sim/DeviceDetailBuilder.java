package ringlab.sim;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import ringlab.sim.cpu.Core;
import ringlab.sim.cpu.Ctx;
import ringlab.sim.driver.NetRxAction;
import ringlab.sim.engine.Sim;
import ringlab.sim.report.Accounting;
import ringlab.sim.report.CpuPercent;
import ringlab.sim.report.CycleShares;
import ringlab.sim.report.DeviceDetail;
import ringlab.sim.report.Interrupts;
import ringlab.sim.report.NapiStats;
import ringlab.sim.report.Occupancy;
import ringlab.sim.report.PingSummary;
import ringlab.sim.report.PortCounters;
import ringlab.sim.report.PortFeatures;
import ringlab.sim.report.SimStatus;
import ringlab.sim.report.TcpCounters;
import ringlab.sim.tcp.TcpConnection;
import ringlab.sim.tcp.TcpStats;
import ringlab.sim.workload.StreamStats;
import ringlab.spi.board.CostKey;

/**
 * Reads the device's side of a simulation into a {@link DeviceDetail} (the "ringlab" key of the JSON) or a
 * {@link SimStatus} (the node's status). Its maps are insertion-ordered and read-only, so equal runs give
 * byte-identical output.
 */
final class DeviceDetailBuilder {
    private final Simulation s;

    DeviceDetailBuilder(Simulation s) { this.s = s; }

    DeviceDetail detail() {
        long errors = 0;
        for (StreamStats st : s.streams) errors += st.streamErrors;
        return new DeviceDetail(s.scenario.board.id(), s.scenario.topology.name().toLowerCase(),
                s.sim.now() / (double) Sim.SEC, cpu(), interrupts(), napi(), ordered(s.ledger.dropsByReason()),
                accounting(), occupancy(), ports(), features(), tcp(), cycles(), cyclesByKey(), s.ping != null ? ping() : null,
                errors);
    }

    SimStatus status() {
        List<long[]> snaps = s.sampler.snapshots;
        double bps = 0;
        if (snaps.size() >= 2) {
            long[] a = snaps.get(snaps.size() - 2), b = snaps.get(snaps.size() - 1);
            double dt = (s.sampler.times.get(snaps.size() - 1) - s.sampler.times.get(snaps.size() - 2)) / (double) Sim.SEC;
            long bytes = 0;
            for (int i = 0; i < s.streams.size(); i++) bytes += b[i * Sampler.STRIDE + 1] - a[i * Sampler.STRIDE + 1];
            if (dt > 0) bps = bytes * 8 / dt;
        }
        return new SimStatus(s.sim.now(), s.sim.events(), bps, cpuNs(), detail());
    }

    /**
     * CPU time summed over the cores, by mpstat column, with the keys and meaning of {@link CpuPercent}: soft
     * includes ksoftirqd's softirqs, soft_ksoftirqd is that part of it again (ns).
     */
    private Map<String, Long> cpuNs() {
        long[] by = new long[Ctx.values().length];
        for (int i = 0; i < s.cpu.cores(); i++) {
            Core c = s.cpu.core(i);
            c.sync();
            for (Ctx x : Ctx.values()) by[x.ordinal()] += c.ctxNs(x);
        }
        Map<String, Long> m = new LinkedHashMap<>();
        m.put("irq", by[Ctx.HARDIRQ.ordinal()]);
        m.put("soft", by[Ctx.SOFTIRQ.ordinal()] + by[Ctx.KSOFTIRQD.ordinal()]);
        m.put("soft_ksoftirqd", by[Ctx.KSOFTIRQD.ordinal()]);
        for (Ctx x : List.of(Ctx.KTHREAD, Ctx.USER, Ctx.SYS, Ctx.IDLE)) m.put(x.label, by[x.ordinal()]);
        return Collections.unmodifiableMap(m);
    }

    /** A read-only copy that keeps the iteration order (Map.copyOf would not). */
    private static <V> Map<String, V> ordered(Map<String, V> m) {
        return Collections.unmodifiableMap(new LinkedHashMap<>(m));
    }

    private CpuPercent cpu() {
        double[] by = new double[Ctx.values().length];
        List<CpuPercent> perCore = new ArrayList<>();
        long switches = 0;
        for (int i = 0; i < s.cpu.cores(); i++) {
            Core c = s.cpu.core(i);
            c.sync();
            double[] ns = new double[Ctx.values().length];
            for (Ctx x : Ctx.values()) {
                ns[x.ordinal()] = c.ctxNs(x);
                by[x.ordinal()] += c.ctxNs(x);
            }
            perCore.add(CpuPercent.of(ns, null, c.contextSwitches()));
            switches += c.contextSwitches();
        }
        return CpuPercent.of(by, s.cpu.cores() > 1 ? List.copyOf(perCore) : null, switches);
    }

    private Interrupts interrupts() {
        Map<String, Long> nic = new LinkedHashMap<>();
        long nicIrqs = 0, frames = 0;
        for (DevicePort p : s.ports) {
            long irqs = p.driver.interrupts();
            nic.put(p.nic.name, irqs);
            nicIrqs += irqs;
            frames += p.nic.rxFrames() + p.nic.txFrames();
        }
        long all = 0;
        for (int i = 0; i < s.cpu.cores(); i++) all += s.cpu.core(i).interrupts();
        return new Interrupts(ordered(nic), all - nicIrqs, frames == 0 ? 0.0 : (double) nicIrqs / frames);
    }

    private NapiStats napi() {
        long polls = 0, work = 0;
        for (DevicePort p : s.ports) {
            polls += p.driver.napi.polls();
            work += p.driver.napi.workTotal();
        }
        long squeeze = 0, netRxRuns = 0, ksoft = 0;
        for (NetRxAction a : s.netRx) squeeze += a.timeSqueeze();
        for (int i = 0; i < s.cpu.cores(); i++) {
            netRxRuns += s.cpu.core(i).softirqRuns(Core.NET_RX);
            ksoft += s.cpu.core(i).ksoftirqd().switchesIn();
        }
        return new NapiStats(polls, work, polls == 0 ? 0.0 : (double) work / polls, s.stack.ipInReceives(), squeeze,
                netRxRuns, ksoft);
    }

    private Accounting accounting() {
        return new Accounting(s.ledger.sentCount(), s.ledger.deliveredCount(), s.ledger.droppedCount(),
                s.ledger.inFlight());
    }

    private Occupancy occupancy() {
        double n = Math.max(1, s.sampler.gaugeSamples);
        DevicePort p = s.ports.get(0);
        return new Occupancy(s.sampler.gauges[0] / n, p.nic.rxFrameCapacity(), s.sampler.gauges[1] / n, p.nic.txSize(),
                s.sampler.gauges[2] / n, s.sampler.gauges[3] / n);
    }

    private List<PortCounters> ports() {
        List<PortCounters> l = new ArrayList<>();
        for (DevicePort p : s.ports) {
            long txPackets = p.driver.txPackets();
            // ethtool --get-tunable rx-copybreak: only a driver that copies has the tunable
            int copybreak = p.driver.rxCopybreakBytes();
            Map<String, Long> tunables = copybreak > 0 ? Map.of("rx-copybreak", (long) copybreak) : null;
            l.add(new PortCounters(p.nic.name, p.netdev.qdisc().kind(), p.nic.rxFrames(), p.nic.txFrames(),
                    p.nic.rxBytes(), p.nic.txBytes(), p.nic.rxLengthErrors(), p.driver.rxReinitDropped(),
                    p.nic.rxMissedErrors(), p.nic.rxLengthErrors(),
                    p.driver.rxCopybreakPkt(), p.driver.rxReinits(), p.driver.refillDoorbells(), p.driver.txDoorbells(),
                    txPackets == 0 ? 0.0 : (double) p.driver.txDoorbells() / txPackets,
                    p.netdev.bulkDequeues(), p.netdev.gsoSegments(), p.netdev.requeues(), p.driver.txLimitStops(),
                    p.netdev.stops(), p.driver.dma().linesMapped(), p.driver.dma().linesUnmapped(),
                    p.driver.dma().linesToDevice(), p.driver.dma().linesWrittenBack(), p.driver.dma().bounceBytes(),
                    p.nic.txPauseFrames(), tunables));
        }
        return List.copyOf(l);
    }

    /** The active features per port and the counters they registered (ethtool -S style). */
    private Map<String, PortFeatures> features() {
        Map<String, PortFeatures> m = new LinkedHashMap<>();
        for (DevicePort p : s.ports) {
            List<String> ids = new ArrayList<>();
            p.driver.activeFeatures().forEach(f -> ids.add(f.id()));
            Map<String, Map<String, Long>> counters = new LinkedHashMap<>();
            p.driver.strategies().counters().forEach((id, c) -> counters.put(id, ordered(c)));
            Map<String, Long> rb = p.driver.strategies().buffers.counters();
            m.put(p.nic.name, new PortFeatures(List.copyOf(ids), ordered(counters), rb.isEmpty() ? null : ordered(rb)));
        }
        return ordered(m);
    }

    private List<TcpCounters> tcp() {
        List<TcpCounters> l = new ArrayList<>();
        for (TcpConnection c : s.deviceConns) {
            TcpStats t = c.stats();
            long[] v = {t.InSegs, t.OutSegs, t.RetransSegs, t.TCPFastRetrans, t.TCPTimeouts, t.TCPRcvQDrop,
                t.TCPOFOQueue, t.DelayedACKs}; // in the order of TcpCounters.NAMES
            Map<String, Long> nstat = new LinkedHashMap<>();
            for (int i = 0; i < v.length; i++) nstat.put(TcpCounters.NAMES[i], v[i]);
            l.add(new TcpCounters(c.remotePort, Collections.unmodifiableMap(nstat), c.rcvbuf(), c.sndbuf(),
                    c.rcvRttNs() / 1e6, c.rcvSpace(), c.rcvSsthresh()));
        }
        return List.copyOf(l);
    }

    private Map<String, Double> cycles() {
        Map<String, Double> m = new LinkedHashMap<>();
        double all = 0;
        for (CostKey.Category c : CostKey.Category.values()) {
            for (int i = 0; i < s.cpu.cores(); i++) all += s.cpu.core(i).categoryCycles(c);
        }
        for (CostKey.Category c : CostKey.Category.values()) {
            double v = 0;
            for (int i = 0; i < s.cpu.cores(); i++) v += s.cpu.core(i).categoryCycles(c);
            if (v > 0) m.put(c.name().toLowerCase(), all == 0 ? 0.0 : 100.0 * v / all);
        }
        return ordered(m);
    }

    /** Every charged cost key's share of all cycles, largest first (ties by key), as perf report sorts. */
    private Map<String, Double> cyclesByKey() { return ordered(CycleShares.largestFirst(s.cpu.keyCycles())); }

    private PingSummary ping() {
        return new PingSummary(s.ping.sent(), s.ping.received(), s.ping.percentile(0) / 1e6,
                s.ping.percentile(50) / 1e6, s.ping.percentile(99) / 1e6, s.ping.percentile(100) / 1e6);
    }
}
