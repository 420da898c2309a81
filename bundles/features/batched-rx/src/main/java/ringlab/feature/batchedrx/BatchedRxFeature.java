/** netif_receive_skb_list: a poll's packets go up the stack as one list, so each layer's code is cold only for the first of each sublist; no tunables (the kernel has none). */
package ringlab.feature.batchedrx;

import aQute.bnd.annotation.spi.ServiceProvider;
import java.util.List;
import org.osgi.service.component.annotations.Component;
import ringlab.spi.feature.Counter;
import ringlab.spi.feature.DriverFeature;
import ringlab.spi.feature.DriverHooks;

/** netif_receive_skb_list: a poll's packets go up the stack as one list, so each layer's code is cold only for the first. */
@Component(service = DriverFeature.class)
@ServiceProvider(DriverFeature.class)
public final class BatchedRxFeature implements DriverFeature {
    @Override public String id() { return "batched-rx"; }

    @Override public String summary() { return "netif_receive_skb_list: a poll's packets go up the stack as one list, so each layer's code is cold only for the first"; }

    @Override
    public List<Counter> counters() {
        return List.of(
                Counter.count("rx_list_calls", "calls", "netif_receive_skb_list calls: one per poll that delivered packets"),
                Counter.count("rx_sublists", "lists", "sublists passed up (a protocol change starts a new one); each pays the layers cold once"),
                Counter.count("rx_list_packets", "packets", "packets passed up in lists"));
    }

    @Override
    public void install(DriverHooks hooks) {
        ListDelivery d = new ListDelivery();
        hooks.rxDelivery(d);
        hooks.counters(id(), d::counters);
    }
}
