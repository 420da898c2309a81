package ringlab.sim.tcp;

import ringlab.sim.driver.SkbTruesize;
import ringlab.spi.net.Packet;

/**
 * What a TCP connection needs from the host it lives on. The device's host charges CPU cycles and runs
 * timers through its timer softirq; the ideal peer does everything instantly and for free.
 */
public interface TcpHost {

    /** Current virtual time in ns (on the device: the time within the running step). */
    long now();

    /** A fresh packet from the host's pool (addresses and ports are filled in by the connection). */
    Packet newPacket();

    /** A segment through tcp_v4_do_rcv, from the softirq or from the backlog at __sk_flush_backlog or release_sock (the host may account it). */
    default void process(TcpConnection c, Packet p) { c.input(p); }

    /** IP output of a segment built by the connection; ownership passes to the host. */
    void output(TcpConnection c, Packet p);

    /** Arms (or re-arms) a timer; the host calls {@link TcpConnection#onTimer(int)} at or after {@code at}. */
    void armTimer(TcpConnection c, int timer, long at);

    /** Data became readable on the connection (wake the reader). */
    void readable(TcpConnection c);

    /** Send buffer space became available (wake the writer). */
    void writable(TcpConnection c);

    /** Frees a packet the connection consumed (queued data read by the application, or a discarded segment). */
    void free(Packet p);

    /**
     * tcp_small_queue_check (TSQ): true while the host holds so many of this connection's bytes below TCP
     * (qdisc, device ring) that tcp_write_xmit must wait; the host then calls
     * {@link TcpConnection#txCompleted()} when a transmit completion frees room (tcp_tsq_handler).
     */
    default boolean smallQueueFull(TcpConnection c) { return false; }

    /**
     * tcp_collapse copies bytes of p's queued payload into a compact skb (skb_copy_bits): the device charges
     * the copy to the CPU that runs it; the ideal peer copies for free.
     */
    default void collapseCopy(Packet p, int bytes) { }

    /**
     * tcp_collapse's alloc_skb(bytes) for a compact skb; returns its truesize. The device charges the
     * allocation; the ideal peer only sizes it (with 64-byte cache lines).
     */
    default int collapseSkb(int bytes) { return SkbTruesize.allocSkb(bytes, 64); }

    /** Counts a packet dropped by TCP (e.g. receive queue over rcvbuf) in the run's ledger under reason. */
    void drop(Packet p, String reason);
}
