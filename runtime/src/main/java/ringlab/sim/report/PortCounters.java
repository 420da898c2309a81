package ringlab.sim.report;

import java.util.Map;

/**
 * One device port's NIC, driver and netdev counters. The first ones are {@code ip -s link}'s, named as the
 * fields of the kernel's {@code struct rtnl_link_stats64} (include/uapi/linux/if_link.h), which are also
 * ethtool -S's generic names; columns of ip -s link that nothing in the model can produce (tx_dropped,
 * tx_errors, multicast, collisions, carrier, rx_crc/frame/fifo/over errors) are left out rather than
 * printed as a 0 nobody earned. The driver and netdev figures after them are ringlab's own.
 *
 * @param name                 the interface name, e.g. "eth0" (LAN) or "eth1" (WAN with --topology forward)
 * @param qdisc                the root qdisc's kind as tc names it: "pfifo_fast" or "fq_codel"
 * @param rxPackets            frames the NIC wrote into the rx ring, rx_packets (count)
 * @param txPackets            frames the NIC put on the wire, tx_packets (count)
 * @param rxBytes              bytes of the rx_packets frames as the kernel counts them (skb->len at the driver:
 *                             Ethernet header and payload, no FCS), rx_bytes (bytes)
 * @param txBytes              bytes of the tx_packets frames, same rule, tx_bytes (bytes)
 * @param rxErrors             bad frames received: rx_length_errors, the only receive error the model makes
 *                             (rtnl_link_stats64: rx_errors includes the length, crc and frame errors), rx_errors
 *                             (count)
 * @param rxDropped            frames received but not processed: those landed in the ring and freed when the
 *                             driver re-initialised it (the ledger's rx_reinit_drops of this port), rx_dropped;
 *                             real drivers often free those uncounted, the model counts them so that every
 *                             drop shows on its port (count)
 * @param rxMissedErrors       frames that found no free rx descriptor (the host did not keep up), this port's
 *                             share of the ledger's rx_missed_errors; ip -s link's "missed" (count)
 * @param rxLengthErrors       frames longer than the posted rx buffer, this port's share of the ledger's
 *                             rx_length_errors (count)
 * @param rxCopybreakPkt       received frames copied into a fresh small skb because they were shorter than the
 *                             driver's copybreak size (the ring buffer stays in place); named after the ENA
 *                             driver's per-queue ethtool -S counter rx_copybreak_pkt
 *                             (drivers/net/ethernet/amazon/ena), since "rx_copybreak" is the tunable's name
 *                             (count)
 * @param rxRingReinits        rx ring re-initialisations for a change of buffer scheme or layout (count)
 * @param refillDoorbells      MMIO writes telling the NIC about refilled rx descriptors (count)
 * @param txDoorbells          MMIO writes telling the NIC about new tx descriptors (count)
 * @param txDoorbellsPerPacket tx doorbells per packet the driver queued for transmission (ratio; 0 without any)
 * @param qdiscBulkDequeues    qdisc dequeues that took more than one packet (BQL's bulk dequeue) (count)
 * @param gsoSegments          segments made by software GSO before the driver (count)
 * @param qdiscRequeues        packets the driver did not take put back at the head of the qdisc (dev_requeue_skb;
 *                             tc -s qdisc's "requeues") (count)
 * @param txLimitStops         times the driver's tx limit (BQL's dql) stopped the queue, __QUEUE_STATE_STACK_XOFF
 *                             (count)
 * @param txQueueStops         times the netdev tx queue went from running to stopped, for any reason (count)
 * @param dmaLinesMapped       cache lines invalidated or cleaned for rx buffers mapped or synced for the device
 *                             (non-coherent DMA; dma_map_single / dma_sync_single_for_device) (cache lines)
 * @param dmaLinesUnmapped     cache lines invalidated when rx buffers were unmapped or synced for the CPU
 *                             (dma_unmap_single / dma_sync_single_for_cpu) (cache lines)
 * @param dmaLinesToDevice     cache lines cleaned for tx buffers mapped DMA_TO_DEVICE (cache lines)
 * @param dmaLinesWrittenBack  of those, dirty lines (a frame the CPU wrote, as a software GSO copy) written back
 *                             to DRAM by the clean (non-coherent DMA) (cache lines)
 * @param dmaBounceBytes       bytes the CPU copied between the driver's buffers and swiotlb bounce buffers, for a NIC
 *                             that cannot reach its buffers (nic.swiotlb; 0 without it) (bytes)
 * @param txPauseFrames        IEEE 802.3x PAUSE frames (XOFF and XON) the MAC sent because its receive FIFO
 *                             filled (nic.flowControl; 0 without it); ethtool -S tx_pause_frames (count)
 * @param tunables             the driver's ethtool tunables by ethtool's name (ethtool --get-tunable):
 *                             "rx-copybreak", the copybreak size (bytes); null when the driver has none
 */
public record PortCounters(String name, String qdisc, long rxPackets, long txPackets, long rxBytes, long txBytes,
                           long rxErrors, long rxDropped, long rxMissedErrors, long rxLengthErrors,
                           long rxCopybreakPkt, long rxRingReinits, long refillDoorbells, long txDoorbells,
                           double txDoorbellsPerPacket, long qdiscBulkDequeues, long gsoSegments, long qdiscRequeues,
                           long txLimitStops, long txQueueStops, long dmaLinesMapped, long dmaLinesUnmapped,
                           long dmaLinesToDevice, long dmaLinesWrittenBack, long dmaBounceBytes, long txPauseFrames,
                           Map<String, Long> tunables) {
}
