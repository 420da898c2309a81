package ringlab.sim.cpu;

import java.util.ArrayDeque;

/**
 * A softirq action that works through a per-CPU list of items queued before the pass (net_tx_action's
 * output_queue, tasklet_action's tasklet list): the pass takes the list as it stands at its start, one item
 * per step; items queued meanwhile wait for the next pass, which queueing raises.
 */
public abstract class QueuedSoftirq<T> implements SoftirqHandler {
    private final int nr;
    private final ArrayDeque<T> queued = new ArrayDeque<>();
    private final ArrayDeque<T> running = new ArrayDeque<>();

    protected QueuedSoftirq(Core core, int nr) {
        this.nr = nr;
        core.setSoftirqHandler(nr, this);
    }

    /** Queues an item and raises the softirq on core c (from interrupt context: pending until IRQ exit or the pass). */
    protected final void queue(Core c, T item) {
        queued.add(item);
        if (c.inInterrupt()) c.raiseSoftirqIrqoff(nr); else c.raiseSoftirq(nr);
    }

    /** The action for one item. */
    protected abstract void run(Core c, T item);

    @Override
    public final void begin(Core c) {
        running.addAll(queued);
        queued.clear();
    }

    @Override
    public final boolean step(Core c) {
        T item = running.poll();
        if (item != null) run(c, item);
        return !running.isEmpty();
    }
}
