package ringlab.node.internal;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Dictionary;
import java.util.Enumeration;
import java.util.Hashtable;
import java.util.LinkedHashMap;
import java.util.Map;
import org.osgi.service.cm.Configuration;
import org.osgi.service.cm.ConfigurationAdmin;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import ringlab.node.NodeConfig;
import ringlab.node.NodeEvent.Kind;
import ringlab.node.ScenarioSpec;

/**
 * Validates a change with the runner, then writes it to ConfigAdmin, whose update reaches the runner
 * (PID ringlab.scenario) or the feature's ManagedService (FeatureConfigs) like a .cfg file would. One
 * change at a time, so two requests cannot interleave their read-merge-write.
 */
@Component(service = NodeConfig.class)
public final class ConfigWriter implements NodeConfig {
    @Reference
    private ScenarioControl control;
    @Reference
    private ConfigurationAdmin configAdmin;
    @Reference
    private NodeEvents events;

    @Override
    public ScenarioSpec wanted() { return control.wanted(); }

    @Override
    public Map<String, Map<String, Long>> tunables() { return control.tunables(); }

    @Override
    public synchronized ScenarioSpec applyScenario(ScenarioSpec next) {
        events.record(Kind.CHANGE_REQUESTED, "scenario", "API: board " + next.board() + ", features " + next.features()
                + ", workload '" + next.workload() + "', seed " + next.seed() + ", pace " + next.pace());
        refusing(ScenarioSpec.PID, () -> control.validate(next)); // refused as a whole: nothing is written
        control.expect(next);
        try {
            Configuration c = configAdmin.getConfiguration(ScenarioSpec.PID, "?");
            Hashtable<String, Object> props = existing(c);
            props.putAll(next.toProperties());
            c.update(props);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot store the scenario: " + e.getMessage(), e);
        }
        return next;
    }

    @Override
    public synchronized Map<String, Long> applyTunables(String featureId, Map<String, ?> raw) {
        Map<String, Long> valid = refusing(NodeConfig.featurePid(featureId), () -> control.validateTunables(featureId, raw)); // all or nothing
        try {
            Configuration c = configAdmin.getConfiguration(NodeConfig.featurePid(featureId), "?");
            Hashtable<String, Object> props = existing(c);
            props.putAll(valid);
            // the whole resulting set is checked too (a stored value may be stale after a bundle update)
            refusing(NodeConfig.featurePid(featureId), () -> control.validateTunables(featureId, withoutBookkeeping(props)));
            c.update(props);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot store the tunables of " + featureId + ": " + e.getMessage(), e);
        }
        return valid;
    }

    /** Runs a validation; a refusal is logged (and thrown on to the caller, which answers 400). */
    private <T> T refusing(String pid, java.util.function.Supplier<T> validation) {
        try {
            return validation.get();
        } catch (IllegalArgumentException e) {
            events.record(Kind.CHANGE_REFUSED, pid, e.getMessage());
            throw e;
        }
    }

    /** The stored properties without ConfigAdmin's service.pid. */
    private static Hashtable<String, Object> existing(Configuration c) {
        Hashtable<String, Object> props = new Hashtable<>();
        Dictionary<String, Object> old = c.getProperties();
        if (old != null) {
            for (Enumeration<String> k = old.keys(); k.hasMoreElements(); ) {
                String key = k.nextElement();
                if (!key.equals("service.pid")) props.put(key, old.get(key));
            }
        }
        return props;
    }

    private static Map<String, Object> withoutBookkeeping(Map<String, Object> props) {
        Map<String, Object> m = new LinkedHashMap<>(props);
        m.keySet().removeIf(TunableValues::bookkeeping);
        return m;
    }
}
