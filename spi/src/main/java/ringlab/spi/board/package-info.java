/** Board SPI: what a board bundle describes (SoC, NIC, cost profile, stock feature set). Pure data. */
@org.osgi.annotation.versioning.Version("1.0.0")
package ringlab.spi.board;
