package ringlab.feature.bql;

import java.util.List;
import aQute.bnd.annotation.spi.ServiceProvider;
import org.osgi.service.component.annotations.Component;
import ringlab.spi.feature.Counter;
import ringlab.spi.feature.DriverFeature;
import ringlab.spi.feature.DriverHooks;
import ringlab.spi.feature.Tunable;

/** Byte Queue Limits: lib/dynamic_queue_limits.c between qdisc and ring; stops the queue at the limit and enables bulk dequeue. */
@Component(service = DriverFeature.class)
@ServiceProvider(DriverFeature.class)
public final class BqlFeature implements DriverFeature {
    static final String LIMIT_MIN = "limit_min", LIMIT_MAX = "limit_max", HOLD_TIME = "hold_time";

    @Override public String id() { return "bql"; }

    @Override public String summary() { return "Byte Queue Limits: lib/dynamic_queue_limits.c between qdisc and ring; stops the queue at the limit and enables bulk dequeue"; }

    /** /sys/class/net/DEV/queues/tx-0/byte_queue_limits/{limit_min,limit_max,hold_time}. */
    @Override
    public List<Tunable> tunables() {
        return List.of(
                new Tunable(LIMIT_MIN, "bytes", 0, 0, Dql.MAX_LIMIT, "byte_queue_limits/limit_min: the limit never shrinks below this"),
                new Tunable(LIMIT_MAX, "bytes", Dql.MAX_LIMIT, 0, Dql.MAX_LIMIT, "byte_queue_limits/limit_max: the limit never grows above this (DQL_MAX_LIMIT)"),
                new Tunable(HOLD_TIME, "ms", 1000, 0, 3_600_000, "byte_queue_limits/hold_time: how long the lowest slack is watched before the limit shrinks by it"));
    }

    /**
     * limit_min above limit_max is refused: each is in its own range, but together they leave DQL no limit to
     * settle on (the kernel's clamp would pin the limit at one end). The hook is the one every place that accepts
     * tunables asks before applying them (the CLI's --set, the node's PUT of tunables and its experiments), so the
     * cross-field check lives here, beside the tunables it relates.
     */
    @Override
    public String unsupportedReason(ringlab.spi.board.Board board, java.util.function.ToLongFunction<String> tunables) {
        long min = tunables.applyAsLong(LIMIT_MIN), max = tunables.applyAsLong(LIMIT_MAX);
        if (min > max) return "limit_min " + min + " is above limit_max " + max + " bytes";
        return unsupportedReason(board);
    }

    @Override
    public List<Counter> counters() {
        return List.of(
                Counter.gauge("limit", "bytes", "byte_queue_limits/limit: bytes the driver may have queued and not completed now"),
                Counter.gauge("inflight", "bytes", "byte_queue_limits/inflight: bytes queued to the ring and not completed yet"),
                Counter.gauge("limit_high", "bytes", "the highest limit DQL has set since the feature was installed"),
                Counter.count("limit_stops", "stops", "sends after which dql_avail < 0 stopped the queue (__QUEUE_STATE_STACK_XOFF)"),
                Counter.count("dql_completed_calls", "calls", "dql_completed calls (netdev_tx_completed_queue from tx reclaim)"),
                Counter.count("completed_before_reset_bytes", "bytes", "bytes completed that were queued before the last netdev_tx_reset_queue (shown once non-zero)"));
    }

    @Override
    public void install(DriverHooks hooks) {
        BqlTxLimit l = new BqlTxLimit(hooks.board().soc().hz(), hooks.tunable(HOLD_TIME),
                (int) hooks.tunable(LIMIT_MIN), (int) hooks.tunable(LIMIT_MAX));
        hooks.txLimit(l);
        hooks.counters(id(), l::counters);
    }
}
