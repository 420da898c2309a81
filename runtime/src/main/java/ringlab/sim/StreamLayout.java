package ringlab.sim;

import ringlab.sim.workload.IperfOptions;
import ringlab.spi.board.Board;

/**
 * How a run's iperf3 streams are laid out: how many there are and which way each sends (--bidir: the P
 * client-sending streams first, then P device-sending ones, numbered on as iperf3 numbers its sockets), the
 * client's port of each (--cport P: P, P+1, ... as iperf3 3.12 binds them with -P; else ephemeral), and the
 * device core each iperf3 server thread runs on (-A n,m: all on core m). Refuses what cannot be laid out,
 * with one line, before anything runs.
 */
final class StreamLayout {
    private final IperfOptions o;
    private final int cores;

    StreamLayout(IperfOptions o, Board board) {
        this.o = o;
        this.cores = board.soc().cores();
        int m = o.serverAffinity();
        if (m >= cores) {
            throw new IllegalArgumentException("-A n," + m + ": the board " + board.id() + " has " + cores
                    + (cores == 1 ? " core (0)" : " cores (0-" + (cores - 1) + ")"));
        }
        if (o.cport() > 0 && o.cport() + streams() - 1 > 65535) {
            throw new IllegalArgumentException("--cport " + o.cport() + ": " + streams()
                    + " streams need ports up to " + (o.cport() + streams() - 1) + ", past 65535");
        }
    }

    /** -P streams, twice as many with --bidir. */
    int streams() { return o.bidir() ? 2 * o.parallel() : o.parallel(); }

    /** True when the device sends on stream i. */
    boolean reverse(int i) { return o.bidir() ? i >= o.parallel() : o.reverse(); }

    /** The client's port of stream i: --cport's, else the ephemeral one drawn for it. */
    int clientPort(int i, int ephemeral) { return o.cport() > 0 ? o.cport() + i : ephemeral; }

    /**
     * The core of stream i's iperf3 server thread. -A n,m pins them all to m (iperf3 calls
     * sched_setaffinity on the server process). Otherwise: the NIC's IRQ and NET_RX run on core 0; on a
     * multi-core SoC the load balancer moves a busy iperf3 thread off it, so streams go to the other cores
     * first (no migration is modelled).
     */
    int core(int i) {
        if (o.serverAffinity() >= 0) return o.serverAffinity();
        return cores == 1 ? 0 : 1 + i % (cores - 1);
    }
}
