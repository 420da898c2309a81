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

    /** The accepted scenario (applied, or waiting for its board). */
    ScenarioSpec wanted();

    /** Validates {@code next} against what is installed now and stores it; returns what was accepted. */
    ScenarioSpec applyScenario(ScenarioSpec next);

    /**
     * Validates tunable values of a feature (kernel names; all or nothing, merged into the values already
     * set) and stores them; returns the accepted values of this request.
     */
    Map<String, Long> applyTunables(String featureId, Map<String, ?> raw);

    /** The current tunable values by feature id (only those set). */
    Map<String, Map<String, Long>> tunables();
}
