package ringlab.sim.report;

/**
 * One device port's NIC, driver and netdev counters, in the spirit of {@code ethtool -S} and
 * {@code ip -s link}.
 *
 * @param name                 the interface name, e.g. "eth0" (LAN) or "eth1" (WAN with --topology forward)
 * @param qdisc                the root qdisc's kind as tc names it: "pfifo_fast" or "fq_codel"
 * @param rxPackets            frames the NIC wrote into the rx ring, rx_packets (count)
 * @param txPackets            frames the NIC put on the wire, tx_packets (count)
 * @param rxCopybreak          received frames copied into a fresh small skb because they were shorter than the
 *                             driver's rx_copybreak (the ring buffer stays in place) (count)
 * @param rxRingReinits        rx ring re-initialisations for a change of buffer scheme or layout (count)
 * @param refillDoorbells      MMIO writes telling the NIC about refilled rx descriptors (count)
 * @param txDoorbells          MMIO writes telling the NIC about new tx descriptors (count)
 * @param txDoorbellsPerPacket tx doorbells per packet the driver queued for transmission (ratio; 0 without any)
 * @param qdiscBulkDequeues    qdisc dequeues that took more than one packet (BQL's bulk dequeue) (count)
 * @param gsoSegments          segments made by software GSO before the driver (count)
 * @param txLimitStops         times the driver's tx limit (BQL's dql) stopped the queue, __QUEUE_STATE_STACK_XOFF
 *                             (count)
 * @param txQueueStops         times the netdev tx queue went from running to stopped, for any reason (count)
 * @param dmaLinesMapped       cache lines invalidated or cleaned for rx buffers mapped or synced for the device
 *                             (non-coherent DMA; dma_map_single / dma_sync_single_for_device) (cache lines)
 * @param dmaLinesUnmapped     cache lines invalidated when rx buffers were unmapped or synced for the CPU
 *                             (dma_unmap_single / dma_sync_single_for_cpu) (cache lines)
 * @param dmaLinesToDevice     cache lines cleaned for tx buffers mapped DMA_TO_DEVICE (cache lines)
 */
public record PortCounters(String name, String qdisc, long rxPackets, long txPackets, long rxCopybreak,
                           long rxRingReinits, long refillDoorbells, long txDoorbells, double txDoorbellsPerPacket,
                           long qdiscBulkDequeues, long gsoSegments, long txLimitStops, long txQueueStops,
                           long dmaLinesMapped, long dmaLinesUnmapped, long dmaLinesToDevice) {
}
