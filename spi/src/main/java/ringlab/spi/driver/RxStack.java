package ringlab.spi.driver;

import org.osgi.annotation.versioning.ProviderType;
import ringlab.spi.net.Packet;

/** The stack's receive entry, as a delivery strategy sees it (netif_receive_skb and its list form). */
// the runtime's stack: strategies call it, plug-ins do not implement it
@ProviderType
public interface RxStack {
    /** One packet through L2..L4; cold = the layers' code is not in the I-cache (first of a batch). */
    void receive(Exec x, Packet p, boolean cold);

    /**
     * netif_receive_skb_list of a list linked through {@link Packet#next}: __netif_receive_skb_list_core
     * groups consecutive packets with the same protocol handler into a sublist and walks each layer once
     * per sublist, so the layers' code is cold only for a sublist's first packet (the key here is the IP
     * protocol; pfmemalloc and orig_dev splits are not modelled). Returns the sublists walked.
     */
    default int receiveList(Exec x, Packet head) {
        int sublists = 0, proto = -1;
        for (Packet p = head; p != null; ) {
            Packet n = p.next;
            p.next = null;
            boolean cold = p.proto != proto;
            if (cold) sublists++;
            proto = p.proto;
            receive(x, p, cold);
            p = n;
        }
        return sublists;
    }

    /**
     * GRO merged absorbed into a held packet of its flow (skb_gro_receive + napi_skb_free_stolen_head): the
     * absorbed object leaves the rx path; its segment, buffer and truesize live on in the held packet, whose
     * free releases one head and buffer per segment. Stacks that never see GRO need not implement it.
     */
    default void merged(Exec x, Packet absorbed) {
        throw new UnsupportedOperationException("this RxStack does not take GRO-merged packets");
    }
}
