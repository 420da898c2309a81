package ringlab.sim.driver;

import ringlab.spi.board.CostKey;
import ringlab.sim.cpu.Core;
import ringlab.sim.cpu.SoftirqHandler;
import ringlab.spi.driver.NapiHandle;
import ringlab.spi.driver.NapiRunner;

/**
 * net_rx_action: polls the core's NAPI list, each poll with the instance's full weight, within
 * netdev_budget (300 packets) and netdev_budget_usecs (2 jiffies), both checked only between polls.
 * An instance whose poll used its whole weight goes to the tail; leftovers re-raise NET_RX
 * (counted as time_squeeze, as in /proc/net/softnet_stat).
 */
public final class NetRxAction implements SoftirqHandler, NapiRunner {
    public static final int NETDEV_BUDGET = 300;

    private final Core core;
    private final long budgetNs;
    private Napi head, tail;
    private Napi polling;
    private int budget;
    private long timeLimit;
    private long processed, timeSqueeze;

    public NetRxAction(Core core, long jiffyNs) {
        this.core = core;
        this.budgetNs = 2 * jiffyNs;
        core.setSoftirqHandler(Core.NET_RX, this);
    }

    @Override
    public void scheduled(NapiHandle handle) {
        append((Napi) handle);
        if (core.cpu().running() == core && core.inInterrupt()) core.raiseSoftirqIrqoff(Core.NET_RX);
        else core.raiseSoftirq(Core.NET_RX);
    }

    private void append(Napi n) {
        n.nextInList = null;
        if (tail == null) head = n; else tail.nextInList = n;
        tail = n;
    }

    private Napi pop() {
        Napi n = head;
        if (n != null) {
            head = n.nextInList;
            if (head == null) tail = null;
            n.nextInList = null;
        }
        return n;
    }

    @Override
    public void begin(Core c) {
        budget = NETDEV_BUDGET;
        timeLimit = c.stepNow() + budgetNs;
        polling = null;
    }

    @Override
    public boolean step(Core c) {
        if (polling != null) {
            if (polling.pollStep(c)) return true;
            Napi n = polling;
            polling = null;
            int work = n.workDone();
            processed += work;
            budget -= work;
            // used its weight, or missed a schedule: poll again later (unless threaded NAPI took it over)
            if (n.scheduled && n.runner() == this) append(n);
            if (head != null && (budget <= 0 || c.stepNow() >= timeLimit)) {
                timeSqueeze++;
                c.raiseSoftirqIrqoff(Core.NET_RX);
                return false;
            }
        }
        Napi n = pop();
        if (n == null) return false;
        c.charge(CostKey.NAPI_POLL);
        polling = n;
        n.beginPoll(c, n.weight);
        return step(c);
    }

    public long processed() { return processed; }

    public long timeSqueeze() { return timeSqueeze; }
}
