package ringlab.sim.report;

/**
 * NAPI and NET_RX softirq figures of all ports, as {@code /proc/net/softnet_stat} and {@code /proc/softirqs}
 * show them.
 *
 * @param polls            NAPI poll calls of all ports' drivers (count)
 * @param packets          packets those polls handled, the work they reported (count)
 * @param packetsPerPoll   packets per poll (ratio; 0 without polls; the NAPI weight is the upper bound)
 * @param timeSqueeze      net_rx_action runs ended by netdev_budget or the 2-jiffy limit with work left,
 *                         softnet_stat's time_squeeze column (count)
 * @param netRxSoftirqs    NET_RX softirq runs, the NET_RX line of /proc/softirqs (count)
 * @param ksoftirqdWakeups times a ksoftirqd thread was switched in (count)
 */
public record NapiStats(long polls, long packets, double packetsPerPoll, long timeSqueeze, long netRxSoftirqs,
                        long ksoftirqdWakeups) {
}
