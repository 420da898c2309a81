package ringlab.node.internal;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicLong;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.osgi.service.component.annotations.ReferencePolicy;
import org.osgi.service.component.annotations.ReferencePolicyOption;
import ringlab.node.FeatureCatalog;
import ringlab.spi.feature.DriverFeature;

/**
 * Tracks DriverFeature services. Dynamic and greedy from the start, so installing or removing a
 * feature bundle changes the catalog in place without restarting this component or the runner.
 */
@Component(service = FeatureCatalog.class, immediate = true)
public final class FeatureRegistry implements FeatureCatalog {
    private final List<DriverFeature> features = new CopyOnWriteArrayList<>();
    private final AtomicLong generation = new AtomicLong();

    @Reference(
            service = DriverFeature.class,
            cardinality = ReferenceCardinality.MULTIPLE,
            policy = ReferencePolicy.DYNAMIC,
            policyOption = ReferencePolicyOption.GREEDY,
            unbind = "removeFeature")
    void addFeature(DriverFeature feature) {
        features.add(feature);
        generation.incrementAndGet();
    }

    void removeFeature(DriverFeature feature) {
        features.remove(feature);
        generation.incrementAndGet();
    }

    @Override
    public List<DriverFeature> features() {
        List<DriverFeature> copy = new ArrayList<>(features);
        copy.sort(Comparator.comparing(DriverFeature::id));
        return List.copyOf(copy);
    }

    @Override
    public long generation() {
        return generation.get();
    }
}
