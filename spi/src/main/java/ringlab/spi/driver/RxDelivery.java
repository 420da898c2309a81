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

    /** End of the poll (napi_gro_flush(napi, false), then gro_normal_list): deliver everything still held. */
    void flush(Exec x, RxStack stack);

    /**
     * End of a poll that keeps young packets (napi_gro_flush(napi, true), then gro_normal_list): when
     * napi_complete_done runs with a gro_flush_timeout in force, or a full-budget poll ends on a kernel with
     * HZ &gt;= 1000, packets held for merging since the current jiffy stay held for the next poll; the rest
     * goes up. A strategy that holds nothing across polls delivers everything, as {@link #flush} (the default).
     */
    default void flushOld(Exec x, RxStack stack) {
        flush(x, stack);
    }

    /** Packets held right now, a GRO-merged one counting for each segment it carries (for the accounting of in-flight packets). */
    int held();
}
