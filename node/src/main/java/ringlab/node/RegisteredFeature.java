package ringlab.node;

import java.util.List;
import java.util.function.ToLongFunction;
import ringlab.spi.board.Board;
import ringlab.spi.feature.Counter;
import ringlab.spi.feature.DriverFeature;
import ringlab.spi.feature.DriverHooks;
import ringlab.spi.feature.Tunable;

/**
 * A registered feature service as the node uses it: its metadata read once, when the service registered
 * (plug-in code may throw, answer null or change its mind later; this snapshot does not), and the
 * plug-in, which is only asked to install itself or whether a board can run it. It is itself a
 * DriverFeature, so the runtime runs it like any other.
 *
 * @param id the feature's id
 * @param summary one line on the mechanism
 * @param requires ids that must be active too
 * @param conflicts ids that cannot be active at the same time
 * @param tunables its tunables
 * @param counters the counters it declares (empty: it declares none, and what it reports is shown undeclared)
 * @param bundle the symbolic name of the bundle that registered the service
 * @param bundleId that bundle's id
 * @param plugin the service object
 */
public record RegisteredFeature(String id, String summary, List<String> requires, List<String> conflicts, List<Tunable> tunables,
        List<Counter> counters, String bundle, long bundleId, DriverFeature plugin) implements DriverFeature {

    /**
     * Reads the plug-in's metadata once. Throws IllegalArgumentException naming what was wrong when a
     * metadata method throws or answers null or an empty id.
     */
    public static RegisteredFeature read(DriverFeature plugin, String bundle, long bundleId) {
        String what = "id()";
        try {
            String id = plugin.id();
            if (id == null || id.isBlank()) throw new IllegalArgumentException("its id() is " + (id == null ? "null" : "empty"));
            what = "summary()";
            String summary = plugin.summary();
            if (summary == null) throw new IllegalArgumentException("its summary() is null");
            what = "requires()";
            List<String> requires = List.copyOf(plugin.requires()); // copyOf: null list or element -> NPE, refused
            what = "conflicts()";
            List<String> conflicts = List.copyOf(plugin.conflicts());
            what = "tunables()";
            List<Tunable> tunables = List.copyOf(plugin.tunables());
            for (Tunable t : tunables) if (t.name() == null || t.name().isBlank()) throw new IllegalArgumentException("it has a tunable without a name");
            what = "counters()";
            List<Counter> counters = List.copyOf(plugin.counters());
            checkCounters(counters);
            return new RegisteredFeature(id, summary, requires, conflicts, tunables, counters, bundle, bundleId, plugin);
        } catch (IllegalArgumentException e) {
            throw e;
        } catch (RuntimeException | LinkageError | StackOverflowError e) {
            throw new IllegalArgumentException("its " + what + " failed: " + e, e); // threw, or a null list or element
        }
    }

    /** Each declared counter has a name (once), a unit, a kind and a doc, as the API and /metrics show them. */
    private static void checkCounters(List<Counter> counters) {
        java.util.Set<String> names = new java.util.HashSet<>();
        for (Counter c : counters) {
            if (c.name() == null || c.name().isBlank()) throw new IllegalArgumentException("it declares a counter without a name");
            if (!names.add(c.name())) throw new IllegalArgumentException("it declares counter '" + c.name() + "' twice");
            if (c.unit() == null || c.kind() == null || c.doc() == null) {
                throw new IllegalArgumentException("its counter '" + c.name() + "' has no unit, kind or doc");
            }
        }
    }

    /** "bsn [id]", how messages name the bundle. */
    public String bundleName() {
        return bundle + " [" + bundleId + "]";
    }

    // The plug-in's answer, guarded: one that throws (or links badly) makes the feature unsupported, with
    // why, so the node refuses it like any unsupported feature (400 naming the reason) instead of failing
    // the request or the run. install() is not guarded here: the runner quarantines a feature whose install throws.
    @Override
    public String unsupportedReason(Board board) {
        try {
            return plugin.unsupportedReason(board);
        } catch (RuntimeException | LinkageError e) {
            return failed(e);
        }
    }

    @Override
    public String unsupportedReason(Board board, ToLongFunction<String> tunables) {
        try {
            return plugin.unsupportedReason(board, tunables);
        } catch (RuntimeException | LinkageError e) {
            return failed(e);
        }
    }

    private String failed(Throwable e) {
        return "its unsupportedReason() failed (" + e + "), so the node does not run it (bundle " + bundleName() + ")";
    }

    @Override
    public void install(DriverHooks hooks) {
        plugin.install(hooks);
    }

    // identity, as for the service object: two registrations are two features even with equal metadata
    @Override
    public boolean equals(Object o) {
        return this == o;
    }

    @Override
    public int hashCode() {
        return System.identityHashCode(this);
    }

    @Override
    public String toString() {
        return "feature " + id + " (bundle " + bundleName() + ")";
    }
}
