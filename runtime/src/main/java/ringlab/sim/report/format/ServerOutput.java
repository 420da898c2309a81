package ringlab.sim.report.format;

import java.util.Locale;
import ringlab.sim.report.EndStream;
import ringlab.sim.report.RunReport;
import ringlab.sim.report.StreamInfo;
import ringlab.sim.workload.IperfOptions;

/**
 * What the device's {@code iperf3 -s} prints for the test, for --get-server-output: the text iperf3's client
 * shows under "Server output:" (and in JSON as server_output_text, as with a server not run with -J). The
 * server's view of the same report: its local side is the device, it sends with -R, its role tags are [TX-S]/[RX-S].
 * The report has one set of interval figures per stream (the client's); the server's interval lines use them too,
 * and its end lines are its own side's totals (the receiver's line where it receives, the sender's where it sends).
 * The control connection's port is shown as the first data port minus one, where Linux's ephemeral ports put it.
 */
final class ServerOutput {

    static final String RULE = "-----------------------------------------------------------";

    private ServerOutput() {
    }

    static String text(RunReport r) {
        IperfOptions o = IperfJsonFormatter.options(r);
        IperfTextFormatter.Out out = new IperfTextFormatter.Out(null, null, null); // the client's -T/--timestamps are its own
        StreamInfo first = r.streams.isEmpty() ? null : r.streams.get(0);
        int port = first != null ? first.remotePort : o.port();
        out.line(RULE);
        out.line("Server listening on " + port + " (test #1)");
        out.line(RULE);
        if (first != null) {
            out.line("Accepted connection from " + first.localHost + ", port " + (first.localPort - 1));
        }
        boolean udp = o.udp();
        for (StreamInfo s : r.streams) {
            out.line(String.format(Locale.ROOT, "[%3d] local %s port %d connected to %s port %d",
                    serverSocket(s.id, udp), s.remoteHost, s.remotePort, s.localHost, s.localPort));
        }
        boolean serverSends = o.reverse();
        IperfTextFormatter.intervals(r, o, out, serverSends, 'S', id -> serverSocket(id, udp));
        out.line(IperfTextFormatter.SEPARATOR);
        String header = udp ? IperfTextFormatter.HEADER_UDP
                : serverSends || o.bidir() ? IperfTextFormatter.HEADER_RETR : IperfTextFormatter.HEADER;
        out.line(o.bidir() ? "[ ID][Role]" + header.substring("[ ID]".length()) : header);
        for (EndStream s : r.end.streams) {
            boolean sends = o.bidir() ? !s.sender : serverSends;
            String id = IperfTextFormatter.id(serverSocket(s.id, udp)) + IperfTextFormatter.tag(o.bidir(), sends, 'S');
            out.line(IperfTextFormatter.endLine(id, sends ? s.sent : s.received, udp, sends, o.format()));
        }
        return out.text();
    }

    /**
     * The server's socket number of the stream the client numbers {@code clientSocket} (5, 7, 9, ...: the
     * stream's index i is (clientSocket - 5) / 2). Real iperf3 3.12 servers (-s -1, nothing else open, -P 5 and
     * --bidir -P 2 on loopback) number TCP streams 5, 8, 10, 12, ... and UDP streams 5, 6, 9, 11, 13, ...:
     * descriptors the server holds besides each stream's socket and buffer file shift all but the first.
     */
    static int serverSocket(int clientSocket, boolean udp) {
        int i = (clientSocket - 5) / 2;
        if (i <= 0) {
            return 5;
        }
        return udp ? (i == 1 ? 6 : 5 + 2 * i) : 6 + 2 * i;
    }
}
