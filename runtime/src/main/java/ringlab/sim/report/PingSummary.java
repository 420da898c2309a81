package ringlab.sim.report;

/**
 * The ICMP echo flow of {@code --ping}, like ping's summary line; percentiles are nearest-rank. Without any
 * reply the four times are -0.000001 (the -1 ns "none" of the percentile, in milliseconds).
 *
 * @param sent     echo requests sent by the peer (count)
 * @param received echo replies that came back (count)
 * @param minMs    shortest round-trip time, ping's "min" (milliseconds)
 * @param p50Ms    median round-trip time (milliseconds)
 * @param p99Ms    99th percentile round-trip time (milliseconds)
 * @param maxMs    longest round-trip time, ping's "max" (milliseconds)
 */
public record PingSummary(long sent, long received, double minMs, double p50Ms, double p99Ms, double maxMs) {
}
