package ringlab.testkit;

import java.util.EnumMap;
import java.util.Map;
import ringlab.spi.board.CostKey;
import ringlab.spi.driver.Exec;

/**
 * A CPU context for a unit test of a strategy or a feature's own objects, without a simulation: it records the
 * units charged per cost key (a charge without units counts 1) and charges no time. Faked: the clock, which
 * reads what the test set with {@link #at} (0 until then) and does not advance with the charges, and the
 * context, softirq unless the test says {@link #softirq softirq(false)}.
 * <pre>
 *   RecordingExec x = new RecordingExec();
 *   gro.deliver(x, packet, stack);
 *   assertEquals(1.0, x.units(CostKey.GRO_RX));
 * </pre>
 */
public final class RecordingExec implements Exec {
    private final Map<CostKey, Double> units = new EnumMap<>(CostKey.class);
    private long nowNs;
    private boolean softirq = true;

    @Override public void charge(CostKey k) { charge(k, 1); }

    @Override public void charge(CostKey k, double units) { this.units.merge(k, units, Double::sum); }

    @Override public long now() { return nowNs; }

    @Override public boolean inSoftirq() { return softirq; }

    /** Sets the virtual time {@link #now()} reads (ns). */
    public RecordingExec at(long nowNs) {
        this.nowNs = nowNs;
        return this;
    }

    /** Softirq (or bottom halves off) when true, process context when false. */
    public RecordingExec softirq(boolean softirq) {
        this.softirq = softirq;
        return this;
    }

    /** The units charged to k since the start or the last {@link #clear()}; 0 when none. */
    public double units(CostKey k) { return units.getOrDefault(k, 0.0); }

    /** Forgets the charges; the time and the context stay. */
    public void clear() { units.clear(); }
}
