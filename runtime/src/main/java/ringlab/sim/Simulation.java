package ringlab.sim;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import ringlab.sim.board.KernelVersion;
import ringlab.sim.cost.CostProfile;
import ringlab.sim.cpu.Core;
import ringlab.sim.cpu.Cpu;
import ringlab.sim.cpu.Task;
import ringlab.sim.driver.NetRxAction;
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
import ringlab.sim.tcp.TcpInitLimits;
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
import ringlab.sim.workload.SendBudget;
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
    /** TCP: each stream's receiving end, in stream order (as senderConns holds the sending ends). */
    final List<TcpConnection> receiverConns = new ArrayList<>();
    final List<TcpConnection> deviceConns = new ArrayList<>();
    final List<UdpSocket> deviceUdp = new ArrayList<>();
    final List<int[]> streamPorts = new ArrayList<>();
    final List<Task> tasks = new ArrayList<>();
    final NetRxAction[] netRx;
    final Ping ping;
    final Sampler sampler;
    final RunSpan span;
    final long startNs = 1_000_000L; // iperf3's control connection and setup take the first millisecond
    /** -n/-k's end condition; null for -t runs. */
    private final DataEnd dataEnd;
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
        this.span = new RunSpan(o, startNs, sc.continuous);
        long stopNs = span.plannedEndNs;
        this.dataEnd = span.byData ? new DataEnd(sim, span, o) : null;
        this.cpu = new Cpu(sim, board.soc(), CostProfile.of(board));
        StreamLayout layout = new StreamLayout(o, board);
        netRx = new NetRxAction[cpu.cores()];
        NetTxAction[] netTx = new NetTxAction[cpu.cores()];
        for (int i = 0; i < cpu.cores(); i++) {
            netRx[i] = new NetRxAction(cpu.core(i), cpu.timers().jiffyNs());
            netTx[i] = new NetTxAction(cpu.core(i));
        }
        Core irqCore = cpu.core(0);
        boolean forward = sc.topology == Scenario.Topology.FORWARD;
        int txqlen = settings.txqueuelen;
        long peerRxNs = settings.peerRxUsecs * 1_000L;
        if (forward) {
            stack = new DeviceStack(cpu, ledger, board.soc().cacheLineBytes(), board.nic().txChecksum(), LAN_ADDR, DEVICE_ADDR);
            DevicePort lan = new DevicePort("eth0", board, sim, ledger, stack, irqCore, netRx[0], netTx[0], settings, this::tunable);
            DevicePort wan = new DevicePort("eth1", board, sim, ledger, stack, irqCore, netRx[0], netTx[0], settings, this::tunable);
            ports.add(lan);
            ports.add(wan);
            clientPeer = new PeerHost(LAN_PEER_ADDR, sim, ledger, txqlen, peerRxNs);
            serverPeer = new PeerHost(PEER_ADDR, sim, ledger, txqlen, peerRxNs);
            cablePeer(lan, clientPeer);
            cablePeer(wan, serverPeer);
            stack.addRoute(LAN_PEER_ADDR, lan.netdev);
            stack.addRoute(PEER_ADDR, wan.netdev);
        } else {
            stack = new DeviceStack(cpu, ledger, board.soc().cacheLineBytes(), board.nic().txChecksum(), DEVICE_ADDR);
            DevicePort p = new DevicePort("eth0", board, sim, ledger, stack, irqCore, netRx[0], netTx[0], settings, this::tunable);
            ports.add(p);
            clientPeer = new PeerHost(PEER_ADDR, sim, ledger, txqlen, peerRxNs);
            serverPeer = null;
            cablePeer(p, clientPeer);
            stack.addRoute(PEER_ADDR, p.netdev);
        }
        SplittableRandom rng = sim.rng();
        for (int i = 0; i < layout.streams(); i++) {
            int clientPort = layout.clientPort(i, 40000 + rng.nextInt(20000) + i);
            long start = startNs + rng.nextLong(1_000_000L); // when the client gets to send its first byte
            StreamStats st = new StreamStats(clientSocket(i), layout.reverse(i));
            streams.add(st);
            streamPorts.add(new int[] {clientPort, SERVER_PORT});
            Core core = cpu.core(layout.core(i));
            if (o.udp()) setupUdp(o, st, core, clientPort, start, stopNs, rng);
            else setupTcp(o, settings, st, core, clientPort, start, stopNs, rng);
        }
        ping = sc.pingIntervalNs > 0
                ? new Ping(sim, clientPeer, forward ? PEER_ADDR : DEVICE_ADDR, sc.pingIntervalNs, startNs, stopNs, sc.continuous)
                : null;
        if (forward && ping != null) serverPeer.onIcmp((p, now) -> { });
        long interval = o.intervalSec() > 0 ? (long) (o.intervalSec() * Sim.SEC) : span.plannedEndNs - startNs;
        sampler = new Sampler(this, span, interval, sc.continuous ? 120 : Integer.MAX_VALUE);
        if (dataEnd != null) dataEnd.sampler(sampler);
        // the node's continuous runs survive a feature whose install() throws (see takeInstallFailures)
        for (DevicePort p : ports) p.driver.isolateFeatureFaults(sc.continuous);
        setFeatures(sc.features);
        for (DevicePort p : ports) p.driver.open();
    }

    /**
     * Refuses, with one line, iperf3 options that cannot run on this board (-A n,m past its cores, --cport
     * with too many streams), so a caller can check before it applies anything; the constructor checks too.
     */
    public static void checkFits(IperfOptions o, Board board) { new StreamLayout(o, board); }

    private void cablePeer(DevicePort port, PeerHost peer) {
        port.cable(peer);
        peer.connect(port.in);
    }

    private TcpConfig tcpConfig(IperfOptions o, StackSettings s) {
        TcpConfig c = new TcpConfig();
        c.timestamps = s.tcpTimestamps;
        // the MSS (iperf3 -M, else the MTU's) less the timestamp option every segment carries: tcp_current_mss
        c.mss = (o.mss() > 0 ? o.mss() : scenario.board.nic().mtu() - 40) - (c.timestamps ? TcpConfig.TCPOLEN_TSTAMP_ALIGNED : 0);
        // -C sets the algorithm on both iperf3 sockets (TCP_CONGESTION); without it the sysctl is in force
        String cc = o.congestion() != null ? o.congestion() : s.tcpCongestionControl;
        c.congestionControl = cc.equals("reno") ? "newreno" : "cubic";
        c.ipTos = o.tos();
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
        TcpConfig devCfg = cfg.copy();
        TcpInitLimits.apply(devCfg, scenario.board.soc().ramBytes()); // the peers' stay at 6 MB and 4 MB
        String kernel = scenario.board.soc().kernelVersion(); // the peer's stays the class default (before 6.16)
        if (kernel != null) {
            devCfg.tsZeroDeltaIsOneMs = !KernelVersion.atLeast(kernel, 6, 16);
            devCfg.scalingRatio = KernelVersion.atLeast(kernel, 6, 6);
        }
        TcpConnection dev = new TcpConnection(stack, devCfg, DEVICE_ADDR, SERVER_PORT, clientAddr, clientPort, isnS, isnC);
        deviceConns.add(dev);
        int line = scenario.board.soc().cacheLineBytes();
        String name = "iperf3/" + st.id;
        if (!st.reverse) {
            PeerTcpSender snd = new PeerTcpSender(sim, client, st, o.length(), start, stopNs);
            limit(st, snd::limitBy);
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
            limit(st, t::limitBy);
            stack.tcpAttach(dev, null, t);
            tasks.add(t);
            senderConns.add(dev);
        }
        receiverConns.add(st.reverse ? client : dev);
        sim.at(start, (k, a, n) -> cpu.start((Task) a), 0, tasks.get(tasks.size() - 1));
    }

    /** Forward topology: both ends are ideal peers; the device only routes. */
    private void wirePeerPair(IperfOptions o, StreamStats st, TcpConnection client, PeerHost cp, TcpConnection server,
                              PeerHost sp, long start, long stopNs) {
        TcpConnection sender = st.reverse ? server : client;
        TcpConnection receiver = st.reverse ? client : server;
        PeerHost sh = st.reverse ? sp : cp, rh = st.reverse ? cp : sp;
        PeerTcpSender snd = new PeerTcpSender(sim, sender, st, o.length(), start, stopNs);
        limit(st, snd::limitBy);
        PeerTcpReceiver rcv = new PeerTcpReceiver(receiver, st);
        sh.attach(sender, snd::fill, null);
        rh.attach(receiver, null, rcv::drain);
        senderConns.add(sender);
        receiverConns.add(receiver);
    }

    /** -n/-k: the stream's sender counts against its side's byte count (see {@link DataEnd}). */
    private void limit(StreamStats st, java.util.function.Consumer<SendBudget> sender) {
        if (dataEnd != null) dataEnd.limit(st, sender);
    }

    private void setupUdp(IperfOptions o, StreamStats st, Core core, int clientPort, long start, long stopNs,
                          SplittableRandom rng) {
        boolean forward = serverPeer != null;
        long rate = o.bitrate();
        int rcvbuf = udpSocketBuffer(o.window());
        if (forward) {
            PeerHost from = st.reverse ? serverPeer : clientPeer, to = st.reverse ? clientPeer : serverPeer;
            int sport = st.reverse ? SERVER_PORT : clientPort, dport = st.reverse ? clientPort : SERVER_PORT;
            PeerUdpSender u = new PeerUdpSender(sim, from, st, o.length(), rate, start, stopNs, to.addr, sport, dport);
            u.ipTos(o.tos());
            limit(st, u::limitBy);
            // one handler per host: the client side's port tells the streams apart (-P, --bidir)
            to.onUdp((p, now) -> streams.get(indexOfPort(to == clientPeer ? p.dport : p.sport))
                    .udpReceived(p.appSeq, p.appTime, now, p.payload));
            return;
        }
        String name = "iperf3/" + st.id;
        Task t;
        if (!st.reverse) {
            UdpSocket s = stack.udpBind(SERVER_PORT + streams.indexOf(st), rcvbuf);
            deviceUdp.add(s);
            PeerUdpSender u = new PeerUdpSender(sim, clientPeer, st, o.length(), rate, start, stopNs, DEVICE_ADDR, clientPort, s.port);
            u.ipTos(o.tos());
            limit(st, u::limitBy);
            t = new DeviceUdpReceiver(name, core, s, st, ledger, scenario.board.soc().cacheLineBytes());
        } else {
            clientPeer.onUdp((p, now) -> streams.get(indexOfPort(p.dport)).udpReceived(p.appSeq, p.appTime, now, p.payload));
            DeviceUdpSender u = new DeviceUdpSender(name, core, stack, ledger, st, o.length(), rate, start, stopNs,
                    DEVICE_ADDR, SERVER_PORT, clientPeer.addr, clientPort, o.window() > 0 ? (int) (2 * o.window()) : 0);
            u.ipTos(o.tos());
            limit(st, u::limitBy);
            t = u;
        }
        tasks.add(t);
        sim.at(start, (k, a, n) -> cpu.start((Task) a), 0, t);
    }

    /**
     * The iperf3 client's socket number (its file descriptor, printed as "[  5]" and JSON's "socket") of stream
     * {@code i} (0-based; --bidir's reverse streams follow the client-sending ones): iperf3 3.12 has
     * /dev/urandom on 3 and the control connection on 4, and each stream takes its socket and then the
     * temporary file its send buffer is mapped from (iperf_new_stream's mkstemp), so the streams are 5, 7, 9, ...
     * (real iperf3 3.12, strace and -P 5 on loopback with no other descriptors open: 5, 7, 9, 11, 13).
     */
    static int clientSocket(int i) {
        return 5 + 2 * i;
    }

    /** net.core.rmem_default/wmem_default and their _max, as Linux ships them. */
    static final int UDP_SOCKET_MEM = 212992;

    /**
     * A UDP socket's buffer as Linux sets it: with -w, SO_RCVBUF/SO_SNDBUF store 2 x min(-w, net.core.*mem_max);
     * without, net.core.*mem_default. The run's device socket and the report's "start" figures both use it.
     */
    static int udpSocketBuffer(long window) {
        return window > 0 ? (int) (2 * Math.min(window, UDP_SOCKET_MEM)) : UDP_SOCKET_MEM;
    }

    private int indexOfPort(int clientPort) {
        for (int i = 0; i < streamPorts.size(); i++) if (streamPorts.get(i)[0] == clientPort) return i;
        return 0;
    }

    // ------------------------------------------------------------------ running

    /** Runs the whole test (setup, -O's omitted seconds, then -t seconds or -n/-k's data) and reports it. */
    public RunReport run() {
        advanceTo(endNanos());
        return report();
    }

    /**
     * The latest virtual time a batch run ends at, so a caller can advance to it in steps (progress,
     * cancellation), stop once {@link #finished()} and then take {@link #report()}: steps dispatch the same
     * events in the same order as one {@link #run()}, so the report is the same, byte for byte. A -t run ends
     * exactly here (setup, -O, -t). A -n/-k run ends when its data is sent, known only then: this is its cap
     * (setup, -O and {@link RunSpan#DATA_CAP_SEC} seconds), and {@link #advanceTo} stops at the real end.
     */
    public long endNanos() {
        if (scenario.continuous) throw new IllegalStateException("a continuous scenario has no end; use advanceTo");
        return span.plannedEndNs;
    }

    /** True once a batch run is over: at {@link #endNanos()}, or when -n/-k's data has been sent. */
    public boolean finished() {
        return !scenario.continuous && (sim.stopped() || sim.now() >= span.plannedEndNs);
    }

    /**
     * The report of a batch run that has {@link #finished()}. A -n/-k run that reached its cap without sending
     * its data is refused (IllegalStateException naming the count and what was sent).
     */
    public RunReport report() {
        if (!finished()) throw new IllegalStateException("the run has not reached its end yet (advanceTo(endNanos()) until finished())");
        if (span.byData && !span.dataDone()) {
            IperfOptions o = scenario.iperf;
            throw new IllegalStateException((o.blocks() > 0 ? "-k " + o.blocks() : "-n " + o.bytes())
                    + ": the data was not sent within the " + RunSpan.DATA_CAP_SEC
                    + " virtual seconds a data-limited run may last; use -t, or fewer bytes");
        }
        return new ReportBuilder(this).build();
    }

    /**
     * Advances virtual time to t (ns); for the node, which paces this to the wall clock. A -n/-k run stops
     * at its end, the event that sent the last byte, even when t is later (then {@link #finished()}).
     */
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
     * sent, qdiscs and both wire directions of every port, the peers' rings awaiting their next poll, and the segments in
     * a device socket's backlog. Between events it equals the ledger's in-flight
     * count (the accounting invariant checked independently of the ledger's own arithmetic).
     */
    public long queuedPackets() {
        long n = 0;
        for (DevicePort p : ports) {
            n += p.nic.rxPendingFrames() + p.nic.rxFifoFrames() + p.driver.rxHeld() + p.nic.txPendingFrames() + p.netdev.backlog()
                    + p.out.inFlight() + p.in.inFlight();
        }
        n += clientPeer.rxPending() + (serverPeer != null ? serverPeer.rxPending() : 0);
        for (TcpConnection c : deviceConns) n += c.backlogPackets(); // tcp_add_backlog: counted delivered when processed
        return n;
    }

    /** Packets the device's sockets hold right now: delivered to TCP or UDP and not yet read by iperf3. */
    public long socketQueuedPackets() {
        long n = 0;
        for (TcpConnection c : deviceConns) n += c.queuedPackets();
        for (UdpSocket s : deviceUdp) n += s.queuedPackets();
        return n;
    }

    /** Frames that crossed any wire so far, both directions of every device port. */
    public long wireFrames() {
        long n = 0;
        for (DevicePort p : ports) n += p.out.frames() + p.in.frames();
        return n;
    }
}
