package ringlab.experiment.sweep;

import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import ringlab.sim.StackSettings;
import ringlab.sim.feature.FeatureResolver;
import ringlab.sim.workload.IperfArgs;
import ringlab.spi.board.Board;
import ringlab.spi.feature.DriverFeature;
import ringlab.spi.feature.Tunable;

/**
 * What a sweep spec names, checked against the installed boards and features before its product is
 * expanded: a board or feature nobody installed, a workload iperf3 would not take, a tunable no stack
 * setting or feature has, or a value no run could take is a mistake in the spec, refused with one line
 * naming the spec's field and the value. A refusal ({@link SweepExpansion.Plan#refused()}) is left for what
 * only a combination decides: a feature conflicting with or missing another, one that cannot run on a board,
 * tx_pause=on on a board without PAUSE frames, a tunable of a feature not in that run's set.
 */
final class SweepSpecCheck {
    private SweepSpecCheck() { }

    /** @throws IllegalArgumentException the first mistake, "sweep spec: 'FIELD' ..." */
    static void check(SweepSpec s, Map<String, Board> boards, Map<String, DriverFeature> features) {
        if (!s.allBoards()) {
            for (String b : s.boards()) {
                if (!boards.containsKey(b)) throw bad("boards", "names unknown board '" + b + "' (known: " + String.join(", ", boards.keySet()) + ")");
            }
        }
        List<Board> swept = s.allBoards() ? List.copyOf(boards.values()) : s.boards().stream().map(boards::get).toList();
        for (String list : s.features()) features(list, swept, features);
        for (SweepSpec.Workload w : s.workloads()) {
            try {
                IperfArgs.parse(w.iperf());
            } catch (IllegalArgumentException e) {
                throw bad("workloads." + w.name() + ".iperf", "'" + String.join(" ", w.iperf()) + "': " + e.getMessage());
            }
        }
        for (Map.Entry<String, List<String>> t : s.tunables().entrySet()) tunable(t.getKey(), t.getValue(), features);
    }

    /**
     * A list's items must be well formed (no empty item, no id named twice: FeatureResolver.checkItems, the same on
     * every board); an id added must be installed; an id removed ("-id") installed or in a swept board's stock set
     * (whose bundle may be gone), as FeatureResolver asks per board. A removal of what a board's set lacks is that
     * board's refused combination, not a mistake in the spec.
     */
    private static void features(String list, List<Board> swept, Map<String, DriverFeature> features) {
        if (list.isBlank()) return; // the board's stock set
        try {
            FeatureResolver.checkItems(list);
        } catch (IllegalArgumentException e) {
            throw bad("features", "value '" + list + "': " + e.getMessage());
        }
        for (String raw : list.split(",")) {
            String t = raw.trim();
            if (t.equals("stock")) continue;
            String id = t.startsWith("-") ? t.substring(1) : t;
            boolean known = features.containsKey(id) || t.startsWith("-") && swept.stream().anyMatch(b -> b.stockFeatures().contains(id));
            if (id.isEmpty() || !known) {
                throw bad("features", "value '" + list + "' names feature '" + id + "', which is not installed (installed: "
                        + (features.isEmpty() ? "none" : String.join(", ", features.keySet())) + ")");
            }
        }
    }

    /** A stack setting's values as --set takes them; a feature tunable's whole numbers in a range some feature declares. */
    private static void tunable(String name, List<String> values, Map<String, DriverFeature> features) {
        String key = "tunables." + name;
        if (StackSettings.isStackKey(name)) {
            for (String v : values) {
                String why = StackSettings.refusal(name, v);
                if (why != null) throw bad(key, "value " + why);
            }
            return;
        }
        List<Tunable> declared = features.values().stream().flatMap(f -> f.tunables().stream()).filter(t -> t.name().equals(name)).toList();
        if (declared.isEmpty()) {
            throw bad("tunables", "names '" + name + "', which is no stack setting (" + String.join(", ", StackSettings.KEYS)
                    + ") and no installed feature's tunable (" + String.join(", ", tunableNames(features)) + ")");
        }
        for (String v : values) {
            long n;
            try {
                n = Long.parseLong(v.trim());
            } catch (NumberFormatException e) {
                throw bad(key, "value '" + v + "' is not a whole number");
            }
            if (declared.stream().noneMatch(t -> n >= t.min() && n <= t.max())) {
                Tunable t = declared.get(0);
                throw bad(key, "value " + n + " is out of range [" + t.min() + ", " + t.max() + "] " + t.unit());
            }
        }
    }

    private static TreeSet<String> tunableNames(Map<String, DriverFeature> features) {
        TreeSet<String> names = new TreeSet<>();
        for (DriverFeature f : features.values()) for (Tunable t : f.tunables()) names.add(t.name());
        return names;
    }

    private static IllegalArgumentException bad(String key, String why) {
        return new IllegalArgumentException("sweep spec: '" + key + "' " + why);
    }
}
