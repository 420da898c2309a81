package ringlab.feature.bql;

import java.util.LinkedHashMap;
import java.util.Map;
import ringlab.spi.board.CostKey;
import ringlab.spi.driver.Exec;
import ringlab.spi.driver.TxLimit;

/**
 * One tx queue's BQL (netdev_tx_sent_queue, netdev_tx_completed_queue, netdev_tx_reset_queue and
 * qdisc_avail_bulklimit over a {@link Dql}); jiffies are Exec.now() at the board's CONFIG_HZ. Leaves
 * out the SMP re-check after smp_mb (one queue, one context at a time).
 */
final class BqlTxLimit implements TxLimit {
    private final Dql dql;
    private final int hz;
    private long lastJiffies;
    /** A reset at a feature change has no clock: slack_start_time takes the next call's jiffies. */
    private boolean stampPending;
    private long stops, completions, limitHigh, overCompleted;

    BqlTxLimit(int hz, long holdTimeMs, int limitMin, int limitMax) {
        this.hz = hz;
        this.dql = new Dql(msecsToJiffies(holdTimeMs, hz), 0); // dql_init at probe: time 0
        dql.minLimit(limitMin);
        dql.maxLimit(limitMax);
        dql.reset(0);
    }

    /** msecs_to_jiffies: rounds up. */
    static long msecsToJiffies(long ms, int hz) { return (ms * hz + 999) / 1000; }

    private long jiffies(Exec x) {
        long j = x.now() * hz / 1_000_000_000L;
        lastJiffies = j;
        if (stampPending) {
            stampPending = false;
            dql.slackStartTime = j;
        }
        return j;
    }

    /** netdev_tx_sent_queue: dql_queued; STACK_XOFF when dql_avail goes negative. */
    @Override
    public boolean sent(Exec x, int bytes) {
        jiffies(x);
        x.charge(CostKey.DQL);
        dql.queued(bytes);
        if (dql.avail() >= 0) return true;
        stops++;
        return false;
    }

    /** netdev_tx_completed_queue: dql_completed; the queue may restart once dql_avail is back to >= 0. */
    @Override
    public boolean completed(Exec x, int packets, int bytes) {
        if (bytes == 0) return true;
        long j = jiffies(x);
        int inflight = dql.inflight();
        // bytes queued before a mid-run reset (the kernel resets only an idle queue) are not the dql's
        if (Integer.compareUnsigned(bytes, inflight) > 0) {
            overCompleted += Integer.toUnsignedLong(bytes - inflight);
            bytes = inflight;
        }
        x.charge(CostKey.DQL);
        dql.completed(bytes, j);
        completions++;
        if (Integer.toUnsignedLong(dql.limit()) > limitHigh) limitHigh = Integer.toUnsignedLong(dql.limit());
        return dql.avail() >= 0;
    }

    /** qdisc_avail_bulklimit = dql_avail. */
    @Override
    public int avail() { return dql.avail(); }

    /** netdev_tx_reset_queue. */
    @Override
    public void reset() {
        dql.reset(lastJiffies);
        stampPending = true;
    }

    Dql dql() { return dql; }

    @Override
    public Map<String, Long> counters() {
        Map<String, Long> m = new LinkedHashMap<>();
        m.put("limit", Integer.toUnsignedLong(dql.limit()));
        m.put("inflight", Integer.toUnsignedLong(dql.inflight()));
        m.put("limit_high", limitHigh);
        m.put("limit_stops", stops);
        m.put("dql_completed_calls", completions);
        if (overCompleted > 0) m.put("completed_before_reset_bytes", overCompleted);
        return m;
    }
}
