package ringlab.sim.workload;

import ringlab.spi.board.CostKey;
import ringlab.sim.cpu.Core;
import ringlab.sim.cpu.Ctx;
import ringlab.sim.cpu.Task;
import ringlab.sim.tcp.TcpConnection;

/**
 * The device's iperf3 server thread for one TCP stream in reverse mode (-R): write() of -l bytes, with
 * tcp_sendmsg filling one MSS-sized skb per step (copy from user per byte, summed as copied when the
 * NIC has no tx checksum offload), pushing segments as the window allows, sleeping when sndbuf is full.
 */
public final class DeviceTcpSender extends Task {
    private final TcpConnection conn;
    private final StreamStats stats;
    private final int blk;
    private final int mss;
    private final boolean txChecksum;
    private final long stopNs;
    private SendBudget budget;
    private int state;
    private int callLeft;

    public DeviceTcpSender(String name, Core core, TcpConnection conn, StreamStats stats, int blk, int mss,
                           boolean txChecksum, long stopNs) {
        super(name, core, Ctx.USER);
        this.conn = conn;
        this.stats = stats;
        this.blk = blk;
        this.mss = mss;
        this.txChecksum = txChecksum;
        this.stopNs = stopNs;
    }

    /** -n/-k: this stream's writes count against (and stop at) the test's shared byte budget. */
    public void limitBy(SendBudget b) { this.budget = b; }

    @Override
    public boolean step(Core c) {
        if (c.stepNow() >= stopNs) return false; // the test is over: iperf3 stops writing
        switch (state) {
            case 0 -> {
                mode = Ctx.USER;
                c.charge(CostKey.APP_WORK);
                state = 1;
                return true;
            }
            case 1 -> {
                mode = Ctx.SYS;
                c.charge(CostKey.SYSCALL, 2); // select() + write()
                c.charge(CostKey.SELECT);
                callLeft = blk;
                state = 2;
                return true;
            }
            default -> {
                mode = Ctx.SYS;
                int want = Math.min(callLeft, mss);
                if (budget != null) want = (int) Math.min(want, budget.allowance(c.stepNow()));
                if (want <= 0) return false; // -n/-k: all sent, the test is over
                long n = conn.write(want, callLeft > want); // tcp_push (PSH) at the call's end
                if (n == 0) { // sk_stream_wait_memory until acks free sndbuf, after tcp_push if the call copied data
                    if (callLeft < blk) conn.pushBeforeWait();
                    return false;
                }
                c.charge(CostKey.TCP_SENDMSG);
                c.charge(CostKey.COPY_BYTE, n);
                if (!txChecksum) c.charge(CostKey.CSUM_BYTE, n);
                stats.bytesSent += n;
                if (budget != null) budget.sent(n, c.stepNow());
                callLeft -= (int) n;
                if (callLeft <= 0) state = 0;
                return true;
            }
        }
    }
}
