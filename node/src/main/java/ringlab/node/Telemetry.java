package ringlab.node;

import java.util.List;
import java.util.function.Consumer;

/** The live figures of the node's running simulation: a bounded history of samples and a feed of new ones. */
public interface Telemetry {
    /** Samples with {@code seq > after} still kept, oldest first (0 for all of them). */
    List<Sample> since(long after);

    /** The sequence number of the newest sample, 0 before the first. */
    long lastSeq();

    /** How many samples are kept. */
    int capacity();

    /**
     * Calls {@code listener} with every new sample, on the runner's thread: it must return quickly and
     * never block. Closing the returned handle stops the calls.
     */
    AutoCloseable subscribe(Consumer<Sample> listener);
}
