package ringlab.sim.workload;

import ringlab.spi.net.Packet;
import ringlab.sim.tcp.ReadSink;
import ringlab.sim.tcp.TcpConnection;

/** The peer's iperf3 client receiving one TCP stream (-R): reads everything as soon as it is readable. */
public final class PeerTcpReceiver implements ReadSink {
    private final TcpConnection conn;
    private final StreamStats stats;
    private long expected;

    public PeerTcpReceiver(TcpConnection conn, StreamStats stats) {
        this.conn = conn;
        this.stats = stats;
        this.expected = conn.rcvNxt();
    }

    public void drain() {
        while (conn.readableBytes() > 0) conn.read(Integer.MAX_VALUE, this);
    }

    @Override
    public void consume(long seq, int len, Packet p) {
        if (seq != expected) stats.streamErrors++;
        expected = seq + len;
        stats.bytesReceived += len;
    }
}
