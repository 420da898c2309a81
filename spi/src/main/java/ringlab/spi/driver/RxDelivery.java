package ringlab.spi.driver;

import org.osgi.annotation.versioning.ConsumerType;
import ringlab.spi.net.Packet;

/**
 * How a poll hands received packets to the stack. Stock: netif_receive_skb per packet, every layer cold.
 * batched-rx gathers the poll's packets into a list; gro merges flows. Whatever is held must be handed
 * over (or counted) by {@link #flush}, which the driver calls before the poll returns.
 */
@ConsumerType
public interface RxDelivery {
    void deliver(Exec x, Packet p, RxStack stack);

    /** End of the poll (before napi_complete_done): deliver everything still held. */
    void flush(Exec x, RxStack stack);

    /** Packets held right now, a GRO-merged one counting for each segment it carries (for the accounting of in-flight packets). */
    int held();
}
