package ringlab.sim.driver;

import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import ringlab.spi.feature.Counter;
import ringlab.spi.feature.DriverFeature;

/**
 * The active features' counters on one driver, kept across reinstalls as ethtool -S keeps a device's
 * counters across a reconfiguration: every change of the feature set or of a tunable installs fresh
 * feature instances, whose event counts start at 0, so the retired instance's event counts
 * ({@link Counter.Kind#COUNTER}) are carried and added to what the new one reports. Levels and settings
 * ({@link Counter.Kind#GAUGE}) are the new instance's own. A feature that leaves the port (removed,
 * quarantined, a failed install) loses its carried counts, as the kernel's do at unbind; a new
 * Simulation (board, workload or seed change, a fault rebuild) is a new device and starts from 0.
 * Events the retired instance still counts after the switch (its posted buffers draining) are not added.
 */
final class FeatureCounters {
    private record Live(DriverFeature feature, Supplier<Map<String, Long>> values) { }

    private final Map<String, Live> live = new LinkedHashMap<>();
    private final Map<String, Map<String, Long>> carried = new HashMap<>();

    /**
     * A feature's install() registered its counters. Only its own id, and with declared counters only
     * declared names: anything else is a plug-in error that fails its install (the node quarantines it).
     */
    void register(DriverFeature f, String feature, Supplier<Map<String, Long>> values) {
        if (!f.id().equals(feature)) {
            throw new IllegalStateException("feature " + f.id() + " registered counters under another feature's id '" + feature + "'");
        }
        if (values == null) throw new IllegalStateException("feature " + f.id() + " registered a null counter supplier");
        List<Counter> declared = f.counters();
        if (!declared.isEmpty()) {
            Map<String, Long> now = values.get();
            if (now == null) throw new IllegalStateException("feature " + f.id() + " reports null counters");
            for (String name : now.keySet()) {
                if (declaration(declared, name) == null) {
                    throw new IllegalStateException("feature " + f.id() + " reports counter '" + name + "' that its counters() does not declare");
                }
            }
        }
        live.put(feature, new Live(f, values));
    }

    /** Before a reinstall: the live instances' event counts join their feature's carried counts. */
    void retire() {
        for (Map.Entry<String, Live> e : live.entrySet()) {
            Map<String, Long> base = carried.computeIfAbsent(e.getKey(), k -> new HashMap<>());
            read(e.getValue()).forEach((name, v) -> {
                Counter c = declaration(e.getValue().feature().counters(), name);
                if (c != null && c.kind() == Counter.Kind.COUNTER) base.put(name, v);
            });
        }
        live.clear();
    }

    /** After a reinstall: features that are not on the port any more start from 0 when they come back. */
    void keepOnly(List<DriverFeature> active) {
        carried.keySet().removeIf(id -> active.stream().noneMatch(f -> f.id().equals(id)));
    }

    /**
     * Each live feature's counters by feature id, in the order it reports them: declared names only (all
     * names for a feature that declares none), event counts continued from the retired instances.
     */
    Map<String, Map<String, Long>> values() {
        Map<String, Map<String, Long>> out = new LinkedHashMap<>();
        live.forEach((id, l) -> out.put(id, read(l)));
        return out;
    }

    private Map<String, Long> read(Live l) {
        Map<String, Long> raw = l.values().get();
        Map<String, Long> out = new LinkedHashMap<>();
        if (raw == null) return out;
        List<Counter> declared = l.feature().counters();
        Map<String, Long> base = carried.getOrDefault(l.feature().id(), Map.of());
        raw.forEach((name, v) -> {
            if (declared.isEmpty()) {
                out.put(name, v);
                return;
            }
            Counter c = declaration(declared, name);
            if (c == null || v == null) return; // undeclared after the install's check: not shown
            out.put(name, c.kind() == Counter.Kind.COUNTER ? v + base.getOrDefault(name, 0L) : v);
        });
        return out;
    }

    private static Counter declaration(List<Counter> declared, String name) {
        for (Counter c : declared) if (c.name().equals(name)) return c;
        return null;
    }
}
