package ringlab.node.internal;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import ringlab.sim.feature.FeatureResolver;
import ringlab.spi.board.Board;
import ringlab.spi.feature.DriverFeature;

/**
 * The wanted features that can run now, in the wanted order. The configuration was validated strictly
 * (FeatureResolver) when it was accepted; this only follows bundles coming and going: a feature whose
 * bundle is gone or that is quarantined falls back to stock behaviour (noted as unavailable, with why),
 * and so do features that require it. A feature whose metadata throws here is quarantined.
 */
final class EffectiveFeatures {
    private EffectiveFeatures() { }

    /** The features to run and, by id, the wanted ones left out with why. */
    record Result(List<DriverFeature> features, Map<String, String> unavailable) { }

    static Result of(String list, Board board, Map<String, DriverFeature> installed, QuarantineBook quarantine, long virtualNanos) {
        Map<String, String> why = new LinkedHashMap<>();
        Map<String, DriverFeature> ok = new LinkedHashMap<>();
        for (String id : FeatureResolver.ids(list, board)) {
            DriverFeature f = installed.get(id);
            if (f == null) {
                why.put(id, "not installed (bundle missing or stopped)");
            } else if (quarantine.holds(id, f)) {
                why.put(id, "quarantined: " + quarantine.get(id).error());
            } else {
                try {
                    String reason = f.unsupportedReason(board);
                    if (reason != null) why.put(id, "cannot run on board " + board.id() + ": " + reason);
                    else ok.put(id, f);
                } catch (RuntimeException | LinkageError e) {
                    quarantine.quarantine(f, e, virtualNanos);
                    why.put(id, "quarantined: " + e);
                }
            }
        }
        boolean changed = true;
        while (changed) {
            changed = false;
            for (Map.Entry<String, DriverFeature> e : List.copyOf(ok.entrySet())) {
                String id = e.getKey();
                try {
                    for (String r : e.getValue().requires()) {
                        if (!ok.containsKey(r)) {
                            ok.remove(id);
                            why.put(id, "requires '" + r + "', which is unavailable");
                            changed = true;
                            break;
                        }
                    }
                } catch (RuntimeException | LinkageError x) {
                    quarantine.quarantine(e.getValue(), x, virtualNanos);
                    ok.remove(id);
                    why.put(id, "quarantined: " + x);
                    changed = true;
                }
            }
        }
        return new Result(List.copyOf(ok.values()), Collections.unmodifiableMap(why));
    }
}
