package ringlab.sim.stack;

import ringlab.sim.cpu.Core;
import ringlab.sim.cpu.QueuedSoftirq;

/** net_tx_action: runs the qdiscs of devices scheduled by __netif_schedule on this core, one per step. */
public final class NetTxAction extends QueuedSoftirq<NetDev> {
    public NetTxAction(Core core) { super(core, Core.NET_TX); }

    void schedule(Core c, NetDev dev) { queue(c, dev); }

    @Override
    protected void run(Core c, NetDev d) { d.run(c); }
}
