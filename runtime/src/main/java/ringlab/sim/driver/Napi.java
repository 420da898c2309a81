package ringlab.sim.driver;

import ringlab.sim.cpu.Core;

/**
 * A NAPI instance (struct napi_struct): scheduled from the ISR, polled with a budget in NET_RX softirq
 * (or by a thread when threaded), completed by the driver. A schedule while already scheduled only
 * marks it missed, which makes napi_complete_done reschedule instead of completing.
 */
public final class Napi {
    /** The driver's poll function as a stepped activity. */
    public interface Poller {
        /** Starts a poll with this budget. */
        void begin(Core core, int budget);
        /** One step of the poll; false when the poll returned. */
        boolean step(Core core);
        /** What the finished poll returned (rx packets handled, at most the budget). */
        int workDone();
    }

    /** Where a scheduled NAPI goes: the softirq poll list of a core, or a kernel thread. */
    public interface Scheduler { void schedule(Napi napi); }

    public final String name;
    public final int weight;
    final Poller poller;
    private Scheduler scheduler;
    boolean scheduled;
    boolean missed;
    Napi nextInList;
    long polls, workTotal, completes, missedCount;

    public Napi(String name, int weight, Poller poller, Scheduler scheduler) {
        this.name = name;
        this.weight = weight;
        this.poller = poller;
        this.scheduler = scheduler;
    }

    public void setScheduler(Scheduler s) { this.scheduler = s; }

    /** napi_schedule: true if it was newly scheduled. */
    public boolean schedule() {
        if (scheduled) {
            missed = true;
            missedCount++;
            return false;
        }
        scheduled = true;
        scheduler.schedule(this);
        return true;
    }

    /** napi_complete_done: false if it must stay scheduled (a schedule was missed meanwhile). */
    public boolean completeDone(int work) {
        completes++;
        if (missed) {
            missed = false;
            return false; // stays scheduled; the poll loop polls it again
        }
        scheduled = false;
        return true;
    }

    public boolean isScheduled() { return scheduled; }

    public Poller poller() { return poller; }

    public long polls() { return polls; }

    public long workTotal() { return workTotal; }

    void polled(int work) { polls++; workTotal += work; }
}
