package ringlab.sim.workload;

import java.util.function.LongConsumer;

/**
 * iperf3's -n/-k end condition, shared by the sending side's streams: the test ends once they have sent that
 * many bytes together. iperf3 3.12 writes whole blocks (-l) and checks the count after each one, so the bytes
 * sent are -n rounded up to whole blocks ({@code iperf3 -n 1000000 -P 2} sends 8 x 128 KiB = 1048576);
 * -k is blocks x -l. Bytes sent before the omitted seconds end do not count (iperf3 resets its counters then).
 */
public final class SendBudget {
    private final long limit;
    private final long countFromNs;
    private final LongConsumer onDone;
    private long sent;
    private boolean done;

    /** @param onDone told the virtual time the last counted byte was sent, once. */
    public SendBudget(long limitBytes, long countFromNs, LongConsumer onDone) {
        if (limitBytes <= 0) throw new IllegalArgumentException("a send budget needs a positive byte count");
        this.limit = limitBytes;
        this.countFromNs = countFromNs;
        this.onDone = onDone;
    }

    /** The budget of options that end by data: -k blocks, or -n rounded up to whole blocks of {@code blk}. */
    public static long limitOf(IperfOptions o) {
        long blk = o.length();
        if (o.blocks() > 0) return o.blocks() * blk;
        return (o.bytes() + blk - 1) / blk * blk;
    }

    /** Bytes a sender may still write at {@code now} (Long.MAX_VALUE before counting starts). */
    public long allowance(long now) {
        if (now < countFromNs) return Long.MAX_VALUE;
        return limit - sent;
    }

    /** A sender wrote {@code n} bytes at {@code now}. */
    public void sent(long n, long now) {
        if (now < countFromNs || done) return;
        sent += n;
        if (sent >= limit) {
            done = true;
            onDone.accept(now);
        }
    }

    public boolean done() { return done; }
}
