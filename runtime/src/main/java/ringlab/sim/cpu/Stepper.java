package ringlab.sim.cpu;

/**
 * A piece of kernel or user work executed as a sequence of steps. A step runs its logic at once, charges
 * its cycles to the core, and the core stays busy for that long; effects inside a step can be timed with
 * {@link Core#stepNow()}. Preemption happens between the start and end of a step by freezing its remainder.
 */
public interface Stepper {
    /** Runs one step; returns false if this was the last one. */
    boolean step(Core core);
}
