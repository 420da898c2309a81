/** netif_receive_skb_list as a poll's delivery: the poll's packets in one list, sublists split on a protocol change; pfmemalloc and orig_dev splits are not modelled. */
package ringlab.feature.batchedrx;

import java.util.LinkedHashMap;
import java.util.Map;
import ringlab.spi.driver.Exec;
import ringlab.spi.driver.RxDelivery;
import ringlab.spi.driver.RxStack;
import ringlab.spi.net.Packet;

/**
 * The driver gathers what one poll received into a list (intrusive, through {@link Packet#next}) and
 * hands it to netif_receive_skb_list before napi_complete_done. __netif_receive_skb_list_core groups
 * consecutive packets with the same protocol handler into a sublist and walks each layer once per
 * sublist, so the layers' code is cold in the I-cache only for a sublist's first packet. The sublist
 * key here is the IP protocol (TCP, UDP, ICMP): a protocol change starts a new, cold sublist.
 */
public final class ListDelivery implements RxDelivery {
    private Packet head, tail;
    private int held;
    private long lists, sublists, packets;

    @Override
    public void deliver(Exec x, Packet p, RxStack stack) {
        p.next = null;
        if (tail == null) head = p; else tail.next = p;
        tail = p;
        held++;
    }

    @Override
    public void flush(Exec x, RxStack stack) {
        Packet p = head;
        if (p == null) return;
        head = tail = null;
        held = 0;
        lists++;
        int proto = -1;
        while (p != null) {
            Packet n = p.next;
            p.next = null;
            boolean cold = p.proto != proto;
            if (cold) sublists++;
            proto = p.proto;
            packets++;
            stack.receive(x, p, cold);
            p = n;
        }
    }

    @Override
    public int held() { return held; }

    /** netif_receive_skb_list calls, sublists walked and packets delivered. */
    public Map<String, Long> counters() {
        Map<String, Long> m = new LinkedHashMap<>();
        m.put("rx_list_calls", lists);
        m.put("rx_sublists", sublists);
        m.put("rx_list_packets", packets);
        return m;
    }
}
