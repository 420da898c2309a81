package ringlab.node;

import java.util.List;
import java.util.Optional;

/**
 * A/B experiments: two batch simulations of one board, workload and seed with two feature sets, run one
 * after the other beside the node's live simulation (on a low-priority thread of their own, never touching
 * the live one). Each side runs exactly as {@code ringlab run} would (the same report, byte for byte): the
 * features' tunables at their defaults and the board's stock settings, not the live node's tunables.
 * Experiments are kept in memory only, the last {@link #HISTORY} of them.
 */
public interface Experiments {
    /** Finished experiments kept (queued and running ones are never dropped). */
    int HISTORY = 20;
    /** Experiments that may wait behind the running one; one more is refused. */
    int MAX_QUEUED = 4;
    /** The longest test (iperf3 -t), virtual seconds. */
    int MAX_SECONDS = 120;

    /**
     * Validates a request as a whole (board installed, both feature lists resolve on it, the iperf3
     * arguments parse, seconds in range) and queues it. A refused request throws IllegalArgumentException
     * with one line naming the problem, and nothing runs; {@link BusyException} when the queue is full or the
     * node is stopping (the same request may succeed later).
     */
    Experiment submit(ExperimentRequest request);

    /** The experiments kept, newest first. */
    List<Experiment> list();

    Optional<Experiment> find(long id);

    /**
     * The full iperf3 -J document of one side ("a" or "b") of a finished experiment, with the "ringlab"
     * key, exactly as {@code ringlab run --json} prints it; empty if there is no such experiment or side
     * or it has not finished.
     */
    Optional<String> report(long id, Experiment.Side side);
}
