package ringlab.experiment.sweep;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import ringlab.experiment.Experiments;
import ringlab.experiment.Refusal;
import ringlab.experiment.RunSpec;
import ringlab.sim.feature.FeatureResolver;
import ringlab.spi.board.Board;
import ringlab.spi.feature.DriverFeature;

/**
 * A sweep's runs: the product of its axes (boards x features x workloads x tunables x seeds x topology x ping,
 * in that order), each checked with {@link Experiments#prepare}. What prepare refuses is a {@link Refusal} with
 * its reason, never dropped; what it accepts is a {@link Planned} run with its {@link RunKey}. A mistake in the
 * spec itself (an unknown board, feature or tunable, a bad workload or value: {@link SweepSpecCheck}) refuses
 * the whole sweep before that.
 */
public final class SweepExpansion {
    private SweepExpansion() { }

    /** A run to do and its key. */
    public record Planned(String key, RunSpec spec) { }

    /**
     * The runs and the refusals, in the axes' order. An axis naming the same value twice gives the run once
     * (same spec, same key).
     */
    public record Plan(List<Planned> runs, List<Refusal> refused) {
        public Plan {
            runs = List.copyOf(runs);
            refused = List.copyOf(refused);
        }

        /** Runs and refusals together. */
        public int total() { return runs.size() + refused.size(); }
    }

    /** Every run of the spec, unchecked, in the axes' order. */
    public static List<RunSpec> specs(SweepSpec s, Map<String, Board> boards) {
        List<String> boardIds = s.allBoards() ? List.copyOf(new java.util.TreeSet<>(boards.keySet())) : s.boards();
        List<Map<String, String>> settings = settings(s.tunables());
        List<RunSpec> out = new ArrayList<>();
        for (String b : boardIds) {
            for (String f : s.features()) {
                for (SweepSpec.Workload w : s.workloads()) {
                    for (Map<String, String> set : settings) {
                        for (long seed : s.seeds()) {
                            for (String topo : s.topology()) {
                                for (long ping : s.ping()) out.add(new RunSpec(w.name(), b, f, seed, set, topo, ping, w.iperf()));
                            }
                        }
                    }
                }
            }
        }
        return out;
    }

    public static Plan plan(SweepSpec s, Map<String, Board> boards, Map<String, DriverFeature> features, RunKey keys) {
        if (s.allBoards() && boards.isEmpty()) throw new IllegalArgumentException("sweep spec: 'boards' is \"all\" but no board is installed");
        SweepSpecCheck.check(s, boards, features); // a mistake in the spec is no refused combination
        Map<String, Planned> runs = new LinkedHashMap<>();
        List<Refusal> refused = new ArrayList<>();
        for (RunSpec r : specs(s, boards)) {
            try {
                Experiments.Prepared p = Experiments.prepare(r, boards, features);
                List<DriverFeature> fs = FeatureResolver.resolve(r.features(), p.board(), features);
                String key = keys.of(r, p.board(), fs);
                runs.putIfAbsent(key, new Planned(key, r));
            } catch (IllegalArgumentException e) {
                refused.add(new Refusal(r, e.getMessage()));
            }
        }
        return new Plan(new ArrayList<>(runs.values()), refused);
    }

    /** The product of the tunables' values, as --set maps (one empty map when there are none). */
    static List<Map<String, String>> settings(Map<String, List<String>> tunables) {
        List<Map<String, String>> out = new ArrayList<>();
        out.add(Map.of());
        for (Map.Entry<String, List<String>> t : tunables.entrySet()) {
            List<Map<String, String>> next = new ArrayList<>();
            for (Map<String, String> m : out) {
                for (String v : t.getValue()) {
                    Map<String, String> n = new LinkedHashMap<>(m);
                    n.put(t.getKey(), v);
                    next.add(n);
                }
            }
            out = next;
        }
        return out;
    }
}
