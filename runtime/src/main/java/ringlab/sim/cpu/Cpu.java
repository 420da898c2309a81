package ringlab.sim.cpu;

import ringlab.sim.cost.CostProfile;
import ringlab.sim.engine.Sim;
import ringlab.spi.board.CostKey;
import ringlab.spi.board.Soc;

/** The SoC's cores, the timer subsystem, and "now" as seen from whatever step is executing. */
public final class Cpu {
    final Sim sim;
    final Timers timers;
    private final Core[] cores;
    /** The core whose step logic is executing right now, or null (the engine is between steps). */
    Core running;

    public Cpu(Sim sim, Soc soc, CostProfile costs) {
        this.sim = sim;
        this.timers = new Timers(this, soc.hz());
        this.cores = new Core[soc.cores()];
        for (int i = 0; i < cores.length; i++) {
            cores[i] = new Core(this, i, sim, costs, soc.clockHz(), soc.defersSoftirqToRunnableKsoftirqd(),
                    soc.irqTimeAccounting(), FairPolicy.forKernel(soc.kernelVersion(), soc.cores(), timers.jiffyNs()));
        }
    }

    public Core core(int i) { return cores[i]; }

    public int cores() { return cores.length; }

    /** Cycles charged per cost key (by ordinal) on all cores since the start: each key summed core by core. */
    public double[] keyCycles() {
        CostKey[] keys = CostKey.values();
        double[] v = new double[keys.length];
        for (CostKey k : keys) for (Core c : cores) v[k.ordinal()] += c.keyCycles(k);
        return v;
    }

    /** Time of the effect being computed: inside a step, the step's start plus what it has charged. */
    public long now() {
        Core r = running;
        return r != null ? r.stepNow() : sim.now();
    }

    /** The core executing a step, or null when called from a device or wire event. */
    public Core running() { return running; }

    public Timers timers() { return timers; }

    public Sim sim() { return sim; }

    /** Wakes a sleeping task (try_to_wake_up); the waker's core pays for it. */
    public void wake(Task t) { t.core.wake(t); }

    private final java.util.List<Task> tasks = new java.util.ArrayList<>();

    /** Records a task created asleep (kernel threads), for reports. */
    void register(Task t) { tasks.add(t); }

    /** Kernel threads created by features. */
    public java.util.List<Task> kthreads() { return tasks; }

    /** Makes a new task runnable on its core. */
    public void start(Task t) { t.core.start(t); }
}
