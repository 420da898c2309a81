package ringlab.spi.board;

import org.osgi.annotation.versioning.ProviderType;

/**
 * The NIC side of a board and the driver's fixed specifics.
 *
 * @param model              driver/NIC model name ("bcm63xx-enetsw", "bcm63xx-enet", "lan743x", "ravb-gbeth", "ravb-rcar")
 * @param linkBitsPerSecond  link speed
 * @param rxRing             rx descriptors
 * @param txRing             tx descriptors
 * @param napiWeight         weight the driver registers with netif_napi_add
 * @param rxChecksum         rx checksum offload: the ip_summed state the driver gives a received frame
 * @param txChecksum         tx checksum offload for TCP/UDP
 * @param unalignedRxDma     the rx DMA engine can start at a 2-byte padded address (NET_IP_ALIGN)
 * @param irqModeration      hardware interrupt moderation (rx-usecs / rx-frames)
 * @param refillDoorbellEvery refilled descriptors per doorbell (tail) MMIO write
 * @param txDescPerPacket    tx descriptors one packet uses
 * @param txDoorbellRmw      transmit kick is a read-modify-write of a register (uncached read + write)
 * @param rxBufferBytes      stock rx buffer size in bytes (data area mapped per descriptor)
 * @param copybreak          frames shorter than this are copied into a small skb (0 = never)
 * @param mtu                interface MTU
 * @param irqUnmask          when a poll below budget unmasks the interrupt (descriptor field, optional:
 *                           {@link IrqUnmask#NAPI_COMPLETE_DONE} when absent); chosen by the descriptor,
 *                           never by the model's name
 * @param sg                 the driver advertises NETIF_F_SG (scatter-gather transmit): software GSO can hand it
 *                           segments that point into the merged packet's pages; without it skb_segment copies
 *                           every segment into a new linear buffer (descriptor field, optional: false when
 *                           absent, as for a driver that does not set it)
 * @param flowControl        IEEE 802.3x flow control on receive (descriptor field, optional, default false):
 *                           a frame that finds no free descriptor waits in the MAC's FIFO and PAUSE frames stop
 *                           the link partner, instead of the frame being lost
 * @param swiotlb            the NIC's bus cannot reach the memory its buffers are in (a PCIe window smaller than
 *                           the DRAM, a DMA mask below where the buffers sit): every streaming mapping goes
 *                           through a swiotlb bounce buffer, and the CPU copies what the device wrote into the
 *                           buffer at each sync or unmap for the CPU, and what it is to read at each transmit map
 *                           (descriptor field, optional, default false)
 * @param rxGfpDma           the driver allocates its rx skbs with GFP_DMA (lan743x does): __netdev_alloc_skb then
 *                           always takes __alloc_skb's kmalloc path, never the page_frag cache, whatever the size
 *                           (descriptor field, optional, default false)
 * @param rxRingFullIrq      the NIC interrupts when a frame finds no free rx descriptor, and NAPI does not mask that
 *                           interrupt (ravb: RIC2's QFE0 "receive descriptor empty" and RFFE, enabled at DMAC init;
 *                           the handler reads and clears EIS and RIS2), so a full ring under a flood costs a hard IRQ
 *                           per dropped frame, or per burst the handler did not clear in between (descriptor field,
 *                           optional, default false)
 * @param isrStatusReads     uncached register reads the interrupt handler makes to find and mask its cause (ravb
 *                           GbEth: ISS, TIS, then RIS0, RIC0, TIS, TIC: six; R-Car's per-queue line: the last four);
 *                           descriptor field, optional, default 1 (the figure every board had before it was a field)
 * @param irqUnmaskRmw       the unmask after a completed poll reads each enable register back first (ravb_modify of
 *                           RIC0 and TIC on GbEth): one more uncached read per register (descriptor field, optional,
 *                           default false: plain writes)
 * @param rxTimestampDesc    every received frame is followed in the rx ring by a timestamp extension descriptor
 *                           (lan743x: RX_CFG_B_TS_ALL_RX, set by lan743x_rx_open whatever the PTP configuration):
 *                           a frame takes two descriptors, so the ring holds rxRing / 2 frames, and the driver
 *                           reads the extension (its data0, then after the frame's refill data1 and data2 together:
 *                           two dependent reads, one where coherent memory is cached) and hands it back
 *                           (lan743x_rx_reuse_ring_element) for every frame (descriptor field, optional, default false)
 * @param rxHeadWriteback    the NIC writes its rx head index back to coherent memory and the driver reads it before
 *                           each descriptor it looks at (lan743x: *rx->head_cpu_ptr in lan743x_rx_process_buffer): one
 *                           more uncached read per frame and per poll's last look (descriptor field, optional,
 *                           default false: the driver reads the descriptor's own ownership bit only)
 * @param rxDescReads        dependent reads the driver makes of a received frame's descriptor: the ownership word,
 *                           then each word it reads only after a barrier or a call (ravb: die_dt, then after
 *                           dma_rmb() msc and ds_cc, issued together: 2; lan743x 5.10: data0, then data0 again for
 *                           the length after the skb allocation and unmap calls: 2). On a SoC whose coherent DMA
 *                           memory is uncached each is a round trip to DRAM; on a coherent SoC the line is cached
 *                           after the first (descriptor field, optional, default 1)
 */
// data: plug-ins build and read it but cannot extend it, so additions are compatible for them
@ProviderType
public record Nic(String model, long linkBitsPerSecond, int rxRing, int txRing, int napiWeight,
                  RxChecksum rxChecksum, boolean txChecksum, boolean unalignedRxDma, boolean irqModeration,
                  int refillDoorbellEvery, int txDescPerPacket, boolean txDoorbellRmw,
                  int rxBufferBytes, int copybreak, int mtu, IrqUnmask irqUnmask, boolean sg, boolean flowControl,
                  boolean swiotlb, boolean rxGfpDma, boolean rxRingFullIrq, int isrStatusReads, boolean irqUnmaskRmw,
                  boolean rxTimestampDesc, boolean rxHeadWriteback, int rxDescReads) {
    public Nic {
        java.util.Objects.requireNonNull(rxChecksum, "rxChecksum");
        java.util.Objects.requireNonNull(irqUnmask, "irqUnmask");
        if (isrStatusReads < 0) throw new IllegalArgumentException("isrStatusReads must be >= 0, not " + isrStatusReads);
        if (rxDescReads < 1) throw new IllegalArgumentException("rxDescReads must be >= 1, not " + rxDescReads);
    }

    /** The 2.6 constructor, one read of a received frame's descriptor. */
    public Nic(String model, long linkBitsPerSecond, int rxRing, int txRing, int napiWeight,
               RxChecksum rxChecksum, boolean txChecksum, boolean unalignedRxDma, boolean irqModeration,
               int refillDoorbellEvery, int txDescPerPacket, boolean txDoorbellRmw,
               int rxBufferBytes, int copybreak, int mtu, IrqUnmask irqUnmask, boolean sg, boolean flowControl,
               boolean swiotlb, boolean rxGfpDma, boolean rxRingFullIrq, int isrStatusReads, boolean irqUnmaskRmw,
               boolean rxTimestampDesc, boolean rxHeadWriteback) {
        this(model, linkBitsPerSecond, rxRing, txRing, napiWeight, rxChecksum, txChecksum, unalignedRxDma, irqModeration,
                refillDoorbellEvery, txDescPerPacket, txDoorbellRmw, rxBufferBytes, copybreak, mtu, irqUnmask, sg, flowControl,
                swiotlb, rxGfpDma, rxRingFullIrq, isrStatusReads, irqUnmaskRmw, rxTimestampDesc, rxHeadWriteback, 1);
    }

    /** The 2.5 constructor, without the rx timestamp extension descriptor and the head write-back (both false). */
    public Nic(String model, long linkBitsPerSecond, int rxRing, int txRing, int napiWeight,
               RxChecksum rxChecksum, boolean txChecksum, boolean unalignedRxDma, boolean irqModeration,
               int refillDoorbellEvery, int txDescPerPacket, boolean txDoorbellRmw,
               int rxBufferBytes, int copybreak, int mtu, IrqUnmask irqUnmask, boolean sg, boolean flowControl,
               boolean swiotlb, boolean rxGfpDma, boolean rxRingFullIrq, int isrStatusReads, boolean irqUnmaskRmw) {
        this(model, linkBitsPerSecond, rxRing, txRing, napiWeight, rxChecksum, txChecksum, unalignedRxDma, irqModeration,
                refillDoorbellEvery, txDescPerPacket, txDoorbellRmw, rxBufferBytes, copybreak, mtu, irqUnmask, sg, flowControl,
                swiotlb, rxGfpDma, rxRingFullIrq, isrStatusReads, irqUnmaskRmw, false, false);
    }

    /** The 2.0 constructor, without scatter-gather (false: NETIF_F_SG not advertised) and without flow control. */
    public Nic(String model, long linkBitsPerSecond, int rxRing, int txRing, int napiWeight,
               RxChecksum rxChecksum, boolean txChecksum, boolean unalignedRxDma, boolean irqModeration,
               int refillDoorbellEvery, int txDescPerPacket, boolean txDoorbellRmw,
               int rxBufferBytes, int copybreak, int mtu, IrqUnmask irqUnmask) {
        this(model, linkBitsPerSecond, rxRing, txRing, napiWeight, rxChecksum, txChecksum, unalignedRxDma, irqModeration,
                refillDoorbellEvery, txDescPerPacket, txDoorbellRmw, rxBufferBytes, copybreak, mtu, irqUnmask, false, false);
    }

    /** Without flow control (false: frames that find no descriptor are lost). */
    public Nic(String model, long linkBitsPerSecond, int rxRing, int txRing, int napiWeight,
               RxChecksum rxChecksum, boolean txChecksum, boolean unalignedRxDma, boolean irqModeration,
               int refillDoorbellEvery, int txDescPerPacket, boolean txDoorbellRmw,
               int rxBufferBytes, int copybreak, int mtu, IrqUnmask irqUnmask, boolean sg) {
        this(model, linkBitsPerSecond, rxRing, txRing, napiWeight, rxChecksum, txChecksum, unalignedRxDma, irqModeration,
                refillDoorbellEvery, txDescPerPacket, txDoorbellRmw, rxBufferBytes, copybreak, mtu, irqUnmask, sg, false);
    }

    /** The 2.2 constructor, without swiotlb (false: the NIC reaches every buffer). */
    public Nic(String model, long linkBitsPerSecond, int rxRing, int txRing, int napiWeight,
               RxChecksum rxChecksum, boolean txChecksum, boolean unalignedRxDma, boolean irqModeration,
               int refillDoorbellEvery, int txDescPerPacket, boolean txDoorbellRmw,
               int rxBufferBytes, int copybreak, int mtu, IrqUnmask irqUnmask, boolean sg, boolean flowControl) {
        this(model, linkBitsPerSecond, rxRing, txRing, napiWeight, rxChecksum, txChecksum, unalignedRxDma, irqModeration,
                refillDoorbellEvery, txDescPerPacket, txDoorbellRmw, rxBufferBytes, copybreak, mtu, irqUnmask, sg, flowControl,
                false, false);
    }

    /**
     * The 2.3 constructor, without the ring-full interrupt (false: a frame lost at a full ring costs the CPU
     * nothing), one status read per interrupt and plain-write unmasking.
     */
    public Nic(String model, long linkBitsPerSecond, int rxRing, int txRing, int napiWeight,
               RxChecksum rxChecksum, boolean txChecksum, boolean unalignedRxDma, boolean irqModeration,
               int refillDoorbellEvery, int txDescPerPacket, boolean txDoorbellRmw,
               int rxBufferBytes, int copybreak, int mtu, IrqUnmask irqUnmask, boolean sg, boolean flowControl,
               boolean swiotlb, boolean rxGfpDma) {
        this(model, linkBitsPerSecond, rxRing, txRing, napiWeight, rxChecksum, txChecksum, unalignedRxDma, irqModeration,
                refillDoorbellEvery, txDescPerPacket, txDoorbellRmw, rxBufferBytes, copybreak, mtu, irqUnmask, sg, flowControl,
                swiotlb, rxGfpDma, false, 1, false);
    }
}
