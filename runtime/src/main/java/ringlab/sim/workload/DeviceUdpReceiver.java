package ringlab.sim.workload;

import ringlab.spi.board.CostKey;
import ringlab.sim.cpu.BhEnable;
import ringlab.sim.cpu.Core;
import ringlab.sim.cpu.Ctx;
import ringlab.sim.cpu.Task;
import ringlab.sim.driver.SkbFree;
import ringlab.sim.net.Ledger;
import ringlab.spi.net.Packet;
import ringlab.sim.stack.UdpSocket;

/**
 * The device's iperf3 server thread for one UDP stream: iperf 3.12's server loop, a select() and then one
 * recvfrom() per datagram (copy to user, and with no rx checksum offload the checksum folded into the copy,
 * skb_copy_and_csum_datagram), then iperf3's loss and jitter bookkeeping; sleeps in select() while the
 * socket is empty; select()'s own work (core_sys_select, do_select, udp_poll's first_packet_length) is
 * {@link CostKey#SELECT}, per call, as for the TCP receiver and both senders. The call's spin_unlock_bh runs
 * pending softirqs where the kernel does ({@link BhEnable}).
 */
public final class DeviceUdpReceiver extends Task {
    private final UdpSocket sock;
    private final StreamStats stats;
    private final Ledger ledger;
    private final int lineBytes;
    private boolean user;
    private final BhEnable bh;

    public DeviceUdpReceiver(String name, Core core, UdpSocket sock, StreamStats stats, Ledger ledger, int lineBytes) {
        super(name, core, Ctx.SYS);
        this.sock = sock;
        this.stats = stats;
        this.ledger = ledger;
        this.lineBytes = lineBytes;
        sock.reader = this;
        this.bh = new BhEnable(core);
    }

    @Override
    protected boolean preemptible() { return !bh.busy(); }

    @Override
    public boolean step(Core c) {
        if (bh.step(c, this)) return true;
        if (user) {
            mode = Ctx.USER;
            c.charge(CostKey.APP_WORK);
            user = false;
            return true;
        }
        mode = Ctx.SYS;
        c.charge(CostKey.SYSCALL); // select()
        c.charge(CostKey.SELECT);
        Packet p = sock.dequeue();
        bh.enable(); // spin_unlock_bh of the receive queue's lock (udp_poll's first_packet_length, __skb_recv_udp)
        if (p == null) return bh.busy(); // softirqs first, then it looks again; else it sleeps in select()
        c.charge(CostKey.SYSCALL); // recvfrom()
        int len = p.payload;
        c.charge(CostKey.UDP_RECVMSG);
        c.charge(CostKey.COPY_BYTE, len);
        if (!p.payloadCached) c.chargeDramRun((len + lineBytes - 1) / lineBytes);
        if (p.csumState == Packet.CSUM_NONE) c.charge(CostKey.CSUM_BYTE, Packet.UDP_HEADER + len);
        SkbFree.free(c, p, false);
        stats.udpReceived(p.appSeq, p.appTime, c.stepNow(), len);
        ledger.release(p);
        user = true;
        return true;
    }
}
