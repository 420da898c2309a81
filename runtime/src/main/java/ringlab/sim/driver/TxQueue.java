package ringlab.sim.driver;

import ringlab.sim.cpu.Core;

/** The stack side of a device's tx queue, as the driver sees it: netif_stop_queue / netif_wake_queue. */
public interface TxQueue {
    void stop();

    /** Restarts a stopped queue and schedules the qdisc to run (NET_TX softirq). */
    void wake(Core core);

    boolean stopped();
}
