package ringlab.node;

import java.util.List;
import java.util.Map;
import ringlab.spi.feature.DriverFeature;

/**
 * The driver features currently registered as services; they come and go with their bundles. Each is
 * a {@link RegisteredFeature}: its metadata was read once, when it registered. A service whose metadata
 * could not be read, or whose id is already registered, is refused and listed in {@link #rejected()}.
 */
public interface FeatureCatalog {
    /** Snapshot of the registered features, sorted by id. */
    List<RegisteredFeature> features();

    /** The registered features by id (the values are {@link RegisteredFeature}s). */
    Map<String, DriverFeature> byId();

    /** Feature services that were refused, while they are registered. */
    List<Rejected> rejected();

    /**
     * A feature service that is not offered.
     *
     * @param bundle the symbolic name of the bundle that registered it
     * @param bundleId that bundle's id
     * @param id the feature's id, or null when it could not be read
     * @param error why, naming the bundle that already has the id for a duplicate
     */
    record Rejected(String bundle, long bundleId, String id, String error) { }

    /** Grows by one on every bind or unbind, so a poller can see a change without comparing lists. */
    long generation();
}
