package ringlab.sim.workload;

import ringlab.spi.board.CostKey;
import ringlab.sim.cpu.BhEnable;
import ringlab.sim.cpu.Core;
import ringlab.sim.cpu.Ctx;
import ringlab.sim.cpu.Task;
import ringlab.spi.net.Packet;
import ringlab.sim.tcp.ReadSink;
import ringlab.sim.tcp.TcpConnection;

/**
 * The device's iperf3 server thread for one TCP stream, receiving: its loop of select() and read() of
 * -l bytes, tcp_recvmsg consuming one skb per step (copy to user charged per byte, the first touch of
 * payload lines that no software checksum has read yet charged as misses, the skb freed), and sleep
 * when the socket is empty; release_sock at the call's end runs pending softirqs where the kernel does
 * ({@link BhEnable}). As tcp_recvmsg_locked: the socket is owned for the whole call (segments that arrive meanwhile
 * wait in its backlog until the receive queue is used up or the call ends) and tcp_cleanup_rbuf, which sends a
 * pending ACK or a window update, runs once, at the end. Verifies that the stream arrives without loss, duplication
 * or reordering.
 */
public final class DeviceTcpReceiver extends Task implements ReadSink {
    private final TcpConnection conn;
    private final StreamStats stats;
    private final int blk;
    private final int lineBytes;
    private final int mss;
    private int state;
    private int callLeft;
    private long expected;
    private Core core;
    private final BhEnable bh;

    public DeviceTcpReceiver(String name, Core core, TcpConnection conn, StreamStats stats, int blk, int mss, int lineBytes) {
        super(name, core, Ctx.USER);
        this.conn = conn;
        this.stats = stats;
        this.blk = blk;
        this.mss = mss;
        this.lineBytes = lineBytes;
        this.expected = conn.rcvNxt();
        this.bh = new BhEnable(core);
    }

    @Override
    protected boolean preemptible() { return !bh.busy(); }

    @Override
    public boolean step(Core c) {
        core = c;
        if (bh.step(c, this)) return true;
        switch (state) {
            case 0 -> { // iperf3's loop in user space
                mode = Ctx.USER;
                c.charge(CostKey.APP_WORK);
                state = 1;
                return true;
            }
            case 1 -> { // select() then read()
                mode = Ctx.SYS;
                c.charge(CostKey.SYSCALL, 2); // select() + read()
                c.charge(CostKey.SELECT);
                if (conn.readableBytes() == 0) return false; // sleep in select until data is ready
                callLeft = blk;
                state = 2;
                conn.lockSock();
                return copyOne(c);
            }
            default -> {
                mode = Ctx.SYS;
                return copyOne(c);
            }
        }
    }

    private boolean copyOne(Core c) {
        int n = conn.readPart(Math.min(callLeft, mss), this);
        callLeft -= n;
        if (callLeft > 0 && conn.readableBytes() == 0 && conn.hasBacklog()) {
            conn.flushBacklog(); // the queue is read: what arrived meanwhile, then on copying
            return true;
        }
        if (callLeft <= 0 || conn.readableBytes() == 0) {
            conn.endRead(blk - callLeft);
            conn.releaseSock();
            state = 0;
            bh.enable(); // release_sock at the end of tcp_recvmsg: its spin_unlock_bh
        }
        return true;
    }

    @Override
    public void consume(long seq, int len, Packet p) {
        Core c = core;
        if (seq != expected) stats.streamErrors++;
        expected = seq + len;
        stats.bytesReceived += len;
        c.charge(CostKey.TCP_RECVMSG);
        c.charge(CostKey.COPY_BYTE, len);
        if (!p.payloadCached) c.chargeDramRun((len + lineBytes - 1) / lineBytes);
        // the used-up skb is freed once, by TcpReceiver.read through TcpHost.free (kfree_skb in process context)
    }
}
