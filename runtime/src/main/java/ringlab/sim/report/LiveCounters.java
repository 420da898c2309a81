package ringlab.sim.report;

import java.util.List;
import java.util.Map;

/**
 * Raw running totals of a simulation, read often and cheaply by the node to draw live charts: the
 * difference of two readings is what happened between them (rates, CPU shares and occupancy averages
 * over that interval). Everything counts from the simulation's start.
 *
 * @param virtualNs virtual time of the reading (ns since the simulation started)
 * @param streamBytesReceived bytes each stream's receiving application has read, in stream order (bytes)
 * @param cpuNs CPU time per context summed over the cores, indexed by {@code ringlab.sim.cpu.Ctx} ordinal
 *        (irq, soft, ksoftirqd, kthread, usr, sys, idle) (ns)
 * @param contextSwitches task switches of all cores, /proc/stat's ctxt (count)
 * @param nicInterrupts hard interrupts of the NIC lines, /proc/interrupts (count)
 * @param napiPolls NAPI polls of all ports (count)
 * @param napiPackets packets those polls handled (count)
 * @param drops drops by reason, kernel counter names (count)
 * @param accounting the packet ledger now
 * @param gaugeSamples how many times the occupancy gauges below were sampled (once per virtual ms)
 * @param rxRingFramesSum the sum of those samples of frames waiting in the first port's rx ring (frames)
 * @param qdiscPacketsSum the sum of those samples of packets in the first port's qdisc (packets)
 * @param socketQueuePacketsSum the sum of those samples of packets queued at the device's sockets (packets)
 * @param pingReplies echo replies received so far by the ping flow, 0 without one (count)
 * @param keyCycles cycles charged per cost key summed over the cores, indexed by {@code CostKey} ordinal (cycles)
 */
public record LiveCounters(long virtualNs, List<Long> streamBytesReceived, long[] cpuNs, long contextSwitches,
                           long nicInterrupts, long napiPolls, long napiPackets, Map<String, Long> drops,
                           Accounting accounting, long gaugeSamples, long rxRingFramesSum, long qdiscPacketsSum,
                           long socketQueuePacketsSum, long pingReplies, double[] keyCycles) {
}
