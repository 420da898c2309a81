package ringlab.sim.report;

/**
 * The packet ledger of the whole run: every packet created on the device or a peer is delivered, dropped
 * or still in a queue, so {@code sent == delivered + dropped + inFlight} at any instant.
 *
 * @param sent      packets handed to a NIC, a stack or a peer since the start (count)
 * @param delivered packets that reached their final consumer: an application, the peer, or ICMP (count)
 * @param dropped   packets dropped, for any reason; the sum of {@link DeviceDetail#drops()} (count)
 * @param inFlight  packets sent and neither delivered nor dropped: in a ring, qdisc, socket or wire (count)
 */
public record Accounting(long sent, long delivered, long dropped, long inFlight) {
}
