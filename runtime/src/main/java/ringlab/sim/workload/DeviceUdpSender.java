package ringlab.sim.workload;

import ringlab.spi.board.CostKey;
import ringlab.sim.cpu.Core;
import ringlab.sim.cpu.Ctx;
import ringlab.sim.cpu.Task;
import ringlab.sim.cpu.Timers;
import ringlab.sim.driver.TxOwner;
import ringlab.sim.net.Ledger;
import ringlab.spi.net.Packet;
import ringlab.sim.stack.DeviceStack;

/**
 * The device's iperf3 server thread for one UDP stream in reverse mode: datagrams paced to -b by
 * iperf3's 1 ms pacing timer (a hrtimer wakes it; what is due is sent in a burst), one pass of iperf 3.12's
 * loop each (with a rate, iperf_send sends one datagram per select()): select() and one sendto(),
 * blocking while the socket's send memory (wmem_default 212992 of skb truesize, freed at tx completion)
 * is used up.
 */
public final class DeviceUdpSender extends Task implements TxOwner {
    static final long PACING_TIMER_NS = 1_000_000L;
    static final int WMEM_DEFAULT = 212992;
    static final int SKB_OVERHEAD = 512;

    private final DeviceStack stack;
    private final Ledger ledger;
    private final StreamStats stats;
    private final int len;
    private final long intervalNs;
    private final long stopNs;
    private final int src, dst, sport, dport;
    private final Timers.Timer pacing;
    private final int sndbuf;
    private long nextDue;
    private long wmem;
    private long seq;
    private boolean waitingForMemory;
    private SendBudget budget;
    private int tos;

    public DeviceUdpSender(String name, Core core, DeviceStack stack, Ledger ledger, StreamStats stats, int len,
                           long bitsPerSecond, long startNs, long stopNs, int src, int sport, int dst, int dport,
                           int sndbuf) {
        super(name, core, Ctx.SYS);
        this.stack = stack;
        this.ledger = ledger;
        this.stats = stats;
        this.len = len;
        this.intervalNs = bitsPerSecond <= 0 ? 0 : Math.max(1, (long) (len * 8e9 / bitsPerSecond));
        this.nextDue = startNs;
        this.stopNs = stopNs;
        this.src = src; this.sport = sport; this.dst = dst; this.dport = dport;
        this.sndbuf = sndbuf > 0 ? sndbuf : WMEM_DEFAULT;
        this.pacing = core.cpu().timers().hrtimer(core, (c, t) -> c.cpu().wake(this), this);
    }

    /** IP_TOS of the iperf3 socket (-S/--dscp): the TOS byte of every datagram. */
    public void ipTos(int tos) { this.tos = tos; }

    /** -n/-k: this stream's writes count against (and stop at) the test's shared byte budget. */
    public void limitBy(SendBudget b) { this.budget = b; }

    @Override
    public boolean step(Core c) {
        long now = c.stepNow();
        if (now >= stopNs || budget != null && budget.allowance(now) <= 0) return false;
        if (now < nextDue) {
            pacing.arm(Math.min(stopNs, now + PACING_TIMER_NS));
            return false;
        }
        int truesize = SKB_OVERHEAD + Packet.ETH_HEADER + Packet.IP_HEADER + Packet.UDP_HEADER + len;
        if (wmem + truesize > sndbuf) { waitingForMemory = true; return false; }
        mode = Ctx.SYS;
        c.charge(CostKey.APP_WORK);
        c.charge(CostKey.SYSCALL, 2); // select() + sendto()
        c.charge(CostKey.SELECT);
        c.charge(CostKey.COPY_BYTE, len);
        Packet p = ledger.create(now);
        p.proto = Packet.UDP;
        p.src = src; p.dst = dst; p.sport = sport; p.dport = dport;
        p.payload = len;
        p.tos = tos;
        p.appSeq = seq++;
        p.appTime = c.stepNow();
        p.sndOwner = this;
        p.truesize = truesize;
        wmem += truesize;
        stats.bytesSent += len;
        stats.packetsSent++;
        if (budget != null) budget.sent(len, p.appTime);
        stack.udpSend(c, p);
        nextDue = intervalNs == 0 ? now : nextDue + intervalNs;
        return true;
    }

    @Override
    public void txFreed(Core c, int truesize) {
        wmem -= truesize;
        if (waitingForMemory && wmem + 2L * truesize <= sndbuf) {
            waitingForMemory = false;
            core.cpu().wake(this);
        }
    }
}
