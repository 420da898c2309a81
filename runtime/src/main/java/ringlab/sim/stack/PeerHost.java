package ringlab.sim.stack;

import java.util.ArrayList;
import java.util.SplittableRandom;
import ringlab.sim.engine.EventHandler;
import ringlab.sim.engine.Sim;
import ringlab.sim.net.Ledger;
import ringlab.spi.net.Packet;
import ringlab.sim.nic.Link;
import ringlab.sim.nic.Port;
import ringlab.sim.tcp.TcpConnection;
import ringlab.sim.tcp.TcpHost;

/**
 * The ideal peer: a fast Linux host whose CPU costs nothing. It transmits onto its link through a
 * FIFO of txqueuelen packets (tail drop: "peer_txqueue_drop") and receives without loss, through its NIC's
 * interrupt throttling and GRO ({@link PeerRxPoll}), so its TCP receiver acknowledges merged skbs. Each frame it sends
 * leaves after a seeded delay of up to {@link #TX_JITTER_NS}, standing for the fast host's own interrupt
 * and softirq timing, so that runs are not phase-locked to the device's tick grid; its applications
 * are plain callbacks. Its TCP senders obey TCP small queues (tcp_small_queue_check): a connection's
 * bytes not yet off the wire are limited to about 1 ms at its pacing rate (2 x cwnd / srtt in slow
 * start, 1.2 x after), at least two skbs and at most tcp_limit_output_bytes (1 MB), so a real Linux
 * sender never overflows its own txqueue in slow start.
 */
public final class PeerHost implements Port, TcpHost {
    /** A peer application receiving UDP or ICMP. */
    public interface DatagramSink { void datagram(Packet p, long now); }

    static final boolean TRACE = Boolean.getBoolean("ringlab.trace");
    /** Up to 2 us between the peer deciding to send and the frame starting on the wire (uniform, seeded). */
    public static final long TX_JITTER_NS = 2_000;
    public final int addr;
    private final Sim sim;
    private final Ledger ledger;
    private final int txqueuelen;
    private final PeerRxPoll rx;
    private Link link;
    private final ArrayList<TcpConnection> tcp = new ArrayList<>();
    private DatagramSink udpSink, icmpSink;
    private final long[] txDrops, noSocket;
    private boolean dropFlag;
    private long framesIn, framesOut;
    /** Frames handed to the txqueue whose last bit has not left yet. */
    private int queued;
    /** A frame has left the wire's transmitter: one less in the txqueue, and TCP small queues credit. */
    private final Link.TxDone txDone = (tag, now) -> {
        queued--;
        if (tag instanceof PeerTimers t) t.txCompleted();
    };

    /**
     * @param rxUsecsNs the peer NIC's interrupt throttling interval (--set peer_rx_usecs), ns; 0 = an interrupt
     *                  and a poll per frame
     */
    public PeerHost(int addr, Sim sim, Ledger ledger, int txqueuelen, long rxUsecsNs) {
        this.addr = addr;
        this.sim = sim;
        this.ledger = ledger;
        this.txqueuelen = txqueuelen;
        this.rx = new PeerRxPoll(sim, ledger, rxUsecsNs, this::input);
        this.txDrops = ledger.counter("peer_txqueue_drop");
        this.noSocket = ledger.counter("peer_no_socket");
    }

    public void connect(Link out) {
        this.link = out;
        out.onTxDone(txDone);
    }

    public void attach(TcpConnection c, Runnable onWritable, Runnable onReadable) {
        tcp.add(c);
        c.setHostState(new PeerTimers(c, onWritable, onReadable));
    }

    public void onUdp(DatagramSink s) { this.udpSink = s; }

    public void onIcmp(DatagramSink s) { this.icmpSink = s; }

    /** Sends a packet built by a peer application (counted as sent when created with {@link #newPacket()}). */
    public void send(Packet p) {
        long now = sim.now();
        if (queued >= txqueuelen) { // pfifo_fast's limit counts packets, whatever their size
            ledger.drop(p, txDrops);
            return;
        }
        framesOut++;
        p.flowHash = FlowHash.of(p);
        queued++;
        link.send(p, now + jitter(sim.rng()), sending);
        sending = null;
    }

    /**
     * rng.nextLong(TX_JITTER_NS), spelled out: the JDK's bounded draw (RandomSupport.boundedNextLong, the
     * rejection loop below) divides by a variable bound, a 64-bit division for every frame the peer sends;
     * with the constant bound the JIT multiplies instead. The same draws (PeerHostJitterTest).
     */
    static long jitter(SplittableRandom rng) {
        final long m = TX_JITTER_NS - 1;
        long r;
        for (long u = rng.nextLong() >>> 1; u + m - (r = u % TX_JITTER_NS) < 0L; u = rng.nextLong() >>> 1) {
            // rejected: u was in the over-represented tail
        }
        return r;
    }

    /** The TCP connection whose segment send() is putting on the wire (for TSQ), or null. */
    private PeerTimers sending;

    @Override
    public void frameArrived(Packet p) {
        if (TRACE) System.out.println(sim.now() + " peer<- " + p);
        framesIn++;
        rx.land(p);
    }

    /** The protocol input of one frame, or of a TCP skb the peer's GRO merged. */
    private void input(Packet p) {
        long now = sim.now();
        switch (p.proto) {
            case Packet.TCP -> {
                TcpConnection c = find(p);
                if (c == null) { ledger.drop(p, noSocket); return; }
                dropFlag = false;
                int segs = p.segs; // input may free p and reuse the object for an ACK
                c.input(p);
                if (!dropFlag) ledger.delivered(segs);
            }
            case Packet.UDP -> {
                if (udpSink == null) { ledger.drop(p, noSocket); return; }
                ledger.delivered(p);
                udpSink.datagram(p, now);
                ledger.release(p);
            }
            default -> {
                if (icmpSink == null) { ledger.drop(p, noSocket); return; }
                ledger.delivered(p);
                icmpSink.datagram(p, now);
                ledger.release(p);
            }
        }
    }

    private TcpConnection find(Packet p) {
        for (int i = 0, n = tcp.size(); i < n; i++) {
            TcpConnection t = tcp.get(i);
            if (t.localPort == p.dport && t.remotePort == p.sport) return t;
        }
        return null;
    }

    public Link link() { return link; }

    public long framesIn() { return framesIn; }

    public long framesOut() { return framesOut; }

    /** Frames landed in the NIC's ring and not yet polled (in flight for the ledger). */
    public int rxPending() { return rx.pending(); }

    // ------------------------------------------------------------------ TcpHost

    @Override public long now() { return sim.now(); }

    @Override public Packet newPacket() { return ledger.create(sim.now()); }

    @Override public void output(TcpConnection c, Packet p) {
        long before = framesOut;
        PeerTimers t = state(c);
        int bytes = p.frameBytes() + TcpSmallQueues.SKB_OVERHEAD;
        sending = t; // tx completion (the skb freed when the frame has left) is reported by the link
        send(p);
        sending = null;
        if (framesOut == before) return; // tail-dropped: nothing queued
        t.tsqBytes += bytes;
        t.push(bytes);
    }

    @Override public boolean smallQueueFull(TcpConnection c) {
        PeerTimers t = state(c);
        if (t.tsqBytes <= t.tsqLimit.get(c)) return false;
        t.tsqThrottled = true;
        return true;
    }

    @Override public void armTimer(TcpConnection c, int timer, long at) { state(c).arm(timer, at); }

    @Override public void readable(TcpConnection c) {
        Runnable r = state(c).reader;
        if (r != null) r.run();
    }

    @Override public void writable(TcpConnection c) {
        Runnable r = state(c).writer;
        if (r != null) r.run();
    }

    @Override public void free(Packet p) { ledger.release(p); }

    /** A drop in the peer's TCP: "peer_" and the reason, so the device's nstat names count only the device's. */
    @Override public void drop(Packet p, String reason) {
        dropFlag = true;
        ledger.drop(p, "peer_" + reason);
    }

    private static PeerTimers state(TcpConnection c) { return (PeerTimers) c.hostState(); }

    /**
     * A peer connection's state, attached to it: the application's callbacks, TCP small queues' bytes and
     * exact-time timers (the host is ideal: no jiffies, no timer softirq).
     */
    private final class PeerTimers implements EventHandler {
        final TcpConnection c;

        /** Bytes of this connection queued or on the wire (sk_wmem_alloc), and each skb's share in order. */
        long tsqBytes;
        boolean tsqThrottled;
        private int[] pending = new int[64]; // a FIFO of the queued skbs' sizes (frames leave in order); a power of two
        private int head, count;

        void push(int bytes) {
            if (count == pending.length) {
                int[] n = new int[count * 2];
                for (int i = 0; i < count; i++) n[i] = pending[(head + i) & (pending.length - 1)];
                pending = n;
                head = 0;
            }
            pending[(head + count++) & (pending.length - 1)] = bytes;
        }

        int pop() {
            int b = pending[head];
            head = (head + 1) & (pending.length - 1);
            count--;
            return b;
        }

        final Runnable writer, reader;
        final TcpSmallQueues.Limit tsqLimit;

        PeerTimers(TcpConnection c, Runnable writer, Runnable reader) {
            this.c = c;
            this.writer = writer;
            this.reader = reader;
            this.tsqLimit = new TcpSmallQueues.Limit(c.config().mss);
        }

        void arm(int timer, long at) { sim.at(at, this, timer, null); }

        @Override public void onEvent(int kind, Object arg, long now) { c.onTimer(kind); }

        void txCompleted() {
            tsqBytes -= pop();
            if (tsqThrottled) {
                tsqThrottled = false;
                c.txCompleted();
            }
        }
    }
}
