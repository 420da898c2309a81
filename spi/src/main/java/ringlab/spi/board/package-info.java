/**
 * Board SPI: what a board bundle describes (SoC, NIC, cost profile, stock feature set). Pure data.
 * 2.0.0: Board's canonical constructor changed twice since 1.0.0 (published, stockSettings), and Nic's (rxChecksum
 * typed as RxChecksum, irqUnmask added); see spi/README.md.
 */
@org.osgi.annotation.versioning.Version("2.0.0")
package ringlab.spi.board;
