package ringlab.live;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import ringlab.sim.Simulation;
import ringlab.sim.feature.FeatureResolver;
import ringlab.sim.feature.TunableSettings;
import ringlab.spi.board.Board;
import ringlab.spi.board.Nic;
import ringlab.spi.feature.DriverFeature;
import ringlab.spi.feature.Tunable;

/**
 * Soak: 1,000 random live changes in one continuous run (features on and off within their requirements
 * and conflicts, tunables anywhere within min..max, a feature's bundle stopped and started: it leaves the
 * effective set with what requires it, and comes back while still configured), each followed by 1 to 20
 * ms of virtual time and the accounting check. Deterministic: one seeded SplittableRandom picks everything.
 */
class SoakTest {
    static final long MS = 1_000_000L;
    static final int CHANGES = 1000;
    final Map<String, DriverFeature> all = Live.features();

    /** bcm6328 with a NIC that has rx interrupt moderation (lan743x-style), so every tunable of all ten features can run. */
    static Board board() {
        Board b = Live.board("bcm6328");
        Nic n = b.nic();
        Nic moderated = ringlab.testkit.NicVariant.of(n).irqModeration(true).build();
        return new Board(b.id() + "-moderated", b.name(), b.soc(), moderated, b.stockFeatures(), b.costs(), "test", List.of());
    }

    /** The configured set with requirements added and conflicts removed after switching id on or off. */
    Set<String> toggle(Set<String> configured, String id) {
        Set<String> next = new LinkedHashSet<>(configured);
        if (next.remove(id)) {
            next.removeIf(other -> all.get(other).requires().contains(id)); // what needs it goes too
            return next;
        }
        next.add(id);
        next.addAll(all.get(id).requires());
        for (String c : all.get(id).conflicts()) next.remove(c);
        for (String other : List.copyOf(next)) if (all.get(other).conflicts().contains(id)) next.remove(other);
        return next;
    }

    /** What the driver runs: configured features whose bundle runs and whose requirements are themselves effective. */
    List<DriverFeature> effective(Board b, Set<String> configured, Set<String> stopped) {
        Set<String> eff = new LinkedHashSet<>();
        for (String id : all.keySet()) { // a fixed order: the requirement first (build-skb before page-pool)
            if (configured.contains(id) && !stopped.contains(id) && eff.containsAll(all.get(id).requires())) eff.add(id);
        }
        // no effective feature: the stock set with each of its features removed ("stock" alone when it is empty)
        StringBuilder none = new StringBuilder("stock");
        for (String s : b.stockFeatures()) none.append(",-").append(s);
        return FeatureResolver.resolve(eff.isEmpty() ? none.toString() : String.join(",", eff), b, all);
    }

    static long value(SplittableRandom rng, Tunable t) {
        int k = rng.nextInt(10);
        if (k < 4) return t.defaultValue();
        if (k < 6) return t.min();
        if (k < 7) return t.max();
        double lo = Math.log(t.min() + 1.0), hi = Math.log(t.max() + 1.0); // log-uniform within min..max
        long v = (long) Math.floor(Math.exp(lo + rng.nextDouble() * (hi - lo)) - 1);
        return Math.max(t.min(), Math.min(t.max(), v));
    }

    /** Runs the soak; returns a digest of the end state (for the determinism check). */
    String soak(long seed, int changes) {
        Board b = board();
        SplittableRandom rng = new SplittableRandom(seed);
        List<String> ids = new ArrayList<>(all.keySet());
        List<Tunable> tunables = new ArrayList<>();
        List<String> owners = new ArrayList<>(); // the feature of each tunable: values are set per feature
        for (DriverFeature f : all.values()) {
            for (Tunable t : f.tunables()) {
                tunables.add(t);
                owners.add(f.id());
            }
        }
        Map<String, Map<String, Long>> set = new LinkedHashMap<>();
        Set<String> configured = new LinkedHashSet<>(b.stockFeatures()), stopped = new LinkedHashSet<>();
        Simulation s = Live.continuous(b, effective(b, configured, stopped), seed, "-M", "512", "-P", "2");
        long t = 200 * MS;
        s.advanceTo(t);
        int featureChanges = 0, tunableChanges = 0, bundleChanges = 0;
        for (int i = 0; i < changes; i++) {
            int kind = rng.nextInt(10);
            String what;
            if (kind < 5) {
                String id = ids.get(rng.nextInt(ids.size()));
                configured = toggle(configured, id);
                s.setFeatures(effective(b, configured, stopped));
                what = "toggle " + id;
                featureChanges++;
            } else if (kind < 8) {
                int k = rng.nextInt(tunables.size());
                Tunable tu = tunables.get(k);
                long v = value(rng, tu);
                set.computeIfAbsent(owners.get(k), x -> new LinkedHashMap<>()).put(tu.name(), v);
                s.setTunables(TunableSettings.of(set));
                what = "set " + tu.name() + "=" + v;
                tunableChanges++;
            } else {
                String id = ids.get(rng.nextInt(ids.size()));
                if (!stopped.remove(id)) stopped.add(id);
                s.setFeatures(effective(b, configured, stopped));
                what = "bundle of " + id + (stopped.contains(id) ? " stopped" : " started");
                bundleChanges++;
            }
            s.advanceTo(t += (1 + rng.nextInt(20)) * MS);
            Live.assertAccounting(s, "change " + i + " (" + what + ")");
            assertEquals(Map.of(), s.takeInstallFailures(), "change " + i + " (" + what + "): every install succeeds");
        }
        // back to the stock driver with default tunables: TCP recovers
        s.setTunables(TunableSettings.NONE);
        s.setFeatures(effective(b, new LinkedHashSet<>(b.stockFeatures()), Set.of()));
        // the last timeouts may have backed the RTO off to seconds: wait (bounded) for a full second at speed
        long settled = t;
        double mbps = 0;
        while (mbps <= 25 && t - settled < 60_000 * MS) {
            long before = Live.received(s);
            s.advanceTo(t += 1000 * MS);
            mbps = (Live.received(s) - before) * 8 / 1e6;
        }
        Live.assertAccounting(s, "after the soak");
        assertTrue(mbps > 25, "TCP recovers on the stock driver: " + mbps + " Mbit/s");
        var l = s.ledger();
        System.out.printf("soak seed %d: %d changes (%d feature sets, %d tunables, %d bundle stop/start) over %.1f s virtual;"
                        + " sent %d delivered %d dropped %d %s; stock afterwards %.1f Mbit/s (after %.0f s)%n", seed, changes, featureChanges,
                tunableChanges, bundleChanges, s.now() / 1e9, l.sentCount(), l.deliveredCount(), l.droppedCount(),
                l.dropsByReason(), mbps, (t - settled) / 1e9);
        return l.sentCount() + "/" + l.deliveredCount() + "/" + l.dropsByReason() + "/" + Live.received(s);
    }

    @Test
    void aThousandRandomLiveChangesKeepTheAccounting() {
        soak(20261202L, CHANGES);
    }

    @Test
    void theSoakIsDeterministic() {
        assertEquals(soak(7L, 100), soak(7L, 100));
    }
}
