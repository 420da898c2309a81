package ringlab.node;

import java.util.Map;

/** The scenario the node runs continuously, paced to wall-clock time. */
public interface NodeRunner {
    /**
     * The last snapshot taken after an advance of virtual time: the scenario, the node's own
     * bookkeeping and the simulation's status. Safe to call from any thread.
     */
    Map<String, Object> status();

    /** The main figures now and their recent history. */
    Map<String, Object> metrics();

    /** Quarantined feature ids and why. */
    Map<String, String> quarantined();
}
