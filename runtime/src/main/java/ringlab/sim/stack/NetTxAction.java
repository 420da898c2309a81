package ringlab.sim.stack;

import java.util.ArrayDeque;
import ringlab.sim.cpu.Core;
import ringlab.sim.cpu.SoftirqHandler;

/** net_tx_action: runs the qdiscs of devices scheduled by __netif_schedule on this core, one per step. */
public final class NetTxAction implements SoftirqHandler {
    private final ArrayDeque<NetDev> list = new ArrayDeque<>();
    private final ArrayDeque<NetDev> running = new ArrayDeque<>();

    public NetTxAction(Core core) { core.setSoftirqHandler(Core.NET_TX, this); }

    void schedule(Core c, NetDev dev) {
        list.add(dev);
        if (c.inInterrupt()) c.raiseSoftirqIrqoff(Core.NET_TX); else c.raiseSoftirq(Core.NET_TX);
    }

    @Override
    public void begin(Core core) {
        running.addAll(list);
        list.clear();
    }

    @Override
    public boolean step(Core core) {
        NetDev d = running.poll();
        if (d != null) d.run(core);
        return !running.isEmpty();
    }
}
