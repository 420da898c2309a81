package ringlab.sim.report;

import java.util.List;

/**
 * Where the device's CPU time went, like {@code mpstat}'s columns (ksoftirqd and kernel threads kept apart
 * from %soft and %sys); each share in percent of the elapsed time of all cores (or of one core inside
 * {@link #perCore}). The seven shares add up to 100.
 *
 * @param irq             hard interrupt handlers, mpstat %irq (percent)
 * @param soft            softirqs run at interrupt exit or bh enable, mpstat %soft without ksoftirqd (percent)
 * @param ksoftirqd       softirqs deferred to the ksoftirqd/N threads (percent)
 * @param kthread         other kernel threads, e.g. a threaded NAPI poller napi/ethX-N (percent)
 * @param usr             user space: the iperf3 server, mpstat %usr (percent)
 * @param sys             system calls and the socket work done in them, mpstat %sys (percent)
 * @param idle            idle, mpstat %idle (percent)
 * @param perCore         the same figures per core, in core order; null on a single-core board and inside a
 *                        per-core entry
 * @param contextSwitches task switches, the "ctxt" line of /proc/stat (of all cores, or of this core inside
 *                        {@link #perCore}) (count)
 */
public record CpuPercent(double irq, double soft, double ksoftirqd, double kthread, double usr, double sys,
                         double idle, List<CpuPercent> perCore, long contextSwitches) {
}
