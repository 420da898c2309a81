package ringlab.sim.report;

/**
 * Models iperf3's "start" socket figures of the client (the peer): what -w asked for and what the kernel gave
 * (Linux doubles SO_SNDBUF/SO_RCVBUF; without -w the autotuning defaults tcp_wmem[1]/tcp_rmem[1]), and the
 * MSS the connection negotiated (TCP only; 0 for UDP).
 */
public final class SocketInfo {
    /** -w in bytes; 0 when not given. */
    public long sockBufsize;
    public long sndbufActual;
    public long rcvbufActual;
    public int tcpMssDefault;
    /**
     * The control connection's MSS as TCP_MAXSEG reads it (the link's MTU less 40, less 12 with TCP timestamps),
     * which iperf3 -V prints as "Control connection MSS"; 0 when unknown.
     */
    public int controlMss;
}
