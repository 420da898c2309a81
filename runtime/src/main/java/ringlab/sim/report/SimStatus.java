package ringlab.sim.report;

import java.util.Map;

/**
 * A running simulation's status, for status endpoints (the node's live status): the simulation's own figures
 * and the device detail, totals since the start.
 *
 * @param virtualNs             virtual time now (nanoseconds since the simulation started)
 * @param events                discrete events processed so far (count)
 * @param receiverBitsPerSecond the receivers' goodput over the last sampling interval, all streams (bits per
 *                              second; 0 before the second sample)
 * @param cpuNs                 CPU time per context summed over the cores since the simulation started, by mpstat
 *                              column with the keys and meaning of {@code device.cpu_percent} (irq, soft,
 *                              soft_ksoftirqd, kthread, usr, sys, idle; soft includes ksoftirqd, soft_ksoftirqd
 *                              is that part of it, so the sum without soft_ksoftirqd is the elapsed time): the
 *                              running totals behind {@code device.cpu_percent}, for counters (virtual
 *                              nanoseconds)
 * @param device                the device detail
 */
public record SimStatus(long virtualNs, long events, double receiverBitsPerSecond, Map<String, Long> cpuNs,
                        DeviceDetail device) {
}
