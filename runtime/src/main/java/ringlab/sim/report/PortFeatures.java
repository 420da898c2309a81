package ringlab.sim.report;

import java.util.List;
import java.util.Map;

/**
 * The driver features running on one port and the counters they registered.
 *
 * @param active    ids of the features the driver runs now, in installation order (e.g. "gro", "bql")
 * @param counters  each active feature's own counters, by feature id: counter name (ethtool -S style, as the
 *                  feature's README lists them) to value (units as documented there)
 * @param rxBuffers the rx buffer scheme's counters (name to value), when it keeps any; null otherwise
 */
public record PortFeatures(List<String> active, Map<String, Map<String, Long>> counters,
                           Map<String, Long> rxBuffers) {
}
