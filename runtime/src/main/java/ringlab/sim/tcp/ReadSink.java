// Receives the byte ranges the application consumes in TcpConnection.read (for stream verification and copy-cost charging).
package ringlab.sim.tcp;

import ringlab.spi.net.Packet;

/** Called once per contiguous chunk read; the packet is valid only during the call (it may be freed right after). */
@FunctionalInterface
public interface ReadSink {
    /** {@code len} bytes starting at sequence number {@code seq}, taken from packet {@code p}. */
    void consume(long seq, int len, Packet p);
}
