package ringlab.node;

import java.util.Map;

/**
 * Changes to what the node runs, validated as a whole before anything is written: a refused change
 * throws IllegalArgumentException naming the problem and changes nothing. An accepted one is stored in
 * ConfigAdmin (so it survives a restart, and FileInstall's .cfg files and this service are one path) and
 * applies at the next safe point in virtual time.
 */
public interface NodeConfig {
    /** Prefix of the per-feature configuration PIDs. */
    String FEATURE_PID_PREFIX = "ringlab.feature.";

    /**
     * The configuration PID of a feature's tunables: ringlab.feature.ID with '-' written '.', e.g.
     * ringlab.feature.batched.rx (FileInstall reads a '-' in a .cfg file name as a factory alias).
     */
    static String featurePid(String featureId) {
        return FEATURE_PID_PREFIX + featureId.replace('-', '.');
    }

    /** An If-Match that matches any version (last writer wins; still merged, no field lost). */
    long ANY_VERSION = -1;

    /**
     * A configuration and its version: ConfigAdmin's change count of its PID (0 before the first write),
     * which the REST API sends as the ETag and takes back as If-Match.
     */
    record Versioned<T>(T value, long version) { }

    /** The accepted scenario (applied, or waiting for its board). */
    ScenarioSpec wanted();

    /** The accepted scenario as just stored (a write is seen by the next read) and its version. */
    Versioned<ScenarioSpec> scenario();

    /**
     * Merges {@code changes} (fields of {@link ScenarioSpec}, by name; a .cfg file's values are read by the
     * same rules) into the accepted scenario, validates the result against what is installed now and stores
     * it; returns what was accepted. Serialised with every other change. {@code ifMatch} other than
     * {@link #ANY_VERSION} must be the current version, else {@link StaleVersionException} and nothing changes.
     */
    Versioned<ScenarioSpec> applyScenario(Map<String, ?> changes, long ifMatch);

    /** The tunable values set for a feature (accepted, as just stored) and the version of its PID. */
    Versioned<Map<String, Long>> tunables(String featureId);

    /**
     * Validates tunable values of a feature (kernel names; all or nothing, merged into the values already
     * set) and stores them; returns all values now set for the feature. {@code ifMatch} as for
     * {@link #applyScenario}.
     */
    Versioned<Map<String, Long>> applyTunables(String featureId, Map<String, ?> raw, long ifMatch);

    /**
     * Clears the tunables set for a feature: every one back to its default, at the driver's next NAPI poll,
     * and nothing of it kept in the last accepted configuration. With {@code ifMatch} as for
     * {@link #applyTunables}. Returns the (empty) set and the new version.
     */
    Versioned<Map<String, Long>> clearTunables(String featureId, long ifMatch);

    /** The current tunable values by feature id (only those set). */
    Map<String, Map<String, Long>> tunables();
}
