/** gro_normal_one / gro_normal_list: what GRO passes up waits in napi->rx_list and goes to netif_receive_skb_list in batches; sublists split on a protocol change (pfmemalloc and orig_dev splits not modelled). */
package ringlab.feature.gro;

import ringlab.spi.driver.Exec;
import ringlab.spi.driver.RxStack;
import ringlab.spi.net.Packet;

/**
 * napi->rx_list: packets (merged or not) are appended; once rx_count (segments, as since Linux 5.10)
 * reaches gro_normal_batch the list is delivered, the first packet of each protocol sublist with cold
 * layers and the rest warm. The poll's end delivers what is left.
 */
final class NormalList {
    private final int batch;
    private Packet head, tail;
    private int count, packets;
    long lists, sublists, delivered;

    NormalList(int batch) { this.batch = batch; }

    /** gro_normal_one(napi, skb, segs). */
    void add(Exec x, Packet p, RxStack stack) {
        p.next = null;
        if (tail == null) head = p; else tail.next = p;
        tail = p;
        packets++;
        count += p.segs;
        if (count >= batch) deliver(x, stack);
    }

    /** gro_normal_list: netif_receive_skb_list_internal of everything queued. */
    void deliver(Exec x, RxStack stack) {
        Packet p = head;
        if (p == null) return;
        head = tail = null;
        delivered += packets;
        count = packets = 0;
        lists++;
        sublists += stack.receiveList(x, p);
    }

    /** Segments queued (a merged packet counts for each one it carries, as the ledger does). */
    int held() { return count; }
}
