package ringlab.sim.driver;

import ringlab.spi.driver.Exec;
import ringlab.spi.driver.RxDelivery;
import ringlab.spi.driver.RxStack;
import ringlab.spi.net.Packet;

/** Stock delivery: netif_receive_skb for each packet as the poll reads it, so every layer starts cold. */
public final class PerPacketDelivery implements RxDelivery {
    @Override public void deliver(Exec x, Packet p, RxStack stack) { stack.receive(x, p, true); }

    @Override public void flush(Exec x, RxStack stack) { }

    @Override public int held() { return 0; }
}
