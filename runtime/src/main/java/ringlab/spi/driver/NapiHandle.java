package ringlab.spi.driver;

/** A NAPI instance as features see it: schedule it, poll it step by step, time it. */
public interface NapiHandle {
    /** napi_schedule (a no-op that marks "missed" if already scheduled). */
    void schedule();

    boolean isScheduled();

    int weight();

    /** Starts one poll (the driver's poll function) with this budget. */
    void beginPoll(Exec x, int budget);

    /** One step of the poll; false when the poll returned. */
    boolean pollStep(Exec x);

    /** What the finished poll returned. */
    int workDone();

    /** An hrtimer on the NAPI's core that calls back in hard IRQ context (napi_watchdog). */
    HrTimer hrtimer(Runnable callback);
}
