package ringlab.sim.report;

/**
 * A running simulation's status, for status endpoints (the node's live status): the simulation's own figures
 * and the device detail, totals since the start.
 *
 * @param virtualNs             virtual time now (nanoseconds since the simulation started)
 * @param events                discrete events processed so far (count)
 * @param receiverBitsPerSecond the receivers' goodput over the last sampling interval, all streams (bits per
 *                              second; 0 before the second sample)
 * @param device                the device detail
 */
public record SimStatus(long virtualNs, long events, double receiverBitsPerSecond, DeviceDetail device) {
}
