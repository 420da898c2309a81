package ringlab.node;

import java.util.List;
import java.util.Map;
import ringlab.spi.feature.DriverFeature;

/** The driver features currently registered as services; they come and go with their bundles. */
public interface FeatureCatalog {
    /** Snapshot of the registered features, sorted by id. */
    List<DriverFeature> features();

    /** The registered features by id; of two with the same id, the first registered. */
    Map<String, DriverFeature> byId();

    /** Grows by one on every bind or unbind, so a poller can see a change without comparing lists. */
    long generation();
}
