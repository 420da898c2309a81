package ringlab.spi.feature;

import org.osgi.annotation.versioning.ProviderType;

/**
 * A feature counter, declared like a {@link Tunable}: what the feature reports under
 * {@code features.<port>.counters.<feature id>} (the node's status, {@code ringlab run --json}, /metrics).
 *
 * @param name ethtool -S style name, the kernel's own where it has one (e.g. "rx_pp_alloc_fast")
 * @param unit unit, e.g. "packets", "bytes", "calls", "ns"
 * @param kind whether it counts events (kept across reconfigurations) or reports a level or setting
 * @param doc  one line on what it counts
 */
@ProviderType
public record Counter(String name, String unit, Kind kind, String doc) {

    /** How a value behaves over time. */
    @ProviderType
    public enum Kind {
        /**
         * Counts events since the feature became active on the port; never goes down while it stays active,
         * across tunable changes and other reinstalls (as ethtool -S across a reconfiguration).
         */
        COUNTER,
        /** A level or a setting read now (bytes in flight, a programmed interval): may go up and down. */
        GAUGE
    }

    /** An event count. */
    public static Counter count(String name, String unit, String doc) {
        return new Counter(name, unit, Kind.COUNTER, doc);
    }

    /** A level or setting. */
    public static Counter gauge(String name, String unit, String doc) {
        return new Counter(name, unit, Kind.GAUGE, doc);
    }
}
