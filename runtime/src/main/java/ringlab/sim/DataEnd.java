package ringlab.sim;

import java.util.function.Consumer;
import ringlab.sim.engine.Sim;
import ringlab.sim.workload.IperfOptions;
import ringlab.sim.workload.SendBudget;
import ringlab.sim.workload.StreamStats;

/**
 * iperf3's -n/-k end condition for one run: the sending side's streams share a byte count; with --bidir each
 * side counts its own streams (iperf3 3.12 --bidir -n 1000000 sends 1048576 bytes each way). Once every
 * sending side has sent its count, the run ends at the last of those bytes: a last sample, then the engine
 * stops ({@link Sim#stop()}).
 */
final class DataEnd {
    private final Sim sim;
    private final RunSpan span;
    private final SendBudget budget, reverseBudget;
    private Sampler sampler;
    private int left;
    private long lastNs;

    DataEnd(Sim sim, RunSpan span, IperfOptions o) {
        this.sim = sim;
        this.span = span;
        this.budget = new SendBudget(SendBudget.limitOf(o), span.measureStartNs, this::sent);
        this.reverseBudget = o.bidir() ? new SendBudget(SendBudget.limitOf(o), span.measureStartNs, this::sent) : null;
        this.left = reverseBudget != null ? 2 : 1;
    }

    /** The sampler that takes the last sample (it is built after the streams). */
    void sampler(Sampler s) { this.sampler = s; }

    /** Gives stream st's sender its count: the client's streams', or with -R or --bidir's reverse streams the device's. */
    void limit(StreamStats st, Consumer<SendBudget> sender) {
        sender.accept(reverseBudget != null && st.reverse ? reverseBudget : budget);
    }

    private void sent(long ns) {
        lastNs = Math.max(lastNs, ns);
        if (--left > 0) return;
        sim.at(lastNs, (k, a, now) -> {
            span.dataEnded(now);
            sampler.finish(now);
            sim.stop();
        }, 0, null);
    }
}
