package ringlab.sim;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import ringlab.spi.board.CostKey;
import ringlab.sim.cpu.Core;
import ringlab.sim.cpu.Ctx;
import ringlab.sim.driver.NetRxAction;
import ringlab.sim.engine.Sim;
import ringlab.sim.tcp.TcpConnection;
import ringlab.sim.tcp.TcpStats;
import ringlab.sim.workload.StreamStats;

/**
 * The device's side of a run as nested maps (the "ringlab" key of the JSON, and the node's status):
 * CPU per context like mpstat, interrupts, NAPI polls and packets per poll (softnet_stat), drops by
 * reason, the accounting ledger, ring/qdisc/socket occupancy, driver counters (ethtool -S style), TCP
 * counters (netstat) and where the cycles went. Insertion-ordered for byte-identical output.
 */
final class DeviceDetail {
    private final Simulation s;

    DeviceDetail(Simulation s) { this.s = s; }

    Map<String, Object> detail() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("board", s.scenario.board.id());
        m.put("topology", s.scenario.topology.name().toLowerCase());
        m.put("virtual_seconds", s.sim.now() / (double) Sim.SEC);
        m.put("cpu_percent", cpu());
        m.put("interrupts", interrupts());
        m.put("napi", napi());
        m.put("drops", new LinkedHashMap<>(s.ledger.dropsByReason()));
        m.put("accounting", accounting());
        m.put("occupancy_avg", occupancy());
        m.put("ports", ports());
        m.put("features", features());
        m.put("tcp", tcp());
        m.put("cycles_percent", cycles());
        if (s.ping != null) m.put("ping", ping());
        long errors = 0;
        for (StreamStats st : s.streams) errors += st.streamErrors;
        m.put("stream_integrity_errors", errors);
        return m;
    }

    Map<String, Object> status() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("virtual_ns", s.sim.now());
        m.put("events", s.sim.events());
        List<long[]> snaps = s.sampler.snapshots;
        double bps = 0;
        if (snaps.size() >= 2) {
            long[] a = snaps.get(snaps.size() - 2), b = snaps.get(snaps.size() - 1);
            double dt = (s.sampler.times.get(snaps.size() - 1) - s.sampler.times.get(snaps.size() - 2)) / (double) Sim.SEC;
            long bytes = 0;
            for (int i = 0; i < s.streams.size(); i++) bytes += b[i * 8 + 1] - a[i * 8 + 1];
            if (dt > 0) bps = bytes * 8 / dt;
        }
        m.put("receiver_bits_per_second", bps);
        m.putAll(detail());
        return m;
    }

    private Map<String, Object> cpu() {
        Map<String, Object> m = new LinkedHashMap<>();
        long all = 0;
        long[] by = new long[Ctx.values().length];
        List<Object> perCore = new ArrayList<>();
        for (int i = 0; i < s.cpu.cores(); i++) {
            Core c = s.cpu.core(i);
            c.sync();
            Map<String, Object> pc = new LinkedHashMap<>();
            long coreAll = 0;
            for (Ctx x : Ctx.values()) coreAll += c.ctxNs(x);
            for (Ctx x : Ctx.values()) {
                by[x.ordinal()] += c.ctxNs(x);
                pc.put(x.label, coreAll == 0 ? 0.0 : 100.0 * c.ctxNs(x) / coreAll);
            }
            all += coreAll;
            perCore.add(pc);
        }
        for (Ctx x : Ctx.values()) m.put(x.label, all == 0 ? 0.0 : 100.0 * by[x.ordinal()] / all);
        if (s.cpu.cores() > 1) m.put("per_core", perCore);
        long cs = 0;
        for (int i = 0; i < s.cpu.cores(); i++) cs += s.cpu.core(i).contextSwitches();
        m.put("context_switches", cs);
        return m;
    }

    private long rxFrames() {
        long n = 0;
        for (DevicePort p : s.ports) n += p.nic.rxFrames();
        return n;
    }

    private Map<String, Object> interrupts() {
        Map<String, Object> m = new LinkedHashMap<>();
        long nicIrqs = 0;
        for (DevicePort p : s.ports) {
            m.put(p.nic.name, p.driver.irqLine().count());
            nicIrqs += p.driver.irqLine().count();
        }
        long all = 0;
        for (int i = 0; i < s.cpu.cores(); i++) all += s.cpu.core(i).interrupts();
        m.put("timer", all - nicIrqs);
        long frames = rxFrames();
        for (DevicePort p : s.ports) frames += p.nic.txFrames();
        m.put("nic_per_packet", frames == 0 ? 0.0 : (double) nicIrqs / frames);
        return m;
    }

    private Map<String, Object> napi() {
        Map<String, Object> m = new LinkedHashMap<>();
        long polls = 0, work = 0;
        for (DevicePort p : s.ports) {
            polls += p.driver.napi.polls();
            work += p.driver.napi.workTotal();
        }
        m.put("polls", polls);
        m.put("packets", work);
        m.put("packets_per_poll", polls == 0 ? 0.0 : (double) work / polls);
        long squeeze = 0, netRxRuns = 0;
        for (NetRxAction a : s.netRx) squeeze += a.timeSqueeze();
        for (int i = 0; i < s.cpu.cores(); i++) netRxRuns += s.cpu.core(i).softirqRuns(Core.NET_RX);
        m.put("time_squeeze", squeeze);
        m.put("net_rx_softirqs", netRxRuns);
        long ksoft = 0;
        for (int i = 0; i < s.cpu.cores(); i++) ksoft += s.cpu.core(i).ksoftirqd().switchesIn();
        m.put("ksoftirqd_wakeups", ksoft);
        return m;
    }

    private Map<String, Object> accounting() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("sent", s.ledger.sentCount());
        m.put("delivered", s.ledger.deliveredCount());
        m.put("dropped", s.ledger.droppedCount());
        m.put("in_flight", s.ledger.inFlight());
        return m;
    }

    private Map<String, Object> occupancy() {
        Map<String, Object> m = new LinkedHashMap<>();
        double n = Math.max(1, s.sampler.gaugeSamples);
        DevicePort p = s.ports.get(0);
        m.put("rx_ring_frames", s.sampler.gauges[0] / n);
        m.put("rx_ring_size", p.nic.rxSize());
        m.put("tx_ring_descs", s.sampler.gauges[1] / n);
        m.put("tx_ring_size", p.nic.txSize());
        m.put("qdisc_packets", s.sampler.gauges[2] / n);
        m.put("socket_queue_packets", s.sampler.gauges[3] / n);
        return m;
    }

    private List<Object> ports() {
        List<Object> l = new ArrayList<>();
        for (DevicePort p : s.ports) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("name", p.nic.name);
            m.put("qdisc", p.netdev.qdisc().kind());
            m.put("rx_packets", p.nic.rxFrames());
            m.put("tx_packets", p.nic.txFrames());
            m.put("rx_copybreak", p.driver.rxCopybreak());
            m.put("rx_ring_reinits", p.driver.rxReinits());
            m.put("refill_doorbells", p.driver.refillDoorbells());
            m.put("tx_doorbells", p.driver.txDoorbells());
            m.put("tx_doorbells_per_packet", p.driver.txPackets() == 0 ? 0.0 : (double) p.driver.txDoorbells() / p.driver.txPackets());
            m.put("qdisc_bulk_dequeues", p.netdev.bulkDequeues());
            m.put("gso_segments", p.netdev.gsoSegments());
            m.put("tx_limit_stops", p.driver.txLimitStops());
            m.put("tx_queue_stops", p.netdev.stops());
            m.put("dma_lines_mapped", p.driver.dma().linesMapped());
            m.put("dma_lines_unmapped", p.driver.dma().linesUnmapped());
            m.put("dma_lines_to_device", p.driver.dma().linesToDevice());
            l.add(m);
        }
        return l;
    }

    /** The active features per port and the counters they registered (ethtool -S style). */
    private Map<String, Object> features() {
        Map<String, Object> m = new LinkedHashMap<>();
        for (DevicePort p : s.ports) {
            Map<String, Object> pm = new LinkedHashMap<>();
            List<String> ids = new ArrayList<>();
            p.driver.activeFeatures().forEach(f -> ids.add(f.id()));
            pm.put("active", ids);
            p.driver.strategies().counters().forEach((id, c) -> pm.put(id, new LinkedHashMap<>(c.get())));
            Map<String, Long> rb = p.driver.strategies().buffers.counters();
            if (!rb.isEmpty()) pm.put("rx_buffers", new LinkedHashMap<>(rb));
            m.put(p.nic.name, pm);
        }
        return m;
    }

    private List<Object> tcp() {
        List<Object> l = new ArrayList<>();
        for (TcpConnection c : s.deviceConns) {
            TcpStats t = c.stats();
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("port", c.remotePort);
            m.put("InSegs", t.InSegs);
            m.put("OutSegs", t.OutSegs);
            m.put("RetransSegs", t.RetransSegs);
            m.put("TCPFastRetrans", t.TCPFastRetrans);
            m.put("TCPTimeouts", t.TCPTimeouts);
            m.put("TCPRcvQDrop", t.TCPRcvQDrop);
            m.put("TCPOFOQueue", t.TCPOFOQueue);
            m.put("DelayedACKs", t.DelayedACKs);
            m.put("rcvbuf", c.rcvbuf());
            m.put("sndbuf", c.sndbuf());
            l.add(m);
        }
        return l;
    }

    private Map<String, Object> cycles() {
        Map<String, Object> m = new LinkedHashMap<>();
        double all = 0;
        for (CostKey.Category c : CostKey.Category.values()) {
            for (int i = 0; i < s.cpu.cores(); i++) all += s.cpu.core(i).categoryCycles(c);
        }
        for (CostKey.Category c : CostKey.Category.values()) {
            double v = 0;
            for (int i = 0; i < s.cpu.cores(); i++) v += s.cpu.core(i).categoryCycles(c);
            if (v > 0) m.put(c.name().toLowerCase(), all == 0 ? 0.0 : 100.0 * v / all);
        }
        return m;
    }

    private Map<String, Object> ping() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("sent", s.ping.sent());
        m.put("received", s.ping.received());
        m.put("min_ms", s.ping.percentile(0) / 1e6);
        m.put("p50_ms", s.ping.percentile(50) / 1e6);
        m.put("p99_ms", s.ping.percentile(99) / 1e6);
        m.put("max_ms", s.ping.percentile(100) / 1e6);
        return m;
    }
}
