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
 * hands it to netif_receive_skb_list ({@link RxStack#receiveList}) before napi_complete_done, whose
 * sublists find each layer's code cold in the I-cache only for their first packet.
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
        packets += held;
        held = 0;
        lists++;
        sublists += stack.receiveList(x, p);
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
