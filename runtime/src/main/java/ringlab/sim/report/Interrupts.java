package ringlab.sim.report;

import java.util.Map;

/**
 * Hard interrupts taken by the device's cores, like {@code /proc/interrupts}.
 *
 * @param nic          interrupts raised by each NIC's line, by port name (e.g. "eth0") (count)
 * @param timer        all other interrupts: the scheduler tick and hrtimers, LOC in /proc/interrupts (count)
 * @param nicPerPacket NIC interrupts per frame received or sent on all ports (ratio; 0 without frames)
 */
public record Interrupts(Map<String, Long> nic, long timer, double nicPerPacket) {
}
