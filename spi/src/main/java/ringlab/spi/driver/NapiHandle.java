package ringlab.spi.driver;

import org.osgi.annotation.versioning.ProviderType;

/** A NAPI instance as features see it: schedule it, poll it step by step, time it. */
@ProviderType
public interface NapiHandle {
    /** napi_schedule (a no-op that marks "missed" if already scheduled). */
    void schedule();

    boolean isScheduled();

    int weight();

    /** Starts one poll (the driver's poll function) with this budget. */
    void beginPoll(Exec x, int budget);

    /** One step of the poll; false when the poll returned. */
    boolean pollStep(Exec x);

    /**
     * The state change of napi_complete_done: clears "scheduled", unless a schedule was missed during the
     * poll (then it stays scheduled, to be polled again, and this returns false). A {@link NapiCompletion}
     * calls it once per completion and adds its own decision (keep the IRQ masked) on top.
     */
    boolean completeDone(int work);

    /** What the finished poll returned. */
    int workDone();

    /** An hrtimer on the NAPI's core that calls back in hard IRQ context (napi_watchdog). */
    HrTimer hrtimer(Runnable callback);
}
