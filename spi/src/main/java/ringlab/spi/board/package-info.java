/**
 * Board SPI: what a board bundle describes (SoC, NIC, cost profile, stock feature set). Pure data.
 * 2.0.0: Board's canonical constructor changed twice since 1.0.0 (published, stockSettings), and Nic's (rxChecksum
 * typed as RxChecksum, irqUnmask added); see spi/README.md.
 * 2.1.0: Board.calibration (Calibration) and Published's change rows (baseline, receiverChangePercent); the 2.0
 * constructors stay.
 * 2.2.0: Soc.l1dBytes, Nic.sg and Nic.flowControl (802.3x), each with the earlier constructors kept.
 * 2.3.0: Nic.swiotlb (bounce buffering) and Nic.rxGfpDma, the 2.2 constructor kept.
 * 2.4.0: CostKey.SELECT (sys.select).
 * 2.5.0: Nic.rxRingFullIrq (the NIC's interrupt for a frame lost at a full ring), Nic.isrStatusReads and
 *        Nic.irqUnmaskRmw (the interrupt handler's register reads), the 2.3 constructor kept.
 * 2.6.0: Nic.rxTimestampDesc (an rx extension descriptor per frame) and Nic.rxHeadWriteback (the head index read
 *        from coherent memory), the 2.5 constructor kept.
 * 2.7.0: Nic.rxDescReads (the driver's dependent reads of a received frame's descriptor), the 2.6 constructor kept.
 * 2.8.0: Soc.irqTimeAccounting (CONFIG_IRQ_TIME_ACCOUNTING) and Board.fieldNotes (the descriptor's reasons for its
 *        SoC and NIC fields), the 2.7 constructors kept.
 * 2.9.0: CostKey.DRAM_STREAM (dram.stream: the further lines of a sequential run from DRAM).
 * 2.10.0: Soc.ramBytes (the RAM TCP's buffer limits are sized from), the 2.8 constructor kept.
 */
@org.osgi.annotation.versioning.Version("2.10.0")
package ringlab.spi.board;
