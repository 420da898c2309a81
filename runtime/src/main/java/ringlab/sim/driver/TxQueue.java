package ringlab.sim.driver;

import ringlab.sim.cpu.Core;

/**
 * The stack side of a device's tx queue as the driver sees it: netif_stop_queue / netif_wake_queue for
 * a full ring (DRIVER, __QUEUE_STATE_DRV_XOFF) and the byte limit's stop (STACK, __QUEUE_STATE_STACK_XOFF).
 */
public interface TxQueue {
    int DRIVER = 1, STACK = 2;

    void stop(int reason);

    /** Clears the reason; once no reason is left the qdisc is scheduled to run (NET_TX softirq). */
    void wake(Core core, int reason);

    boolean stopped(int reason);
}
