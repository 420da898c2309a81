package ringlab.webconsole.metrics;

import io.prometheus.metrics.model.registry.MultiCollector;
import io.prometheus.metrics.model.snapshots.CounterSnapshot;
import io.prometheus.metrics.model.snapshots.GaugeSnapshot;
import io.prometheus.metrics.model.snapshots.InfoSnapshot;
import io.prometheus.metrics.model.snapshots.Labels;
import io.prometheus.metrics.model.snapshots.MetricSnapshot;
import io.prometheus.metrics.model.snapshots.MetricSnapshots;
import io.prometheus.metrics.model.snapshots.StateSetSnapshot;
import io.prometheus.metrics.model.snapshots.Unit;
import io.prometheus.metrics.model.snapshots.UnknownSnapshot;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.function.ToLongFunction;
import ringlab.node.NodeRunner;
import ringlab.node.NodeStatus;
import ringlab.node.Sample;
import ringlab.sim.report.DeviceDetail;
import ringlab.sim.report.PortCounters;
import ringlab.sim.report.SimStatus;
import ringlab.sim.report.TcpCounters;

/**
 * The node's figures as Prometheus metric families, read at scrape time from the node's status (totals of the
 * running simulation) and its latest telemetry sample (rates and queue occupancy over the last quarter wall
 * second or so). Every series carries the board label; per-port series also a port label.
 *
 * <p>The simulation counts in virtual (simulated) time and all its counters restart from 0 when the node
 * rebuilds it (a board or workload change, a fault): Prometheus treats that as a counter reset.
 * {@code rate(x[1m]) / rate(ringlab_virtual_seconds_total[1m])} gives a rate per virtual second.
 */
final class NodeMetrics implements MultiCollector {
    /** The node's states (NodeStatus.state), for the state set. */
    static final List<String> STATES = List.of("starting", "running", "paused", "restarting", "waiting-for-board",
            "board-quarantined", "error");
    /** Restart reasons (NodeStatus.Restarts.byReason), present at 0 before they first happen. */
    static final List<String> RESTART_REASONS = List.of("board-change", "workload-change", "board-removed", "fault", "error");

    private static final String VT = " (virtual time; restarts from 0 when the simulation is rebuilt)";

    private final NodeRunner runner;
    private volatile Latest latest;

    /** A telemetry sample and the simulation it belongs to (NodeStatus.Restarts.builds when it was taken). */
    private record Latest(long build, Sample sample) { }

    NodeMetrics(NodeRunner runner) { this.runner = runner; }

    /** Telemetry listener (the runner's thread): keeps the newest sample. */
    void sampled(Sample s) {
        latest = new Latest(runner.status().restarts().builds(), s);
    }

    @Override
    public MetricSnapshots collect() {
        NodeStatus status = runner.status();
        Latest l = latest;
        // a sample of an earlier simulation says nothing about this one
        Sample sample = l != null && status.simulation() != null && l.build() == status.restarts().builds() ? l.sample() : null;
        return snapshots(status, sample);
    }

    /** The metric families for a status and the latest sample of its simulation (null if none yet). */
    static MetricSnapshots snapshots(NodeStatus status, Sample sample) {
        Families f = new Families();
        String board = status.scenario() == null ? "" : nz(status.scenario().board());
        node(f, status, board);
        SimStatus sim = status.simulation();
        if (sim != null) simulation(f, sim, sample);
        return f.build();
    }

    // ------------------------------------------------------------------ the node's own bookkeeping

    private static void node(Families f, NodeStatus s, String board) {
        NodeStatus.Scenario sc = s.scenario();
        InfoSnapshot.Builder info = InfoSnapshot.builder().name("ringlab_node")
                .help("The node's scenario: the board, the driver features running (in order) and the iperf3 workload; always 1");
        info.dataPoint(InfoSnapshot.InfoDataPointSnapshot.builder().labels(Labels.of("board", board,
                "features", sc == null || sc.activeFeatures() == null ? "" : String.join(",", sc.activeFeatures()),
                "workload", sc == null ? "" : nz(sc.workload()))).build());
        f.add(info.build());

        StateSetSnapshot.StateSetDataPointSnapshot.Builder state = StateSetSnapshot.StateSetDataPointSnapshot.builder()
                .labels(Labels.of("board", board));
        Set<String> states = new LinkedHashSet<>(STATES);
        if (s.state() != null) states.add(s.state());
        for (String st : states) state.state(st, st.equals(s.state()));
        f.add(StateSetSnapshot.builder().name("ringlab_node_state")
                .help("The node's state: 1 for the current one (running, paused, restarting, waiting-for-board, ...)")
                .dataPoint(state.build()).build());

        Points restarts = new Points(board);
        Map<String, Long> byReason = new LinkedHashMap<>();
        RESTART_REASONS.forEach(r -> byReason.put(r, 0L));
        if (s.restarts() != null && s.restarts().byReason() != null) byReason.putAll(s.restarts().byReason());
        byReason.forEach((r, n) -> restarts.add(n, "reason", r));
        f.counter("ringlab_node_restarts", "Teardowns of the node's simulation by reason, since the node started", restarts);
        f.counter("ringlab_node_simulation_builds", "Simulations the node has built since it started",
                new Points(board).add(s.restarts() == null ? 0 : s.restarts().builds()));

        Set<String> features = new LinkedHashSet<>(s.features() == null ? List.of() : s.features());
        Set<String> quarantined = new LinkedHashSet<>();
        if (s.quarantined() != null) s.quarantined().forEach(q -> quarantined.add(q.id()));
        features.addAll(quarantined);
        List<String> active = sc == null || sc.activeFeatures() == null ? List.of() : sc.activeFeatures();
        Points activeP = new Points(board), quarantinedP = new Points(board);
        for (String id : features) {
            activeP.add(active.contains(id) ? 1 : 0, "feature", id);
            quarantinedP.add(quarantined.contains(id) ? 1 : 0, "feature", id);
        }
        f.gauge("ringlab_feature_active", "1 if the installed driver feature runs in the driver now, else 0", activeP);
        f.gauge("ringlab_feature_quarantined", "1 if the driver feature was taken out of the run because its code threw "
                + "(until its bundle is updated or restarted), else 0", quarantinedP);
    }

    // ------------------------------------------------------------------ the running simulation

    private static void simulation(Families f, SimStatus sim, Sample sample) {
        DeviceDetail d = sim.device();
        String board = nz(d.board());
        f.counter("ringlab_virtual_seconds", "Virtual (simulated) time the running simulation has advanced since it was "
                + "built; every ringlab counter counts in this clock and restarts from 0 with it (seconds)",
                Unit.SECONDS, new Points(board).add(sim.virtualNs() / 1e9));
        f.counter("ringlab_simulation_events", "Discrete events the simulation has processed" + VT,
                new Points(board).add(sim.events()));

        if (sample != null) {
            // bytes, not bits: Prometheus's base unit (promtool's lint refuses _bits)
            Points streams = new Points(board);
            for (int i = 0; i < sample.streamBitsPerSecond().size(); i++) {
                streams.add(sample.streamBitsPerSecond().get(i) / 8, "stream", Integer.toString(i));
            }
            f.gauge("ringlab_receiver_bytes_per_second", "Goodput at the receiving iperf3 application per stream (stream "
                    + "index from 0), over the last telemetry interval, in bytes per virtual second (x8 for iperf3's "
                    + "bits)", streams);
        }

        Points cpu = new Points(board);
        // soft_ksoftirqd is part of soft: a series of its own, so that summing over context counts it once
        sim.cpuNs().forEach((ctx, ns) -> { if (!ctx.equals("soft_ksoftirqd")) cpu.add(ns / 1e9, "context", ctx); });
        f.counter("ringlab_cpu_seconds", "Device CPU time per context (mpstat columns: irq, soft, kthread, usr, sys, "
                + "idle; soft includes ksoftirqd's softirqs as mpstat's %soft does) summed over the cores, in virtual "
                + "seconds" + VT, Unit.SECONDS, cpu);
        f.counter("ringlab_cpu_soft_ksoftirqd_seconds", "Of ringlab_cpu_seconds_total{context=\"soft\"}, the softirqs run "
                + "by the ksoftirqd/N threads, summed over the cores, in virtual seconds" + VT, Unit.SECONDS,
                new Points(board).add(sim.cpuNs().getOrDefault("soft_ksoftirqd", 0L) / 1e9));
        f.counter("ringlab_context_switches", "Task switches of all cores, /proc/stat ctxt" + VT,
                new Points(board).add(d.cpuPercent().contextSwitches()));

        Points irqs = new Points(board);
        d.interrupts().nic().forEach((port, n) -> irqs.add(n, "port", port));
        f.counter("ringlab_interrupts", "Hard interrupts raised by each port's NIC line, /proc/interrupts" + VT, irqs);
        f.counter("ringlab_timer_interrupts", "All other hard interrupts: scheduler tick and hrtimers, LOC" + VT,
                new Points(board).add(d.interrupts().timer()));

        f.counter("ringlab_napi_polls", "NAPI poll calls of all ports' drivers" + VT, new Points(board).add(d.napi().polls()));
        f.counter("ringlab_napi_packets", "Packets handled by NAPI polls, all ports" + VT, new Points(board).add(d.napi().packets()));
        f.counter("ringlab_napi_processed", "Packets taken into the stack (__netif_receive_skb_core), softnet_stat "
                + "processed" + VT, new Points(board).add(d.napi().processed()));
        f.counter("ringlab_napi_time_squeeze", "net_rx_action runs ended with work left, softnet_stat time_squeeze" + VT,
                new Points(board).add(d.napi().timeSqueeze()));
        f.counter("ringlab_net_rx_softirqs", "NET_RX softirq runs, /proc/softirqs" + VT, new Points(board).add(d.napi().netRxSoftirqs()));
        f.counter("ringlab_ksoftirqd_wakeups", "Times a ksoftirqd thread was switched in" + VT,
                new Points(board).add(d.napi().ksoftirqdWakeups()));

        Points drops = new Points(board);
        d.drops().forEach((reason, n) -> drops.add(n, "reason", reason));
        f.counter("ringlab_drops", "Dropped packets by reason (the kernel counter that counts the drop as ip -s link or nstat "
                + "spells it, else the kernel drop reason in lower case; a reason appears once it occurred)" + VT, drops);

        // the ledger: sent = delivered + dropped + in flight at every instant
        f.counter("ringlab_packets_sent", "Ledger: packets handed to a NIC, a stack or a peer" + VT,
                new Points(board).add(d.accounting().sent()));
        f.counter("ringlab_packets_delivered", "Ledger: packets that reached their final consumer (an application, the "
                + "peer, ICMP)" + VT, new Points(board).add(d.accounting().delivered()));
        f.counter("ringlab_packets_dropped", "Ledger: packets dropped for any reason, the sum of ringlab_drops_total" + VT,
                new Points(board).add(d.accounting().dropped()));
        f.gauge("ringlab_packets_in_flight", "Ledger: packets sent and neither delivered nor dropped (in a ring, qdisc, "
                + "socket or wire); sent = delivered + dropped + in flight", new Points(board).add(d.accounting().inFlight()));

        ports(f, d, board);

        String first = d.ports().isEmpty() ? "eth0" : d.ports().get(0).name();
        f.gauge("ringlab_rx_ring_descriptors", "Rx ring size, ethtool -g RX (descriptors)",
                new Points(board).add(d.occupancyAvg().rxRingSize(), "port", first));
        f.gauge("ringlab_tx_ring_descriptors", "Tx ring size, ethtool -g TX (descriptors)",
                new Points(board).add(d.occupancyAvg().txRingSize(), "port", first));
        if (sample != null) {
            f.gauge("ringlab_rx_ring_frames", "Frames waiting in the rx ring for the driver, average over the last "
                    + "telemetry interval (sampled every virtual ms)", new Points(board).add(sample.rxRingFrames(), "port", first));
            f.gauge("ringlab_qdisc_packets", "Packets waiting in the root qdisc, average over the last telemetry interval",
                    new Points(board).add(sample.qdiscPackets(), "port", first));
            f.gauge("ringlab_socket_queue_packets", "Packets queued at the device's TCP and UDP sockets, average over the "
                    + "last telemetry interval", new Points(board).add(sample.socketQueuePackets()));
        }

        // the features' own counters, ethtool -S style: most count events, some are settings or levels (BQL's
        // limit, gro_flush_timeout), so untyped; each is declared (kind, unit, doc) at GET /api/v1/features/{id}
        Points featureStats = new Points(board), rxBuffers = new Points(board);
        d.features().forEach((port, pf) -> {
            pf.counters().forEach((feature, counters) -> counters.forEach((name, v) ->
                    featureStats.add(v, "port", port, "feature", feature, "stat", name)));
            if (pf.rxBuffers() != null) pf.rxBuffers().forEach((name, v) -> rxBuffers.add(v, "port", port, "stat", name));
        });
        f.untyped("ringlab_feature_stat", "An active driver feature's own ethtool -S style figure, as the feature declares it "
                + "(GET /api/v1/features/{id}: unit, kind, doc); event counts go on across tunable changes and restart "
                + "when the feature leaves the port" + VT, featureStats);
        f.untyped("ringlab_rx_buffers_stat", "The rx buffer scheme's own figures, by name" + VT, rxBuffers);

        tcp(f, d, board);
        f.counter("ringlab_stream_integrity_errors", "Reads at a receiving application that did not continue its stream "
                + "(gap, duplicate, reordering); 0 in a correct run" + VT, new Points(board).add(d.streamIntegrityErrors()));
    }

    private static void ports(Families f, DeviceDetail d, String board) {
        Points info = new Points(board);
        for (PortCounters p : d.ports()) info.add(1, "port", p.name(), "qdisc", nz(p.qdisc()));
        f.gauge("ringlab_port_info", "The device's ports and their root qdisc; always 1", info);
        Points copybreak = new Points(board);
        for (PortCounters p : d.ports()) {
            if (p.tunables() != null && p.tunables().containsKey("rx-copybreak")) {
                copybreak.add(p.tunables().get("rx-copybreak"), "port", p.name());
            }
        }
        f.gauge("ringlab_port_rx_copybreak_bytes", "The driver's copybreak size, ethtool --get-tunable rx-copybreak "
                + "(frames shorter than this are copied; only ports whose driver has the tunable)", Unit.BYTES, copybreak);
        CounterPer<PortCounters> portCounter = (name, help, v) ->
                counterPer(f, board, d.ports(), "port", PortCounters::name, name, help + ", per port", v);
        for (IpLinkStat x : IP_LINK) portCounter.add("ringlab_port_" + x.field(), x.help() + ", ip -s link " + x.field(), x.value());
        portCounter.add("ringlab_port_rx_copybreak_pkt", "Received frames copied into a small skb for being shorter than "
                + "the rx-copybreak size (ENA's rx_copybreak_pkt)", PortCounters::rxCopybreakPkt);
        portCounter.add("ringlab_port_rx_ring_reinits", "Rx ring re-initialisations", PortCounters::rxRingReinits);
        portCounter.add("ringlab_port_refill_doorbells", "MMIO writes telling the NIC about refilled rx descriptors", PortCounters::refillDoorbells);
        portCounter.add("ringlab_port_tx_doorbells", "MMIO writes telling the NIC about new tx descriptors", PortCounters::txDoorbells);
        portCounter.add("ringlab_port_qdisc_bulk_dequeues", "Qdisc dequeues that took more than one packet", PortCounters::qdiscBulkDequeues);
        portCounter.add("ringlab_port_gso_segments", "Segments made by software GSO before the driver", PortCounters::gsoSegments);
        portCounter.add("ringlab_port_qdisc_requeues", "Packets the driver did not take, put back at the head of the qdisc",
                PortCounters::qdiscRequeues);
        portCounter.add("ringlab_port_tx_limit_stops", "Times the driver's tx limit (BQL) stopped the queue", PortCounters::txLimitStops);
        portCounter.add("ringlab_port_tx_queue_stops", "Times the netdev tx queue went from running to stopped", PortCounters::txQueueStops);
        portCounter.add("ringlab_port_dma_rx_map_cache_lines", "Cache lines invalidated or cleaned for rx buffers mapped "
                + "or synced for the device (non-coherent DMA)", PortCounters::dmaLinesMapped);
        portCounter.add("ringlab_port_dma_rx_unmap_cache_lines", "Cache lines invalidated when rx buffers were unmapped "
                + "or synced for the CPU", PortCounters::dmaLinesUnmapped);
        portCounter.add("ringlab_port_dma_tx_map_cache_lines", "Cache lines cleaned for tx buffers mapped to the device",
                PortCounters::dmaLinesToDevice);
        portCounter.add("ringlab_port_dma_tx_writeback_cache_lines", "Dirty cache lines written back to DRAM by tx maps",
                PortCounters::dmaLinesWrittenBack);
        portCounter.add("ringlab_port_dma_bounce_bytes", "Bytes copied to or from swiotlb bounce buffers",
                PortCounters::dmaBounceBytes);
        portCounter.add("ringlab_port_tx_pause_frames", "IEEE 802.3x PAUSE frames sent because the receive FIFO filled",
                PortCounters::txPauseFrames);
    }

    /** One ip -s link figure: its struct rtnl_link_stats64 field name (the metric is ringlab_port_FIELD_total). */
    private record IpLinkStat(String field, String help, ToLongFunction<PortCounters> value) { }

    private static final List<IpLinkStat> IP_LINK = List.of(
            new IpLinkStat("rx_packets", "Frames the NIC wrote into the rx ring", PortCounters::rxPackets),
            new IpLinkStat("tx_packets", "Frames the NIC put on the wire", PortCounters::txPackets),
            new IpLinkStat("rx_bytes", "Bytes of the received frames without FCS", PortCounters::rxBytes),
            new IpLinkStat("tx_bytes", "Bytes of the sent frames without FCS", PortCounters::txBytes),
            new IpLinkStat("rx_errors", "Bad frames received (length errors)", PortCounters::rxErrors),
            new IpLinkStat("rx_dropped", "Frames received but not processed (freed at an rx ring re-initialisation)",
                    PortCounters::rxDropped),
            new IpLinkStat("rx_missed_errors", "Frames that found no free rx descriptor (ip's missed)", PortCounters::rxMissedErrors),
            new IpLinkStat("rx_length_errors", "Frames longer than the rx buffer", PortCounters::rxLengthErrors));

    /** Adds a counter family with one point per item of a list (a port, a connection). */
    private interface CounterPer<T> { void add(String name, String help, ToLongFunction<T> value); }

    private static <T> void counterPer(Families f, String board, List<T> items, String label, Function<T, String> key,
                                       String name, String help, ToLongFunction<T> value) {
        Points p = new Points(board);
        for (T t : items) p.add(value.applyAsLong(t), label, key.apply(t));
        f.counter(name, help + VT, p);
    }

    private static void tcp(Families f, DeviceDetail d, String board) {
        if (d.tcp() == null || d.tcp().isEmpty()) return;
        CounterPer<TcpCounters> tcpCounter = (name, help, v) -> counterPer(f, board, d.tcp(), "peer_port", c -> Integer.toString(c.port()),
                name, help + ", per device-side connection (peer_port tells the streams apart)", v);
        tcpCounter.add("ringlab_tcp_in_segments", "Segments received, TcpInSegs", c -> c.get("TcpInSegs"));
        tcpCounter.add("ringlab_tcp_out_segments", "Segments sent including retransmissions and pure ACKs, TcpOutSegs", c -> c.get("TcpOutSegs"));
        tcpCounter.add("ringlab_tcp_retransmitted_segments", "Segments retransmitted, TcpRetransSegs", c -> c.get("TcpRetransSegs"));
        tcpCounter.add("ringlab_tcp_fast_retransmits", "Retransmissions in fast recovery, TcpExtTCPFastRetrans", c -> c.get("TcpExtTCPFastRetrans"));
        tcpCounter.add("ringlab_tcp_timeouts", "Retransmission timer expiries, TcpExtTCPTimeouts", c -> c.get("TcpExtTCPTimeouts"));
        tcpCounter.add("ringlab_tcp_rcvq_drops", "In-order segments dropped over rcvbuf, TcpExtTCPRcvQDrop", c -> c.get("TcpExtTCPRcvQDrop"));
        tcpCounter.add("ringlab_tcp_ofo_queued_segments", "Segments put into the out-of-order queue, TcpExtTCPOFOQueue", c -> c.get("TcpExtTCPOFOQueue"));
        tcpCounter.add("ringlab_tcp_delayed_acks", "ACKs sent by the delayed-ACK timer, TcpExtDelayedACKs", c -> c.get("TcpExtDelayedACKs"));
        Points rcv = new Points(board), snd = new Points(board);
        for (TcpCounters c : d.tcp()) {
            rcv.add(c.rcvbuf(), "peer_port", Integer.toString(c.port()));
            snd.add(c.sndbuf(), "peer_port", Integer.toString(c.port()));
        }
        f.gauge("ringlab_tcp_receive_buffer_bytes", "Receive buffer size sk_rcvbuf after auto-tuning, per device-side "
                + "connection (bytes)", Unit.BYTES, rcv);
        f.gauge("ringlab_tcp_send_buffer_bytes", "Send buffer size sk_sndbuf per device-side connection (bytes)", Unit.BYTES, snd);
    }

    private static String nz(String s) { return s == null ? "" : s; }

    // ------------------------------------------------------------------ building snapshots

    /** The data points of one family: values with their labels, the board label on each. */
    static final class Points {
        private final String board;
        final List<Labels> labels = new ArrayList<>();
        final List<Double> values = new ArrayList<>();

        Points(String board) { this.board = board; }

        /** Adds a point labelled with the board and {@code nameValues} (name, value, name, value, ...). */
        Points add(double value, String... nameValues) {
            String[] all = new String[nameValues.length + 2];
            all[0] = "board";
            all[1] = board;
            System.arraycopy(nameValues, 0, all, 2, nameValues.length);
            for (int i = 3; i < all.length; i += 2) if (all[i] == null) all[i] = "";
            labels.add(Labels.of(all));
            values.add(value);
            return this;
        }
    }

    /** The families of one scrape; a family without points is left out. */
    private static final class Families {
        private final MetricSnapshots.Builder out = MetricSnapshots.builder();

        /** Adds one data point of a family to its builder. */
        private interface PointAdder<B> { void add(B builder, Labels labels, double value); }

        void add(MetricSnapshot s) { out.metricSnapshot(s); }

        void counter(String name, String help, Points p) { counter(name, help, null, p); }

        void counter(String name, String help, Unit unit, Points p) {
            family(CounterSnapshot.builder(), name, help, unit, p,
                    (b, l, v) -> b.dataPoint(CounterSnapshot.CounterDataPointSnapshot.builder().labels(l).value(v).build()));
        }

        void gauge(String name, String help, Points p) { gauge(name, help, null, p); }

        void gauge(String name, String help, Unit unit, Points p) {
            family(GaugeSnapshot.builder(), name, help, unit, p,
                    (b, l, v) -> b.dataPoint(GaugeSnapshot.GaugeDataPointSnapshot.builder().labels(l).value(v).build()));
        }

        void untyped(String name, String help, Points p) {
            family(UnknownSnapshot.builder(), name, help, null, p,
                    (b, l, v) -> b.dataPoint(UnknownSnapshot.UnknownDataPointSnapshot.builder().labels(l).value(v).build()));
        }

        private <B extends MetricSnapshot.Builder<B>> void family(B b, String name, String help, Unit unit, Points p,
                                                                  PointAdder<B> adder) {
            if (p.values.isEmpty()) return;
            b.name(name).help(help);
            if (unit != null) b.unit(unit);
            for (int i = 0; i < p.values.size(); i++) adder.add(b, p.labels.get(i), p.values.get(i));
            add(b.build());
        }

        MetricSnapshots build() { return out.build(); }
    }
}
