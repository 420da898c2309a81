package ringlab.sim.qdisc;

import ringlab.spi.net.Packet;

/** A transmit queueing discipline. Enqueue may refuse (the caller counts the drop); dequeue may drop (CoDel). */
public interface Qdisc {
    /** Queues p, or returns false if it is refused (the caller owns and drops it). */
    boolean enqueue(Packet p, long now);

    /** The next packet to send, or null. */
    Packet dequeue(long now);

    /** Packets queued. */
    int backlog();

    /** Bytes queued. */
    long backlogBytes();

    /** Drops the qdisc made itself on dequeue (CoDel) or to make room (fq_codel's fat-flow drop). */
    default long internalDrops() { return 0; }

    String kind();
}
