package ringlab.spi.driver;

import ringlab.spi.net.Packet;

/** The stack's receive entry, as a delivery strategy sees it (netif_receive_skb and its list form). */
public interface RxStack {
    /** One packet through L2..L4; cold = the layers' code is not in the I-cache (first of a batch). */
    void receive(Exec x, Packet p, boolean cold);
}
