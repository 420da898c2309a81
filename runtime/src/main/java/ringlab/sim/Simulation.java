package ringlab.sim;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import ringlab.sim.cost.CostProfile;
import ringlab.sim.cpu.Core;
import ringlab.sim.cpu.Cpu;
import ringlab.sim.cpu.Task;
import ringlab.sim.driver.NetRxAction;
import ringlab.sim.engine.EventHandler;
import ringlab.sim.engine.Sim;
import ringlab.sim.feature.TunableSettings;
import ringlab.sim.net.Ledger;
import ringlab.sim.report.LiveCounters;
import ringlab.sim.report.RunReport;
import ringlab.sim.report.SimStatus;
import ringlab.sim.stack.DeviceStack;
import ringlab.sim.stack.NetTxAction;
import ringlab.sim.stack.PeerHost;
import ringlab.sim.stack.UdpSocket;
import ringlab.sim.tcp.TcpConfig;
import ringlab.sim.tcp.TcpConnection;
import ringlab.sim.workload.DeviceTcpReceiver;
import ringlab.sim.workload.DeviceTcpSender;
import ringlab.sim.workload.DeviceUdpReceiver;
import ringlab.sim.workload.DeviceUdpSender;
import ringlab.sim.workload.IperfOptions;
import ringlab.sim.workload.PeerTcpReceiver;
import ringlab.sim.workload.PeerTcpSender;
import ringlab.sim.workload.PeerUdpSender;
import ringlab.sim.workload.Ping;
import ringlab.sim.workload.StreamStats;
import ringlab.spi.board.Board;
import ringlab.spi.feature.DriverFeature;

/**
 * One simulated run: the device (board CPU, ports, driver, stack, iperf3 server threads) and the ideal
 * peer(s) running the iperf3 client, wired by Ethernet links, driven by one seeded event queue.
 * Direct topology: peer -- device. Forward topology: LAN peer (client) -- device -- WAN peer (server).
 */
public final class Simulation {
    public static final int DEVICE_ADDR = 0x0A000001, PEER_ADDR = 0x0A000002;       // 10.0.0.1, 10.0.0.2
    public static final int LAN_ADDR = 0xC0A80101, LAN_PEER_ADDR = 0xC0A80102;      // 192.168.1.1, .2
    public static final int SERVER_PORT = 5201;

    final Scenario scenario;
    final Sim sim;
    final Ledger ledger = new Ledger();
    final Cpu cpu;
    final DeviceStack stack;
    final List<DevicePort> ports = new ArrayList<>();
    final PeerHost clientPeer;
    final PeerHost serverPeer; // forward topology only
    final List<StreamStats> streams = new ArrayList<>();
    final List<TcpConnection> senderConns = new ArrayList<>();
    final List<TcpConnection> deviceConns = new ArrayList<>();
    final List<UdpSocket> deviceUdp = new ArrayList<>();
    final List<int[]> streamPorts = new ArrayList<>();
    final List<Task> tasks = new ArrayList<>();
    final NetRxAction[] netRx;
    final Ping ping;
    final Sampler sampler;
    final long durationNs;
    final long startNs = 1_000_000L; // iperf3's control connection and setup take the first millisecond
    private List<DriverFeature> pendingFeatures;
    /** Tunable values per feature as the drivers read them; the node changes them while the run goes on. */
    private TunableSettings tunables;

    public Simulation(Scenario sc) {
        this.scenario = sc;
        this.sim = new Sim(sc.seed);
        this.tunables = sc.tunables;
        Board board = sc.board;
        StackSettings settings = StackSettings.from(sc.settings);
        IperfOptions o = sc.iperf;
        this.durationNs = sc.continuous ? Long.MAX_VALUE / 4 : o.durationSec() * Sim.SEC;
        long stopNs = sc.continuous ? Long.MAX_VALUE / 4 : startNs + durationNs;
        this.cpu = new Cpu(sim, board.soc(), CostProfile.of(board));
        netRx = new NetRxAction[cpu.cores()];
        NetTxAction[] netTx = new NetTxAction[cpu.cores()];
        for (int i = 0; i < cpu.cores(); i++) {
            netRx[i] = new NetRxAction(cpu.core(i), cpu.timers().jiffyNs());
            netTx[i] = new NetTxAction(cpu.core(i));
        }
        Core irqCore = cpu.core(0);
        boolean forward = sc.topology == Scenario.Topology.FORWARD;
        int txqlen = settings.txqueuelen;
        if (forward) {
            stack = new DeviceStack(cpu, ledger, board.soc().cacheLineBytes(), board.nic().txChecksum(), LAN_ADDR, DEVICE_ADDR);
            DevicePort lan = new DevicePort("eth0", board, sim, ledger, stack, irqCore, netRx[0], netTx[0], settings, this::tunable);
            DevicePort wan = new DevicePort("eth1", board, sim, ledger, stack, irqCore, netRx[0], netTx[0], settings, this::tunable);
            ports.add(lan);
            ports.add(wan);
            clientPeer = new PeerHost(LAN_PEER_ADDR, sim, ledger, txqlen);
            serverPeer = new PeerHost(PEER_ADDR, sim, ledger, txqlen);
            cablePeer(lan, clientPeer);
            cablePeer(wan, serverPeer);
            stack.addRoute(LAN_PEER_ADDR, lan.netdev);
            stack.addRoute(PEER_ADDR, wan.netdev);
        } else {
            stack = new DeviceStack(cpu, ledger, board.soc().cacheLineBytes(), board.nic().txChecksum(), DEVICE_ADDR);
            DevicePort p = new DevicePort("eth0", board, sim, ledger, stack, irqCore, netRx[0], netTx[0], settings, this::tunable);
            ports.add(p);
            clientPeer = new PeerHost(PEER_ADDR, sim, ledger, txqlen);
            serverPeer = null;
            cablePeer(p, clientPeer);
            stack.addRoute(PEER_ADDR, p.netdev);
        }
        SplittableRandom rng = sim.rng();
        for (int i = 0; i < o.parallel(); i++) {
            int clientPort = 40000 + rng.nextInt(20000) + i;
            long start = startNs + rng.nextLong(1_000_000L); // when the client gets to send its first byte
            StreamStats st = new StreamStats(5 + i);
            streams.add(st);
            streamPorts.add(new int[] {clientPort, SERVER_PORT});
            // the NIC's IRQ and NET_RX run on core 0; on a multi-core SoC the load balancer moves a busy
            // iperf3 thread off it, so streams go to the other cores first (no migration is modelled)
            Core core = cpu.core(cpu.cores() == 1 ? 0 : 1 + i % (cpu.cores() - 1));
            if (o.udp()) setupUdp(o, st, core, clientPort, start, stopNs, rng);
            else setupTcp(o, settings, st, core, clientPort, start, stopNs, rng);
        }
        ping = sc.pingIntervalNs > 0
                ? new Ping(sim, clientPeer, forward ? PEER_ADDR : DEVICE_ADDR, sc.pingIntervalNs, startNs, stopNs, sc.continuous)
                : null;
        if (forward && ping != null) serverPeer.onIcmp((p, now) -> { });
        long interval = o.intervalSec() > 0 ? (long) (o.intervalSec() * Sim.SEC) : durationNs;
        sampler = new Sampler(this, interval, sc.continuous ? 120 : Integer.MAX_VALUE);
        // the node's continuous runs survive a feature whose install() throws (see takeInstallFailures)
        for (DevicePort p : ports) p.driver.isolateFeatureFaults(sc.continuous);
        setFeatures(sc.features);
        for (DevicePort p : ports) p.driver.open();
    }

    private void cablePeer(DevicePort port, PeerHost peer) {
        port.cable(peer);
        peer.connect(port.in);
    }

    private TcpConfig tcpConfig(IperfOptions o, StackSettings s) {
        TcpConfig c = new TcpConfig();
        c.mss = o.mss() > 0 ? o.mss() : scenario.board.nic().mtu() - 40;
        c.congestionControl = s.tcpCongestionControl.equals("reno") ? "newreno" : "cubic";
        if (o.window() > 0) {
            c.soRcvbuf = (int) o.window();
            c.soSndbuf = (int) o.window();
        }
        return c;
    }

    private void setupTcp(IperfOptions o, StackSettings s, StreamStats st, Core core, int clientPort, long start,
                          long stopNs, SplittableRandom rng) {
        TcpConfig cfg = tcpConfig(o, s);
        long isnC = rng.nextLong(1L << 31), isnS = rng.nextLong(1L << 31);
        int clientAddr = clientPeer.addr;
        boolean forward = serverPeer != null;
        TcpConnection client = new TcpConnection(clientPeer, cfg.copy(), clientAddr, clientPort,
                forward ? PEER_ADDR : DEVICE_ADDR, SERVER_PORT, isnC, isnS);
        if (forward) {
            TcpConnection server = new TcpConnection(serverPeer, cfg.copy(), PEER_ADDR, SERVER_PORT, clientAddr, clientPort, isnS, isnC);
            wirePeerPair(o, st, client, clientPeer, server, serverPeer, start, stopNs);
            return;
        }
        TcpConnection dev = new TcpConnection(stack, cfg.copy(), DEVICE_ADDR, SERVER_PORT, clientAddr, clientPort, isnS, isnC);
        deviceConns.add(dev);
        int line = scenario.board.soc().cacheLineBytes();
        String name = "iperf3/" + st.id;
        if (!o.reverse()) {
            PeerTcpSender snd = new PeerTcpSender(sim, client, st, o.length(), start, stopNs);
            clientPeer.attach(client, snd::fill, null);
            DeviceTcpReceiver t = new DeviceTcpReceiver(name, core, dev, st, o.length(), cfg.mss, line);
            stack.tcpAttach(dev, t, null);
            tasks.add(t);
            senderConns.add(client);
        } else {
            PeerTcpReceiver rcv = new PeerTcpReceiver(client, st);
            clientPeer.attach(client, null, rcv::drain);
            DeviceTcpSender t = new DeviceTcpSender(name, core, dev, st, o.length(), cfg.mss,
                    scenario.board.nic().txChecksum(), stopNs);
            stack.tcpAttach(dev, null, t);
            tasks.add(t);
            senderConns.add(dev);
        }
        sim.at(start, (k, a, n) -> cpu.start((Task) a), 0, tasks.get(tasks.size() - 1));
    }

    /** Forward topology: both ends are ideal peers; the device only routes. */
    private void wirePeerPair(IperfOptions o, StreamStats st, TcpConnection client, PeerHost cp, TcpConnection server,
                              PeerHost sp, long start, long stopNs) {
        TcpConnection sender = o.reverse() ? server : client;
        TcpConnection receiver = o.reverse() ? client : server;
        PeerHost sh = o.reverse() ? sp : cp, rh = o.reverse() ? cp : sp;
        PeerTcpSender snd = new PeerTcpSender(sim, sender, st, o.length(), start, stopNs);
        PeerTcpReceiver rcv = new PeerTcpReceiver(receiver, st);
        sh.attach(sender, snd::fill, null);
        rh.attach(receiver, null, rcv::drain);
        senderConns.add(sender);
    }

    private void setupUdp(IperfOptions o, StreamStats st, Core core, int clientPort, long start, long stopNs,
                          SplittableRandom rng) {
        boolean forward = serverPeer != null;
        long rate = o.bitrate();
        int rcvbuf = o.window() > 0 ? (int) (2 * Math.min(o.window(), 212992)) : 212992;
        if (forward) {
            PeerHost from = o.reverse() ? serverPeer : clientPeer, to = o.reverse() ? clientPeer : serverPeer;
            int sport = o.reverse() ? SERVER_PORT : clientPort, dport = o.reverse() ? clientPort : SERVER_PORT;
            new PeerUdpSender(sim, from, st, o.length(), rate, start, stopNs, to.addr, sport, dport);
            to.onUdp((p, now) -> st.udpReceived(p.appSeq, p.appTime, now, p.payload));
            return;
        }
        String name = "iperf3/" + st.id;
        Task t;
        if (!o.reverse()) {
            UdpSocket s = stack.udpBind(SERVER_PORT + st.id - 5, rcvbuf);
            deviceUdp.add(s);
            new PeerUdpSender(sim, clientPeer, st, o.length(), rate, start, stopNs, DEVICE_ADDR, clientPort, s.port);
            t = new DeviceUdpReceiver(name, core, s, st, ledger, scenario.board.soc().cacheLineBytes());
        } else {
            clientPeer.onUdp((p, now) -> streams.get(indexOfPort(p.dport)).udpReceived(p.appSeq, p.appTime, now, p.payload));
            t = new DeviceUdpSender(name, core, stack, ledger, st, o.length(), rate, start, stopNs, DEVICE_ADDR,
                    SERVER_PORT, clientPeer.addr, clientPort, o.window() > 0 ? (int) (2 * o.window()) : 0);
        }
        tasks.add(t);
        sim.at(start, (k, a, n) -> cpu.start((Task) a), 0, t);
    }

    private int indexOfPort(int clientPort) {
        for (int i = 0; i < streamPorts.size(); i++) if (streamPorts.get(i)[0] == clientPort) return i;
        return 0;
    }

    // ------------------------------------------------------------------ running

    /** Runs the whole test (-t seconds after setup) and reports it. */
    public RunReport run() {
        advanceTo(endNanos());
        return report();
    }

    /**
     * The virtual time a batch run ends at (setup plus -t seconds), so a caller can advance to it in steps
     * (progress, cancellation) and then take {@link #report()}: steps dispatch the same events in the same
     * order as one {@link #run()}, so the report is the same, byte for byte.
     */
    public long endNanos() {
        if (scenario.continuous) throw new IllegalStateException("a continuous scenario has no end; use advanceTo");
        return startNs + durationNs;
    }

    /** The report of a batch run advanced to {@link #endNanos()}. */
    public RunReport report() {
        if (sim.now() < endNanos()) throw new IllegalStateException("the run has not reached its end yet (advanceTo(endNanos()))");
        return new ReportBuilder(this).build();
    }

    /** Advances virtual time to t (ns); for the node, which paces this to the wall clock. */
    public void advanceTo(long t) { sim.runUntil(t); }

    public long now() { return sim.now(); }

    public long events() { return sim.events(); }

    /** Requests a new active feature set; each driver installs it at its next poll boundary. */
    public void setFeatures(List<DriverFeature> features) {
        this.pendingFeatures = List.copyOf(features);
        for (DevicePort p : ports) p.driver.requestFeatures(pendingFeatures);
    }

    /**
     * Replaces the features' tunable values during the run (a feature left out gets its defaults): the
     * drivers reinstall the requested feature set with them at their next poll boundary, as for
     * {@link #setFeatures}. The features' event counters go on from where they were.
     */
    public void setTunables(TunableSettings values) {
        this.tunables = values;
        setFeatures(pendingFeatures);
    }

    /** The tunable values in force (the last set, installed from the next poll boundary on). */
    public TunableSettings tunables() { return tunables; }

    private Long tunable(String featureId, String name) { return tunables.value(featureId, name); }

    /**
     * Features whose install() threw since the last call, with what they threw; each driver installed the
     * rest of the set without them, so the run goes on (the caller decides whether to drop them for good).
     * Continuous scenarios only: in a batch run the exception propagates.
     */
    public Map<DriverFeature, Throwable> takeInstallFailures() {
        Map<DriverFeature, Throwable> out = new java.util.LinkedHashMap<>();
        for (DevicePort p : ports) p.driver.takeInstallFailures(out);
        return out;
    }

    /** True while some driver has not yet installed the last requested feature set or tunables. */
    public boolean featureChangePending() {
        for (DevicePort p : ports) if (p.driver.featureChangePending()) return true;
        return false;
    }

    /** The feature set last requested (active from the next poll on). */
    public List<DriverFeature> features() { return pendingFeatures; }



    /** A snapshot for status endpoints: totals since start and rates over the last sampling interval. */
    public SimStatus status() { return new DeviceDetailBuilder(this).status(); }

    /** Running totals for live charts (the node reads them a few times per wall second). */
    public LiveCounters liveCounters() { return LiveCountersReader.read(this); }

    /** Round-trip times (ns) of the ping flow's replies number {@code from} onwards still kept; empty without ping. */
    public long[] pingRttsSince(long from) { return ping == null ? new long[0] : ping.rttsSince(from); }

    public Ledger ledger() { return ledger; }

    public Cpu cpu() { return cpu; }

    public Scenario scenario() { return scenario; }

    public List<StreamStats> streams() { return streams; }

    /**
     * Packets in a queue right now: rx rings, held by a delivery strategy, tx descriptors the NIC has not
     * sent, qdiscs and both wire directions of every port. Between events it equals the ledger's in-flight
     * count (the accounting invariant checked independently of the ledger's own arithmetic).
     */
    public long queuedPackets() {
        long n = 0;
        for (DevicePort p : ports) {
            n += p.nic.rxPendingFrames() + p.driver.rxHeld() + p.nic.txPendingFrames() + p.netdev.backlog()
                    + p.out.inFlight() + p.in.inFlight();
        }
        return n;
    }

    /** Frames that crossed any wire so far, both directions of every device port. */
    public long wireFrames() {
        long n = 0;
        for (DevicePort p : ports) n += p.out.frames() + p.in.frames();
        return n;
    }

    /** Periodic snapshots of the streams (interval lines) and device gauges. */
    static final class Sampler implements EventHandler {
        final Simulation s;
        final long interval;
        final int keep;
        final List<long[]> snapshots = new ArrayList<>();
        final List<Long> times = new ArrayList<>();
        final List<double[]> jitter = new ArrayList<>();
        final long[] gauges = new long[4];
        long gaugeSamples;
        private static final long GAUGE_NS = 1_000_000L;

        Sampler(Simulation s, long interval, int keep) {
            this.s = s;
            this.interval = interval;
            this.keep = keep;
            take(s.startNs);
            s.sim.at(s.startNs + interval, this, 0, null);
            s.sim.at(s.startNs + GAUGE_NS, this, 1, null);
        }

        @Override
        public void onEvent(int kind, Object arg, long now) {
            if (kind == 1) {
                gauge();
                s.sim.at(now + GAUGE_NS, this, 1, null);
                return;
            }
            take(now);
            long end = s.startNs + s.durationNs;
            long next = Math.min(now + interval, end);
            if (now < end) s.sim.at(next, this, 0, null);
        }

        private void gauge() {
            DevicePort p = s.ports.get(0);
            gauges[0] += p.nic.rxPendingFrames();
            gauges[1] += p.driver.txInUse();
            gauges[2] += p.netdev.backlog();
            long q = 0;
            for (TcpConnection c : s.deviceConns) q += c.queuedPackets();
            for (UdpSocket u : s.deviceUdp) q += u.queuedPackets();
            gauges[3] += q;
            gaugeSamples++;
        }

        private void take(long now) {
            int n = s.streams.size();
            long[] snap = new long[n * 8];
            double[] jit = new double[n];
            for (int i = 0; i < n; i++) {
                StreamStats st = s.streams.get(i);
                snap[i * 8] = st.bytesSent;
                snap[i * 8 + 1] = st.bytesReceived;
                if (i < s.senderConns.size()) {
                    TcpConnection c = s.senderConns.get(i);
                    snap[i * 8 + 2] = c.stats().RetransSegs;
                    snap[i * 8 + 3] = c.cwndBytes();
                    snap[i * 8 + 4] = c.srttNs() / 1000;
                }
                snap[i * 8 + 5] = st.packetsSent;
                snap[i * 8 + 6] = st.lost;
                snap[i * 8 + 7] = st.outOfOrder;
                jit[i] = st.jitterNs;
            }
            snapshots.add(snap);
            times.add(now);
            jitter.add(jit);
            if (snapshots.size() > keep) {
                snapshots.remove(0);
                times.remove(0);
                jitter.remove(0);
            }
        }
    }
}
