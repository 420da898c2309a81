package ringlab.sweep;

import java.io.Serializable;

/**
 * What a run's task sends back to the driver (Java-serialized, hence strings): the RunResult and the full
 * iperf3 JSON document, or the refusal's one line when the run refused at start (a feature refusing its
 * tunables at ndo_open).
 *
 * @param key       the run's key
 * @param result    the RunResult as one line of JSON, null when refused
 * @param document  the run's `ringlab run --json` document (start time pinned to the epoch), null when refused
 * @param refusal   the refusal's reason, null when the run ran
 * @param simWallNs the wall time of the simulation itself, for the benchmark's overhead figure (ns)
 */
record TaskOutput(String key, String result, String document, String refusal, long simWallNs) implements Serializable { }
