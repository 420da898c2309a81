package ringlab.node.internal;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicLong;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.osgi.service.component.annotations.ReferencePolicy;
import org.osgi.service.component.annotations.ReferencePolicyOption;
import ringlab.node.FeatureCatalog;
import ringlab.node.NodeEvent.Kind;
import ringlab.spi.feature.DriverFeature;

/**
 * Tracks DriverFeature services. Dynamic and greedy from the start, so installing or removing a
 * feature bundle changes the catalog in place without restarting this component or the runner. A
 * feature whose id() throws or is empty cannot be named, so it is not offered (and the event log says so).
 */
@Component(service = FeatureCatalog.class, immediate = true)
public final class FeatureRegistry implements FeatureCatalog {
    private final List<DriverFeature> features = new CopyOnWriteArrayList<>();
    private final AtomicLong generation = new AtomicLong();

    @Reference
    private NodeEvents events;

    @Reference(
            service = DriverFeature.class,
            cardinality = ReferenceCardinality.MULTIPLE,
            policy = ReferencePolicy.DYNAMIC,
            policyOption = ReferencePolicyOption.GREEDY,
            unbind = "removeFeature")
    void addFeature(DriverFeature feature) {
        if (FeatureIds.idOrNull(feature) == null) {
            events.record(Kind.FEATURE_REJECTED, feature.getClass().getName(),
                    "feature service " + feature.getClass().getName() + " refused: its id() throws or is empty");
            return;
        }
        features.add(feature);
        generation.incrementAndGet();
    }

    void removeFeature(DriverFeature feature) {
        if (features.remove(feature)) generation.incrementAndGet();
    }

    @Override
    public List<DriverFeature> features() {
        List<DriverFeature> copy = new ArrayList<>(features);
        copy.sort(Comparator.comparing(FeatureIds::safeId));
        return List.copyOf(copy);
    }

    @Override
    public Map<String, DriverFeature> byId() {
        Map<String, DriverFeature> m = new LinkedHashMap<>();
        for (DriverFeature f : features()) {
            String id = FeatureIds.idOrNull(f);
            if (id != null) m.putIfAbsent(id, f); // the first registered of a duplicate id wins (the sort is stable)
        }
        return m;
    }

    @Override
    public long generation() {
        return generation.get();
    }
}
