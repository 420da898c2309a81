package ringlab.node.internal;

import java.util.Dictionary;
import java.util.Hashtable;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.osgi.framework.BundleContext;
import org.osgi.framework.Constants;
import org.osgi.framework.ServiceRegistration;
import org.osgi.service.cm.ManagedService;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.metatype.AttributeDefinition;
import org.osgi.service.metatype.MetaTypeProvider;
import org.osgi.service.metatype.ObjectClassDefinition;
import ringlab.node.NodeConfig;
import ringlab.node.RegisteredFeature;
import ringlab.spi.feature.Tunable;

/**
 * One configuration PID per registered feature (as the FeatureRegistry accepted it), ringlab.feature.ID ('-' written '.'), whose properties are the feature's
 * tunables (kernel names). The node publishes, for each feature, a ManagedService that validates and
 * forwards the values to the runner and a MetaTypeProvider generated from DriverFeature.tunables(),
 * so a feature bundle needs no OSGi configuration code of its own.
 */
@Component(immediate = true)
public final class FeatureConfigs implements FeatureRegistry.Listener {
    @Reference
    private ScenarioControl control;
    @Reference
    private FeatureRegistry registry;
    @Reference
    private org.osgi.service.cm.ConfigurationAdmin configAdmin;

    private volatile BundleContext context;
    private final Map<RegisteredFeature, ServiceRegistration<?>> registrations = new ConcurrentHashMap<>();

    @Activate
    void activate(BundleContext ctx) {
        this.context = ctx;
        registry.listen(this); // the metadata read once by the registry, never the plug-in's own methods
    }

    @Deactivate
    void deactivate() {
        registry.unlisten(this);
        registrations.values().forEach(FeatureConfigs::unregister);
        registrations.clear();
        context = null;
    }

    @Override
    public void added(RegisteredFeature f) {
        BundleContext ctx = context;
        if (ctx == null) return;
        String pid = NodeConfig.featurePid(f.id());
        Hashtable<String, Object> props = new Hashtable<>();
        props.put(Constants.SERVICE_PID, pid);
        props.put(MetaTypeProvider.METATYPE_PID, pid);
        // at most once per feature: the registry's replay in listen() may meet a registration told directly
        registrations.computeIfAbsent(f, k -> ctx.registerService(
                new String[] {ManagedService.class.getName(), MetaTypeProvider.class.getName()}, new PerFeature(f, pid), props));
    }

    @Override
    public void removed(RegisteredFeature f) {
        ServiceRegistration<?> r = registrations.remove(f);
        if (r != null) unregister(r);
    }

    private static void unregister(ServiceRegistration<?> r) {
        try {
            r.unregister();
        } catch (IllegalStateException alreadyGone) {
            // the framework is stopping
        }
    }

    /** The ManagedService and metatype of one feature's PID. */
    private final class PerFeature implements ManagedService, MetaTypeProvider {
        private final RegisteredFeature feature;
        private final String pid;
        private boolean started; // guarded by the book's monitor

        PerFeature(RegisteredFeature feature, String pid) {
            this.feature = feature;
            this.pid = pid;
        }

        /**
         * ConfigAdmin has news for this PID (a .cfg file, the API's own write, or this service's registration).
         * What ConfigAdmin holds now is decided on, once per change count; a refused configuration leaves the
         * accepted values in place, and at the first call (the node or the feature starting) those are the
         * last accepted ones saved in the data folder. Never throws: a refusal is logged, not a crash.
         */
        @Override
        public void updated(Dictionary<String, ?> delivered) {
            synchronized (control.book()) {
                boolean first = !started;
                started = true;
                StoredConfig now;
                try {
                    now = StoredConfig.of(configAdmin, pid);
                } catch (IllegalStateException e) {
                    control.refused(pid, e.getMessage());
                    return;
                }
                // a deletion (a .cfg file removed) changes nothing that runs, as for the scenario: the accepted
                // tunables go on (a refused file that is deleted must not take the accepted values with it)
                if (now.props() == null && !first) {
                    if (control.book().forget(pid)) control.note(pid, pid + " was deleted; the accepted tunables go on");
                    return;
                }
                // decided already (the API's write, a repeated delivery)
                if (!first && !control.book().news(pid, now.changeCount())) return;
                String id = feature.id();
                LastAccepted.Read<Map<String, Long>> saved = first ? control.book().saved().tunables(id) : null;
                if (saved != null && saved.problem() != null) {
                    control.refused(pid, "the last accepted tunables in " + saved.file() + " are unreadable: " + saved.problem());
                }
                if (DeployFile.staleCopy(now)) { // an older or partial copy of a deploy file, or another client's write to it
                    if (first && saved != null && saved.value() != null) control.tunablesChanged(id, saved.value());
                    else control.note(pid, DeployFile.staleNote(now));
                    return;
                }
                if (now.props() == null && saved != null && saved.value() != null && !saved.value().isEmpty()) {
                    say(pid + ": ConfigAdmin holds no configuration (deleted, or its store was lost or is unreadable); the last accepted tunables "
                            + saved.value() + " from " + saved.file() + " stay");
                    control.tunablesChanged(id, saved.value());
                    return;
                }
                Map<String, Long> values;
                try {
                    // no configuration: the defaults (nothing to validate, and the board may not even be chosen yet)
                    values = now.props() == null ? Map.of() : control.validateTunables(feature, TunableValues.values(now.props()));
                } catch (IllegalArgumentException | ClassCastException e) {
                    String why = now.source() + ": " + e.getMessage();
                    if (saved != null && saved.value() != null) {
                        control.tunablesChanged(id, saved.value());
                        why += "; the last accepted tunables " + saved.value() + " from " + saved.file() + " stay";
                    } else {
                        why += "; the accepted tunables stay";
                    }
                    control.refused(pid, why); // nothing of it applied
                    System.out.println("ringlab: refused " + why);
                    return;
                }
                control.tunablesChanged(id, values);
                try {
                    control.book().saved().saveTunables(id, values);
                } catch (java.io.IOException | RuntimeException e) {
                    control.refused(pid, "cannot save the accepted tunables: " + e);
                }
            }
        }

        private void say(String message) {
            control.note(pid, message);
            System.out.println("ringlab: " + message);
        }

        @Override
        public ObjectClassDefinition getObjectClassDefinition(String id, String locale) {
            return pid.equals(id) ? new Ocd() : null;
        }

        @Override
        public String[] getLocales() {
            return null;
        }

        private final class Ocd implements ObjectClassDefinition {
            @Override public String getName() { return "ringlab feature " + feature.id(); }

            @Override public String getID() { return pid; }

            @Override public String getDescription() { return feature.summary(); }

            @Override
            public AttributeDefinition[] getAttributeDefinitions(int filter) {
                if (filter == OPTIONAL) return new AttributeDefinition[0];
                return feature.tunables().stream().map(Attr::new).toArray(AttributeDefinition[]::new);
            }

            @Override public java.io.InputStream getIcon(int size) { return null; }
        }
    }

    /** A tunable as a metatype attribute: a long with its default and range. */
    private record Attr(Tunable t) implements AttributeDefinition {
        @Override public String getName() { return t.name(); }

        @Override public String getID() { return t.name(); }

        @Override public String getDescription() {
            return t.doc() + " (" + t.unit() + ", " + t.min() + " to " + t.max() + ")";
        }

        @Override public int getCardinality() { return 0; }

        @Override public int getType() { return LONG; }

        @Override public String[] getOptionValues() { return null; }

        @Override public String[] getOptionLabels() { return null; }

        @Override public String validate(String value) {
            try {
                long v = Long.parseLong(value.trim());
                return v < t.min() || v > t.max() ? t.name() + " must be within [" + t.min() + ", " + t.max() + "]" : "";
            } catch (NumberFormatException e) {
                return t.name() + " must be a whole number";
            }
        }

        @Override public String[] getDefaultValue() { return new String[] {Long.toString(t.defaultValue())}; }
    }
}
