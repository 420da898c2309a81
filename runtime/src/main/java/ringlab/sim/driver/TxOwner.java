package ringlab.sim.driver;

import ringlab.sim.cpu.Core;

/** A socket charged for an skb until the driver frees it after transmission (sock_wfree). */
public interface TxOwner {
    void txFreed(Core core, int truesize);
}
