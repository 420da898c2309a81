package ringlab.node.internal;

import java.util.ArrayList;
import java.util.List;
import ringlab.spi.feature.DriverFeature;

/** A change of the active feature set in a few words, for the event log and the charts' markers: "+gro -batched-rx". */
final class FeatureDiff {
    private FeatureDiff() { }

    static String of(List<DriverFeature> before, List<DriverFeature> after) {
        List<String> a = ids(before), b = ids(after);
        List<String> parts = new ArrayList<>();
        for (String id : b) if (!a.contains(id)) parts.add("+" + id);
        for (String id : a) if (!b.contains(id)) parts.add("-" + id);
        // the same ids as new service objects: a feature bundle updated or restarted
        return parts.isEmpty() ? "reinstalled (" + String.join(", ", b) + ")" : String.join(" ", parts);
    }

    private static List<String> ids(List<DriverFeature> features) {
        List<String> out = new ArrayList<>();
        for (DriverFeature f : features) out.add(FeatureIds.safeId(f));
        return out;
    }
}
