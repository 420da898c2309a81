package ringlab.testkit;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import ringlab.sim.report.DeviceDetail;

/**
 * The packet ledger of a run, the invariant every ringlab run keeps: each packet sent is delivered, counted in
 * exactly one drop reason, or still in flight (in a ring, a qdisc, a socket or on the wire), and the byte
 * streams arrive intact.
 *
 * @param sent                  packets handed to a NIC, a stack or a peer (count)
 * @param delivered             packets that reached their final consumer (count)
 * @param dropped               packets dropped, for any reason (count)
 * @param dropsByReason         the drops by kernel drop reason or MIB counter name (count each)
 * @param inFlight              packets neither delivered nor dropped at the end (count)
 * @param streamIntegrityErrors reads that did not continue their stream where the last one ended (count)
 */
public record Ledger(long sent, long delivered, long dropped, Map<String, Long> dropsByReason, long inFlight,
                     long streamIntegrityErrors) {

    static Ledger of(DeviceDetail d) {
        return new Ledger(d.accounting().sent(), d.accounting().delivered(), d.accounting().dropped(), Map.copyOf(d.drops()),
                d.accounting().inFlight(), d.streamIntegrityErrors());
    }

    /** What does not add up, one line each; empty when the ledger holds. */
    public List<String> problems() {
        List<String> out = new ArrayList<>();
        if (sent != delivered + dropped + inFlight) {
            out.add("sent " + sent + " != delivered " + delivered + " + dropped " + dropped + " + in flight " + inFlight
                    + " (" + (sent - delivered - dropped - inFlight) + " unaccounted)");
        }
        long byReason = dropsByReason.values().stream().mapToLong(Long::longValue).sum();
        if (byReason != dropped) out.add("drops by reason add up to " + byReason + ", not " + dropped + ": " + dropsByReason);
        if (inFlight < 0) out.add("in flight " + inFlight + " < 0");
        if (streamIntegrityErrors != 0) out.add(streamIntegrityErrors + " reads broke their byte stream (gap, duplicate or reordering)");
        return out;
    }

    /** Throws an AssertionError listing every problem. */
    public void assertHolds() {
        List<String> p = problems();
        if (!p.isEmpty()) throw new AssertionError("the packet ledger does not hold: " + String.join("; ", p));
    }
}
