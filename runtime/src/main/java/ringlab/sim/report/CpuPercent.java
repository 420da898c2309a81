package ringlab.sim.report;

import java.util.List;
import ringlab.sim.cpu.Ctx;

/**
 * Where the device's CPU time went, as {@code mpstat}'s columns; each share in percent of the elapsed time of
 * all cores (or of one core inside {@link #perCore}). irq, soft, kthread, usr, sys and idle add up to 100;
 * softKsoftirqd is not a further column but the part of soft that ran in the ksoftirqd/N threads (the kernel
 * accounts a softirq to CPUTIME_SOFTIRQ whether it ran at interrupt exit or in ksoftirqd, so mpstat's %soft
 * includes ksoftirqd; top would show ksoftirqd/N as a task of its own).
 *
 * @param irq             hard interrupt handlers, mpstat %irq (percent)
 * @param soft            softirqs, wherever they ran: at interrupt exit, at bh enable or in ksoftirqd, mpstat
 *                        %soft (percent)
 * @param softKsoftirqd   of {@code soft}, the softirqs deferred to the ksoftirqd/N threads (percent)
 * @param kthread         other kernel threads, e.g. a threaded NAPI poller napi/ethX-N; mpstat counts their
 *                        softirq-free time in %sys, the model keeps it apart (percent)
 * @param usr             user space: the iperf3 server, mpstat %usr (percent)
 * @param sys             system calls and the socket work done in them, mpstat %sys (percent)
 * @param idle            idle, mpstat %idle (percent)
 * @param perCore         the same figures per core, in core order; null on a single-core board and inside a
 *                        per-core entry
 * @param contextSwitches task switches, the "ctxt" line of /proc/stat (of all cores, or of this core inside
 *                        {@link #perCore}) (count)
 */
public record CpuPercent(double irq, double soft, double softKsoftirqd, double kthread, double usr, double sys,
                         double idle, List<CpuPercent> perCore, long contextSwitches) {

    /**
     * The shares of CPU time by context ({@code byCtx} indexed by {@link Ctx} ordinal, any unit): the
     * model's separate SOFTIRQ and KSOFTIRQD buckets both go into soft, KSOFTIRQD also into softKsoftirqd.
     */
    public static CpuPercent of(double[] byCtx, List<CpuPercent> perCore, long contextSwitches) {
        double all = 0;
        for (double v : byCtx) all += v;
        double[] p = new double[byCtx.length];
        for (int i = 0; i < p.length; i++) p[i] = all == 0 ? 0.0 : 100.0 * byCtx[i] / all;
        double ksoftirqd = p[Ctx.KSOFTIRQD.ordinal()];
        return new CpuPercent(p[Ctx.HARDIRQ.ordinal()], p[Ctx.SOFTIRQ.ordinal()] + ksoftirqd, ksoftirqd,
                p[Ctx.KTHREAD.ordinal()], p[Ctx.USER.ordinal()], p[Ctx.SYS.ordinal()], p[Ctx.IDLE.ordinal()],
                perCore, contextSwitches);
    }
}
