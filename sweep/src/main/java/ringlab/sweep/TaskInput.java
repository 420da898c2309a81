package ringlab.sweep;

import java.io.Serializable;

/**
 * A run as it travels to an executor: its key and its RunSpec as JSON (RunSpec itself is not Serializable).
 *
 * @param key  the run's key
 * @param spec the RunSpec as JSON
 */
record TaskInput(String key, String spec) implements Serializable { }
