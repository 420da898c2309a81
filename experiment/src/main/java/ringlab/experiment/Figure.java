package ringlab.experiment;

/**
 * One figure of a run, as the Before/After tables of driver patches show them.
 *
 * @param name  a stable name, e.g. "receiver_mbps", "cpu.soft", "drops.rx_missed_errors", "cycles_per_packet.stack"
 * @param unit  "Mbit/s", "%", "count", "per packet", "cycles"
 * @param value the value in that unit
 */
public record Figure(String name, String unit, double value) { }
