package ringlab.sim.report;

/** Models one test stream's sockets as the iperf3 client sees them: local = peer, remote = device. */
public final class StreamInfo {
    /** iperf3 stream id (its socket number); the first is 5. */
    public int id;
    public String localHost;
    public int localPort;
    public String remoteHost;
    public int remotePort;

    public StreamInfo() {
    }

    public StreamInfo(int id, String localHost, int localPort, String remoteHost, int remotePort) {
        this.id = id;
        this.localHost = localHost;
        this.localPort = localPort;
        this.remoteHost = remoteHost;
        this.remotePort = remotePort;
    }
}
