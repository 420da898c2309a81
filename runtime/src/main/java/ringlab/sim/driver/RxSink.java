package ringlab.sim.driver;

import ringlab.sim.cpu.Core;
import ringlab.sim.net.Packet;

/** Where the driver hands received packets: the stack's netif_receive_skb (per packet, cold or warm I-cache). */
public interface RxSink {
    void receive(Core core, Packet p, boolean cold);
}
