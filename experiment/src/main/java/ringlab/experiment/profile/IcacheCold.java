package ringlab.experiment.profile;

import java.util.Map;

/**
 * The I-cache refill extras (stack.*.rx.cold) of the reference core and the conditions they were calibrated
 * under: a board scales each by lineBytes / its line bytes (fewer, larger lines for the same code) and by its
 * next level's refill latency in its own cycles over the reference's.
 *
 * @param extra the extra cycles per cold path, keyed by cost key, at the reference conditions
 */
public record IcacheCold(int lineBytes, double refillNs, long clockHz, String note, Map<String, Work> extra) {
    /** The refill latency of the reference conditions in cycles. */
    double refillCycles() {
        return refillNs * clockHz / 1e9;
    }
}
