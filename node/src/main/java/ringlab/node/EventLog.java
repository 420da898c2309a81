package ringlab.node;

import java.util.List;
import java.util.function.Consumer;

/**
 * The node's event log: changes requested, applied and refused, bundles coming and going, boards and
 * features rejected, quarantines and restarts. Bounded: the oldest events are dropped first.
 */
public interface EventLog {
    /** Events with {@code seq > after}, oldest first (0 for everything still kept). */
    List<NodeEvent> since(long after);

    /**
     * Records an event (for the node's own components, such as the web console's refusal of a jar in
     * the deploy folder, which no request answers) and hands it to the subscribers.
     */
    NodeEvent record(NodeEvent.Kind kind, String subject, String message);

    /** The sequence number of the newest event, 0 before the first. */
    long lastSeq();

    /**
     * Calls {@code listener} with every event recorded from now on, on the recording thread: it must
     * return quickly and never block. Closing the returned handle stops the calls.
     */
    AutoCloseable subscribe(Consumer<NodeEvent> listener);
}
