package ringlab.webconsole.api;

import java.util.List;

/**
 * A feature as the API and the console show it.
 *
 * @param id feature id
 * @param summary the mechanism it models, one line
 * @param pid its configuration PID (tunables; a .cfg file of that name in deploy/)
 * @param state "active" (in the running driver), "available" (may be switched on), "unavailable" (wanted but
 *        cannot run now, see {@code reason}) or "quarantined" (its code threw, see {@code reason})
 * @param reason why it is unavailable or quarantined
 * @param bundle the bundle that provides it
 * @param tunables its tunables with the values set now
 * @param counters the counters it declares (values: {@code features.<port>.counters.<id>} in /status); empty for a
 *        feature that declares none, whose reported figures are shown undeclared
 * @param form the configuration form of its PID, generated from the Metatype the node publishes for it
 */
record FeatureInfo(String id, String summary, String pid, List<String> requires, List<String> conflicts, String state,
                   String reason, BundleRef bundle, List<TunableInfo> tunables, List<CounterInfo> counters, MetatypeForms.Form form) {

    /** A bundle by id and symbolic name. */
    record BundleRef(long id, String symbolicName, String version) { }

    /**
     * One tunable: kernel name, unit, range, default, the value in effect and what it does.
     */
    record TunableInfo(String name, String unit, long defaultValue, long min, long max, long value, String doc) { }

    /**
     * One declared counter: ethtool -S style name, unit, "counter" (counts events; kept across tunable
     * changes, reset when the feature leaves the port or the simulation is rebuilt) or "gauge" (a level or
     * setting), and what it counts.
     */
    record CounterInfo(String name, String unit, String kind, String doc) { }
}
