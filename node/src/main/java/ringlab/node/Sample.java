package ringlab.node;

import java.util.List;
import java.util.Map;
import ringlab.sim.report.Accounting;
import ringlab.sim.report.CpuPercent;

/**
 * What the running simulation did between two readings a fraction of a wall second apart: one point of
 * each of the console's live charts. Rates are per virtual second; occupancies are averages over the
 * interval.
 *
 * @param seq position in the telemetry, from 1
 * @param virtualSeconds the node's virtual time at the end of the interval (continuous across rebuilds
 *        of the simulation: the charts' x axis) (s)
 * @param intervalSeconds virtual length of the interval (s)
 * @param wallMillis wall-clock time of the reading, milliseconds since the epoch
 * @param speed virtual seconds per wall second over the interval (the pace actually reached)
 * @param receiverBitsPerSecond goodput of all streams at their receiving applications (bit/s)
 * @param streamBitsPerSecond the same per iperf3 stream, in stream order (bit/s)
 * @param cpuPercent where the device's CPU time went in the interval, mpstat's columns (percent of all
 *        cores; context_switches counts the interval's task switches)
 * @param cyclesPercentByKey where the interval's CPU cycles went by cost key (the board's cost parameters, e.g.
 *        "dma.line.unmap"): the {@value #TOP_KEYS} largest, largest first, and "other" for the rest; empty
 *        when nothing was charged (percent of the interval's charged cycles)
 * @param interruptsPerSecond NIC hard interrupts (1/s)
 * @param napiPollsPerSecond NAPI polls (1/s)
 * @param packetsPerPoll packets handled per NAPI poll (0 without polls)
 * @param dropsPerSecond drops by reason, kernel counter names; reasons without drops in the interval are
 *        left out (1/s)
 * @param rxRingFrames frames waiting in the rx ring of the first port, average (frames)
 * @param qdiscPackets packets in the first port's qdisc, average (packets)
 * @param socketQueuePackets packets queued at the device's sockets, average (packets)
 * @param ping echo round trips that came back in the interval; null without a ping flow or replies
 * @param accounting the packet ledger of the current simulation at the end of the interval
 */
public record Sample(long seq, double virtualSeconds, double intervalSeconds, long wallMillis, double speed,
                     double receiverBitsPerSecond, List<Double> streamBitsPerSecond, CpuPercent cpuPercent,
                     Map<String, Double> cyclesPercentByKey, double interruptsPerSecond, double napiPollsPerSecond, double packetsPerPoll,
                     Map<String, Double> dropsPerSecond, double rxRingFrames, double qdiscPackets,
                     double socketQueuePackets, PingWindow ping, Accounting accounting) {

    /** Cost keys named in {@link #cyclesPercentByKey}; the rest are summed as "other". */
    public static final int TOP_KEYS = 10;

    /**
     * Round-trip times of the ping replies received in one interval.
     *
     * @param replies replies in the interval (count)
     * @param minMs the fastest (ms)
     * @param p50Ms the median, nearest rank (ms)
     * @param p99Ms the 99th percentile, nearest rank (ms)
     */
    public record PingWindow(int replies, double minMs, double p50Ms, double p99Ms) { }
}
