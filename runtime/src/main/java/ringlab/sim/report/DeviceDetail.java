package ringlab.sim.report;

import java.util.List;
import java.util.Map;

/**
 * The device's side of a run: the "ringlab" key of {@code ringlab run --json} and the "device" of the
 * node's status. Totals since the start of the run; ReportJson writes it with snake_case keys in the order
 * declared here. Maps are insertion-ordered so equal runs give byte-identical output.
 *
 * @param board                 the board (hardware model) id, e.g. "bcm6328"
 * @param topology              "direct" (the peer talks to the device) or "forward" (the device routes
 *                              between a LAN and a WAN peer)
 * @param virtualSeconds        virtual time elapsed since the simulation started (seconds)
 * @param cpuPercent            CPU time per context, mpstat-like
 * @param interrupts            hard interrupts, /proc/interrupts-like
 * @param napi                  NAPI polls and NET_RX softirq figures, softnet_stat-like
 * @param drops                 dropped packets by reason: the kernel counter that counts the drop, spelled as
 *                              its tool prints it ("rx_missed_errors" of ip -s link, "TcpExtTCPRcvQDrop" of
 *                              nstat), else the kernel drop reason in lower case ("no_socket") or ringlab's own
 *                              name ("rx_reinit_drops", "peer_..." for the peer host); keys are data, spelled
 *                              as the kernel spells them; only reasons that occurred (count)
 * @param accounting            the packet ledger: sent = delivered + dropped + in flight
 * @param occupancyAvg          average ring, qdisc and socket occupancy
 * @param ports                 per-port NIC, driver and netdev counters, in port order
 * @param features              the active driver features and their counters, by port name
 * @param tcp                   the device's TCP connections' counters (nstat-like), one per stream
 * @param cyclesPercent         where the CPU cycles went, by cost category (CostKey.Category, lower case, e.g.
 *                              "stack", "dma"); only categories that were charged (percent of all cycles)
 * @param cyclesPercentByKey    the same cycles by cost key (the board's cost parameter, e.g. "dma.line.unmap",
 *                              "stack.tcp.rx"), largest first, as perf report lists symbols; only keys that were
 *                              charged (percent of all cycles)
 * @param ping                  the --ping ICMP flow's round-trip times; null without a ping flow
 * @param streamIntegrityErrors reads at a receiving application that did not continue the stream where the
 *                              last one ended (a gap, a duplicate or reordering), all streams; 0 in a correct
 *                              run (count)
 */
public record DeviceDetail(String board, String topology, double virtualSeconds, CpuPercent cpuPercent,
                           Interrupts interrupts, NapiStats napi, Map<String, Long> drops, Accounting accounting,
                           Occupancy occupancyAvg, List<PortCounters> ports, Map<String, PortFeatures> features,
                           List<TcpCounters> tcp, Map<String, Double> cyclesPercent,
                           Map<String, Double> cyclesPercentByKey, PingSummary ping,
                           long streamIntegrityErrors) {
}
