package ringlab.sim.report;

/**
 * NAPI and NET_RX softirq figures of all ports and CPUs. The ones of {@code /proc/net/softnet_stat} carry
 * its column names (net/core/net-procfs.c softnet_seq_show: processed, dropped, time_squeeze, ...,
 * received_rps, flow_limit_count, backlog_len, cpu), summed over the CPUs. dropped (the backlog over
 * netdev_max_backlog), received_rps and flow_limit_count are left out: the model has no RPS/RFS backlog, so
 * nothing could count them.
 *
 * @param polls            NAPI poll calls of all ports' drivers (count)
 * @param packets          packets those polls handled, the work they reported (count)
 * @param packetsPerPoll   packets per poll (ratio; 0 without polls; the NAPI weight is the upper bound)
 * @param processed        packets taken into the stack by __netif_receive_skb_core, softnet_stat's processed
 *                         column; a GRO-merged packet counts once, so with GRO this is below packets (count)
 * @param timeSqueeze      net_rx_action runs ended by netdev_budget or the 2-jiffy limit with work left,
 *                         softnet_stat's time_squeeze column (count)
 * @param netRxSoftirqs    NET_RX softirq runs, the NET_RX line of /proc/softirqs (count)
 * @param ksoftirqdWakeups times a ksoftirqd thread was switched in (count)
 */
public record NapiStats(long polls, long packets, double packetsPerPoll, long processed, long timeSqueeze,
                        long netRxSoftirqs, long ksoftirqdWakeups) {
}
