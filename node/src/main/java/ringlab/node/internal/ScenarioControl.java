package ringlab.node.internal;

import java.util.Map;
import ringlab.node.ScenarioSpec;

/** What the configuration side of the node needs from the runner (node-internal). */
interface ScenarioControl {
    /** The accepted scenario (applied, or waiting for its board). */
    ScenarioSpec wanted();

    /** Validates a scenario against what is installed now; throws IllegalArgumentException naming the problem. */
    ScenarioValidator.Plan validate(ScenarioSpec spec);

    /** The configuration side's lock and bookkeeping (hold its monitor while deciding on a change). */
    ConfigBook book();

    /** Decides on what ConfigAdmin holds now for ringlab.scenario if that is news (a .cfg file not yet seen). */
    void catchUp();

    /** {@code spec} was validated and stored by the API's writer: it is the accepted scenario from now on. */
    void accept(ScenarioSpec spec);

    /** Validated tunable values of a feature; throws IllegalArgumentException (unknown feature or value). */
    Map<String, Long> validateTunables(String featureId, Map<String, ?> raw);

    /** The same for a feature service that may not be in the catalog yet (its configuration arrives as it registers). */
    Map<String, Long> validateTunables(ringlab.spi.feature.DriverFeature feature, Map<String, ?> raw);

    /** New tunable values of a feature (already validated); applied at the next poll boundary. */
    void tunablesChanged(String featureId, Map<String, Long> values);

    /** Records a configuration that was refused, for status. */
    void refused(String pid, String message);

    /** Records something the node says about a configuration (e.g. what it started with, and why). */
    void note(String pid, String message);

    /** The current tunable values by feature id (only those set). */
    Map<String, Map<String, Long>> tunables();
}
