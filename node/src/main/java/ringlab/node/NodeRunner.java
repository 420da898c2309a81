package ringlab.node;

/** The scenario the node runs continuously, paced to wall-clock time. */
public interface NodeRunner {
    /**
     * The last snapshot taken after an advance of virtual time: the scenario, the node's own
     * bookkeeping and the simulation's status. Safe to call from any thread.
     */
    NodeStatus status();
}
