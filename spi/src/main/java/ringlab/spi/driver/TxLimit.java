package ringlab.spi.driver;

import org.osgi.annotation.versioning.ConsumerType;

/**
 * The byte queue limit between qdisc and hardware (netdev_tx_sent_queue / netdev_tx_completed_queue).
 * Stock: none (the ring alone limits, and the qdisc dequeues one packet at a time). bql ports DQL.
 */
@ConsumerType
public interface TxLimit {
    /** Bytes handed to the hardware; false if the queue must stop now (__QUEUE_STATE_STACK_XOFF). */
    boolean sent(Exec x, int bytes);

    /** A reclaim pass completed packets/bytes; true if a stopped queue may restart. */
    boolean completed(Exec x, int packets, int bytes);

    /** dql_avail: bytes the qdisc may bulk-dequeue now; 0 or less means one packet per dequeue. */
    int avail();

    /** netdev_tx_reset_queue (device stop/open). */
    void reset();

    default java.util.Map<String, Long> counters() { return java.util.Map.of(); }
}
