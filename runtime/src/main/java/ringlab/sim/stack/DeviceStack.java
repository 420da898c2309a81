package ringlab.sim.stack;

import java.util.ArrayList;
import ringlab.spi.board.CostKey;
import ringlab.sim.cpu.Core;
import ringlab.sim.cpu.Cpu;
import ringlab.sim.cpu.Task;
import ringlab.sim.cpu.Timers;
import ringlab.sim.driver.SkbFree;
import ringlab.sim.driver.SkbTruesize;
import ringlab.sim.driver.TxOwner;
import ringlab.spi.driver.Exec;
import ringlab.spi.driver.RxStack;
import ringlab.sim.net.Ledger;
import ringlab.spi.net.Packet;
import ringlab.sim.tcp.TcpConnection;
import ringlab.sim.tcp.TcpHost;

/**
 * The device's IPv4 stack on the CPU model: L2 to L4 receive with per-layer costs (cold or warm
 * I-cache), misaligned header accesses that trap where the ISA traps, software checksums where the NIC
 * did not verify, IP forwarding between ports, ICMP echo, UDP sockets, and the host side of TCP
 * (output through the qdisc, timers through the timer softirq, wakeups of blocked tasks).
 * TCP small queues hold a sender back while its skbs wait below TCP ({@link TsqTasklet}).
 * Not modelled: IP options and fragments, netfilter, ARP (neighbours are resolved), socket lock backlog.
 */
public final class DeviceStack implements RxStack, TcpHost {
    /** Misaligned 32-bit header accesses per layer when the IP header is not 4-byte aligned: ip_fast_csum's
     * five words plus the two addresses in the route lookup; TCP's ports, seq, ack and flags/window words;
     * UDP's ports and length/checksum words; ICMP's type/code and id/seq words. A property of the code. */
    static final int TRAPS_L3 = 7, TRAPS_TCP = 4, TRAPS_UDP = 2, TRAPS_ICMP = 2;

    private final Cpu cpu;
    private final Ledger ledger;
    private final int lineBytes;
    private final boolean txChecksum;
    private final Core timerCore;
    private final int[] localAddrs;
    private final ArrayList<int[]> routes = new ArrayList<>();   // {addr} -> dev index
    private final ArrayList<NetDev> routeDevs = new ArrayList<>();
    private final ArrayList<TcpConnection> tcp = new ArrayList<>();
    private final ArrayList<UdpSocket> udp = new ArrayList<>();
    private final TsqTasklet[] tsqTasklets;
    private final long[] noSocket, udpNoPorts, rcvbufErrors, inNoRoutes, outNoRoutes;
    private boolean dropFlag;
    private long ipInReceives, ipForwarded, icmpEchoes, udpInDatagrams, tcpInSegs;

    /** A connection's timers and the tasks blocked on it. */
    private static final class Binding {
        Timers.Timer[] timers = new Timers.Timer[3];
        Task reader, writer;
        TsqTasklet.Wmem wmem;
    }

    public DeviceStack(Cpu cpu, Ledger ledger, int lineBytes, boolean txChecksum, int... localAddrs) {
        this.cpu = cpu;
        this.ledger = ledger;
        this.lineBytes = lineBytes;
        this.txChecksum = txChecksum;
        this.localAddrs = localAddrs;
        this.timerCore = cpu.core(0);
        this.tsqTasklets = new TsqTasklet[cpu.cores()];
        for (int i = 0; i < tsqTasklets.length; i++) tsqTasklets[i] = new TsqTasklet(cpu.core(i));
        // drop reasons: the nstat counter that counts the drop where there is one, else the kernel's drop reason
        this.noSocket = ledger.counter("no_socket"); // TCP: SKB_DROP_REASON_NO_SOCKET, no MIB
        this.udpNoPorts = ledger.counter("UdpNoPorts");
        this.rcvbufErrors = ledger.counter("UdpRcvbufErrors");
        this.inNoRoutes = ledger.counter("IpExtInNoRoutes"); // to forward, no route (ip_error)
        this.outNoRoutes = ledger.counter("IpOutNoRoutes"); // locally sent, no route
    }

    public void addRoute(int addr, NetDev dev) {
        routes.add(new int[] {addr});
        routeDevs.add(dev);
    }

    private NetDev route(int addr) {
        for (int i = 0; i < routes.size(); i++) if (routes.get(i)[0] == addr) return routeDevs.get(i);
        return null;
    }

    private boolean local(int addr) {
        for (int a : localAddrs) if (a == addr) return true;
        return false;
    }

    // ------------------------------------------------------------------ receive

    @Override
    public void receive(Exec x, Packet p, boolean cold) {
        Core c = (Core) x;
        ipInReceives++;
        c.charge(CostKey.L2_RX);
        c.charge(CostKey.L3_RX);
        if (cold) {
            c.charge(CostKey.L2_RX_COLD);
            c.charge(CostKey.L3_RX_COLD);
        }
        traps(c, p, TRAPS_L3);
        c.charge(CostKey.NETFILTER); // PRE_ROUTING
        if (!local(p.dst)) { forward(c, p); return; }
        c.charge(CostKey.NETFILTER); // LOCAL_IN
        switch (p.proto) {
            case Packet.TCP -> tcpReceive(c, p, cold);
            case Packet.UDP -> udpReceive(c, p, cold);
            default -> icmpReceive(c, p);
        }
    }

    private void traps(Core c, Packet p, int accesses) {
        if (p.ipMisalign != 0) c.charge(CostKey.UNALIGNED_TRAP, accesses);
    }

    /** Software checksum over the L4 header and payload, first CPU touch of the payload lines included. */
    private void softwareChecksum(Core c, Packet p, int l4Bytes) {
        c.charge(CostKey.CSUM_BYTE, l4Bytes);
        c.chargeDramRun((p.payload + lineBytes - 1) / lineBytes);
        p.payloadCached = true;
    }

    private void tcpReceive(Core c, Packet p, boolean cold) {
        tcpInSegs++;
        c.charge(CostKey.TCP_RX);
        if (cold) c.charge(CostKey.TCP_RX_COLD);
        traps(c, p, TRAPS_TCP);
        if (p.csumState == Packet.CSUM_NONE) softwareChecksum(c, p, p.l4HeaderBytes() + p.payload);
        TcpConnection conn = findTcp(p);
        if (conn == null) { dropSkb(c, p, noSocket); return; }
        if (!conn.addBacklog(p)) process(conn, p); // a backlogged segment is processed, and counted, later
    }

    private TcpConnection findTcp(Packet p) {
        for (int i = 0, n = tcp.size(); i < n; i++) {
            TcpConnection t = tcp.get(i);
            if (t.localPort == p.dport && t.remotePort == p.sport) return t;
        }
        return null;
    }

    private void udpReceive(Core c, Packet p, boolean cold) {
        c.charge(CostKey.UDP_RX);
        if (cold) c.charge(CostKey.UDP_RX_COLD);
        traps(c, p, TRAPS_UDP);
        UdpSocket s = null;
        for (int i = 0, n = udp.size(); i < n; i++) if (udp.get(i).port == p.dport) { s = udp.get(i); break; }
        if (s == null) { dropSkb(c, p, udpNoPorts); return; }
        if (!s.enqueue(p)) { dropSkb(c, p, rcvbufErrors); return; }
        udpInDatagrams++;
        ledger.delivered(p);
        if (s.reader != null) dataReady(c, s.reader);
    }

    private void icmpReceive(Core c, Packet p) {
        c.charge(CostKey.ICMP_RX);
        traps(c, p, TRAPS_ICMP);
        ledger.delivered(p);
        icmpEchoes++;
        Packet r = ledger.create(c.stepNow());
        r.proto = Packet.ICMP;
        r.src = p.dst;
        r.dst = p.src;
        r.payload = p.payload;
        r.appSeq = p.appSeq;
        r.appTime = p.appTime;
        r.flowHash = p.flowHash;
        r.tos = p.tos; // icmp_reply: ipc.tos = ip_hdr(skb)->tos, so the reply's priority follows the request's
        SkbFree.free(c, p, true);
        ledger.release(p);
        c.charge(CostKey.SKB_ALLOC);
        c.charge(CostKey.BUF_ALLOC);
        c.charge(CostKey.SKB_INIT);
        ipOutput(c, r);
    }

    private void forward(Core c, Packet p) {
        NetDev out = route(p.dst);
        if (out == null) { dropSkb(c, p, inNoRoutes); return; }
        ipForwarded++;
        c.charge(CostKey.FORWARD);
        c.charge(CostKey.NETFILTER, 2); // FORWARD, POST_ROUTING
        out.queueXmit(c, p);
    }

    /** GRO merged the object away: nothing to charge here (its head and buffer are freed with the merged skb). */
    @Override
    public void merged(Exec x, Packet absorbed) { ledger.merged(absorbed); }

    /** kfree_skb of a received packet that dies in the stack, counted under its reason. */
    private void dropSkb(Core c, Packet p, long[] reason) {
        SkbFree.free(c, p, true);
        ledger.drop(p, reason);
    }

    private void dataReady(Core c, Task t) {
        c.charge(CostKey.SOCK_DATA_READY);
        cpu.wake(t);
    }

    /** ip_local_out + ip_output to the device that routes to p.dst. */
    void ipOutput(Core c, Packet p) {
        c.charge(CostKey.NETFILTER, 2); // LOCAL_OUT, POST_ROUTING
        NetDev out = route(p.dst);
        if (out == null) {
            if (p.sndOwner instanceof TxOwner o) o.txFreed(c, p.truesize); // kfree_skb runs the socket destructor
            dropSkb(c, p, outNoRoutes);
            return;
        }
        out.queueXmit(c, p);
    }

    // ------------------------------------------------------------------ sockets

    public UdpSocket udpBind(int port, int rcvbuf) {
        UdpSocket s = new UdpSocket(port, rcvbuf);
        udp.add(s);
        return s;
    }

    private static Binding binding(TcpConnection conn) { return (Binding) conn.hostState(); }

    public void tcpAttach(TcpConnection conn, Task reader, Task writer) {
        tcp.add(conn);
        Binding b = new Binding();
        b.reader = reader;
        b.writer = writer;
        b.wmem = new TsqTasklet.Wmem(conn, tsqTasklets);
        conn.setHostState(b);
    }

    /** Sends one UDP datagram built by a task (udp_sendmsg to dev_queue_xmit). */
    public void udpSend(Core c, Packet p) {
        c.charge(CostKey.SKB_ALLOC);
        c.charge(CostKey.BUF_ALLOC);
        c.charge(CostKey.SKB_INIT);
        c.charge(CostKey.UDP_TX);
        if (!txChecksum) c.charge(CostKey.CSUM_BYTE, Packet.UDP_HEADER + p.payload);
        ipOutput(c, p);
    }

    // ------------------------------------------------------------------ TcpHost

    @Override
    public long now() { return cpu.now(); }

    @Override
    public Packet newPacket() { return ledger.create(cpu.now()); }

    @Override
    public void output(TcpConnection conn, Packet p) {
        Core c = cpu.running();
        if (c == null) throw new IllegalStateException("device TCP output outside a CPU step");
        p.flowHash = FlowHash.of(p);
        if (p.payload == 0) {
            c.charge(CostKey.SKB_ALLOC); // tcp_send_ack: alloc_skb
            c.charge(CostKey.BUF_ALLOC);
            c.charge(CostKey.SKB_INIT);
        } else {
            c.charge(CostKey.SKB_ALLOC); // the clone transmitted while the original stays queued
            TsqTasklet.Wmem w = binding(conn).wmem;
            w.charge();
            p.sndOwner = w; // tcp_wfree at the transmit completion
        }
        c.charge(CostKey.TCP_TX);
        // the payload was summed while copied in (csum_and_copy_from_user); the header is summed per segment
        if (!txChecksum) c.charge(CostKey.CSUM_BYTE, p.l4HeaderBytes());
        ipOutput(c, p);
    }

    @Override
    public boolean smallQueueFull(TcpConnection conn) { return binding(conn).wmem.full(); }

    @Override
    public void armTimer(TcpConnection conn, int timer, long at) {
        Binding b = binding(conn);
        Timers.Timer t = b.timers[timer];
        if (t == null) {
            t = cpu.timers().timer(timerCore, (core, tm) -> conn.onTimer(timer), conn);
            b.timers[timer] = t;
        }
        t.arm(at);
    }

    @Override
    public void readable(TcpConnection conn) {
        Binding b = binding(conn);
        Core c = cpu.running();
        if (b.reader != null && c != null) dataReady(c, b.reader);
        else if (b.reader != null) cpu.wake(b.reader);
    }

    @Override
    public void writable(TcpConnection conn) {
        Binding b = binding(conn);
        if (b.writer != null) cpu.wake(b.writer);
    }

    /** TCP consumed p (a pure ACK, a duplicate, trimmed data) in softirq: kfree_skb, then back to the pool. */
    @Override
    public void free(Packet p) {
        Core c = cpu.running();
        if (c != null) SkbFree.free(c, p, c.inInterrupt());
        ledger.release(p);
    }

    @Override
    public void collapseCopy(Packet p, int bytes) {
        Core c = cpu.running();
        if (c == null) return;
        c.charge(CostKey.COPY_BYTE, bytes);
        if (!p.payloadCached) c.chargeDramRun((bytes + lineBytes - 1) / lineBytes);
        p.payloadCached = true; // the reader copies from the compact skb just written
    }

    @Override
    public int collapseSkb(int bytes) {
        Core c = cpu.running();
        if (c != null) {
            c.charge(CostKey.SKB_ALLOC);
            c.charge(CostKey.BUF_ALLOC);
            c.charge(CostKey.SKB_INIT);
        }
        return SkbTruesize.allocSkb(bytes, lineBytes);
    }

    @Override
    public void process(TcpConnection conn, Packet p) {
        dropFlag = false;
        int segs = p.segs; // input may free p and a new packet (an ACK) may reuse the object
        conn.input(p);
        if (!dropFlag) ledger.delivered(segs);
    }

    @Override
    public void drop(Packet p, String reason) {
        dropFlag = true;
        Core c = cpu.running();
        if (c != null) SkbFree.free(c, p, c.inInterrupt());
        ledger.drop(p, reason);
    }

    // ------------------------------------------------------------------ counters

    public long ipInReceives() { return ipInReceives; }

    public long ipForwarded() { return ipForwarded; }

    public long icmpEchoes() { return icmpEchoes; }

    public long udpInDatagrams() { return udpInDatagrams; }

    public long tcpInSegs() { return tcpInSegs; }

    public ArrayList<UdpSocket> udpSockets() { return udp; }
}
