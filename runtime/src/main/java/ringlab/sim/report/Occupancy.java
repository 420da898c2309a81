package ringlab.sim.report;

/**
 * Average queue occupancy of the first port (eth0) and the device's sockets, sampled every virtual
 * millisecond over the run.
 *
 * @param rxRingFrames       frames the NIC has written into the rx ring and the driver not yet taken
 *                           (average count)
 * @param rxRingSize         rx ring size, ethtool -g "RX" (descriptors)
 * @param txRingDescs        tx descriptors in use: queued or in flight on the wire (average count)
 * @param txRingSize         tx ring size, ethtool -g "TX" (descriptors)
 * @param qdiscPackets       packets waiting in the root qdisc, tc -s qdisc "backlog ...p" (average count)
 * @param socketQueuePackets packets queued in the device's TCP and UDP sockets (receive and out-of-order
 *                           queues) (average count)
 */
public record Occupancy(double rxRingFrames, int rxRingSize, double txRingDescs, int txRingSize,
                        double qdiscPackets, double socketQueuePackets) {
}
