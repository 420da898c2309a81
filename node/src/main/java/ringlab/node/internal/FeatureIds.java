package ringlab.node.internal;

import ringlab.spi.feature.DriverFeature;

/** A feature's id read defensively: plug-in code may throw or return null. */
final class FeatureIds {
    private FeatureIds() { }

    /** The feature's id, or its class name when id() throws or answers nothing. */
    static String safeId(DriverFeature f) {
        try {
            String id = f.id();
            return id == null || id.isBlank() ? f.getClass().getName() : id;
        } catch (RuntimeException | LinkageError e) {
            return f.getClass().getName();
        }
    }
}
