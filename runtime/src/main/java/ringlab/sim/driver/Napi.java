package ringlab.sim.driver;

import ringlab.sim.cpu.Core;
import ringlab.sim.cpu.Timers;
import ringlab.spi.driver.Exec;
import ringlab.spi.driver.HrTimer;
import ringlab.spi.driver.NapiHandle;
import ringlab.spi.driver.NapiRunner;

/**
 * A NAPI instance (struct napi_struct): scheduled from the ISR, polled with a budget where its runner
 * says (the NET_RX softirq poll list, or a kernel thread), completed by the driver. A schedule while
 * already scheduled only marks it missed, which makes napi_complete_done keep it scheduled.
 */
public final class Napi implements NapiHandle {
    /** The driver's poll function as a stepped activity. */
    public interface Poller {
        void begin(Core core, int budget);

        boolean step(Core core);

        int workDone();
    }

    public final String name;
    public final int weight;
    final Poller poller;
    private final Core core;
    private NapiRunner runner;
    /** The runner when the current poll began. */
    private NapiRunner pollRunner;
    boolean scheduled;
    boolean missed;
    Napi nextInList;
    long polls, workTotal, completes, missedCount;

    public Napi(String name, int weight, Poller poller, Core core, NapiRunner runner) {
        this.name = name;
        this.weight = weight;
        this.poller = poller;
        this.core = core;
        this.runner = runner;
    }

    public void setRunner(NapiRunner r) { this.runner = r; }

    public NapiRunner runner() { return runner; }

    @Override
    public void schedule() {
        if (scheduled) {
            missed = true;
            missedCount++;
            return;
        }
        scheduled = true;
        runner.scheduled(this);
    }

    /** napi_complete_done's core: false if it must stay scheduled (a schedule was missed meanwhile). */
    @Override
    public boolean completeDone(int work) {
        completes++;
        if (missed) {
            missed = false;
            return false;
        }
        scheduled = false;
        return true;
    }

    @Override public boolean isScheduled() { return scheduled; }

    @Override public int weight() { return weight; }

    @Override public void beginPoll(Exec x, int budget) {
        pollRunner = runner;
        poller.begin((Core) x, budget);
    }

    /**
     * One step of the poll; when the poll returns, it is counted (polls and packets for softnet-style stats).
     * If a reconfiguration at the poll's start moved the instance to another runner (threaded on or off) and
     * it is still scheduled, the new runner gets it (the old one must not poll it again).
     */
    @Override public boolean pollStep(Exec x) {
        if (poller.step((Core) x)) return true;
        polled(poller.workDone());
        if (runner != pollRunner && scheduled) runner.scheduled(this);
        pollRunner = runner;
        return false;
    }

    @Override public int workDone() { return poller.workDone(); }

    private void polled(int work) {
        polls++;
        workTotal += work;
    }

    @Override
    public HrTimer hrtimer(Runnable callback) {
        Timers.Timer t = core.cpu().timers().hrtimer(core, (c, tm) -> callback.run(), this);
        return new HrTimer() {
            @Override public void start(long delayNs) { t.arm(core.cpu().now() + delayNs); }

            @Override public void cancel() { t.cancel(); }

            @Override public boolean active() { return t.armed(); }
        };
    }

    public long polls() { return polls; }

    public long workTotal() { return workTotal; }

    public long completes() { return completes; }
}
