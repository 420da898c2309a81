package ringlab.node.internal;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Hashtable;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Supplier;
import org.osgi.service.cm.Configuration;
import org.osgi.service.cm.ConfigurationAdmin;
import org.osgi.service.cm.ReadOnlyConfigurationException;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import ringlab.node.NodeConfig;
import ringlab.node.ReadOnlyConfigException;
import ringlab.node.NodeEvent.Kind;
import ringlab.node.ScenarioSpec;
import ringlab.node.StaleVersionException;

/**
 * The API's writes. Each one holds the configuration side's lock ({@link ConfigBook}) from reading to
 * storing: it first decides on any .cfg change ConfigAdmin has not delivered yet, merges the request into
 * the accepted configuration, validates the result as a whole, writes it to ConfigAdmin and hands it to the
 * runner at once, so a read right after sees it and the next write merges onto it (ConfigAdmin's delivery,
 * which comes later, finds its change count already decided). The version is ConfigAdmin's change count.
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
    public Versioned<ScenarioSpec> scenario() {
        synchronized (control.book()) {
            control.catchUp();
            return new Versioned<>(control.wanted(), StoredConfig.of(configAdmin, ScenarioSpec.PID).changeCount());
        }
    }

    @Override
    public Versioned<ScenarioSpec> applyScenario(Map<String, ?> changes, long ifMatch) {
        synchronized (control.book()) {
            control.catchUp();
            check(ScenarioSpec.PID, "the scenario", ifMatch);
            events.record(Kind.CHANGE_REQUESTED, "scenario", "API: " + new TreeMap<>(changes));
            ScenarioSpec next = refusing(ScenarioSpec.PID, () -> ScenarioProperties.merge(control.wanted(), changes, false));
            refusing(ScenarioSpec.PID, () -> control.validate(next)); // refused as a whole: nothing is written
            Hashtable<String, Object> props = bookkeeping(ScenarioSpec.PID);
            props.putAll(next.toProperties());
            long version = store(ScenarioSpec.PID, props, "the scenario");
            control.accept(next);
            return new Versioned<>(next, version);
        }
    }

    @Override
    public Versioned<Map<String, Long>> tunables(String featureId) {
        synchronized (control.book()) {
            return new Versioned<>(control.tunables().getOrDefault(featureId, Map.of()),
                    StoredConfig.of(configAdmin, NodeConfig.featurePid(featureId)).changeCount());
        }
    }

    @Override
    public Versioned<Map<String, Long>> applyTunables(String featureId, Map<String, ?> raw, long ifMatch) {
        String pid = NodeConfig.featurePid(featureId);
        synchronized (control.book()) {
            check(pid, "the tunables of " + featureId, ifMatch);
            Map<String, Long> valid = refusing(pid, () -> control.validateTunables(featureId, raw)); // all or nothing
            Map<String, Long> merged = new TreeMap<>(control.tunables().getOrDefault(featureId, Map.of()));
            merged.putAll(valid);
            // the whole resulting set is checked too (a stored value may be stale after a bundle update)
            Map<String, Long> all = refusing(pid, () -> control.validateTunables(featureId, merged));
            Hashtable<String, Object> props = bookkeeping(pid);
            props.putAll(all);
            long version = store(pid, props, "the tunables of " + featureId);
            control.tunablesChanged(featureId, all);
            saveTunables(featureId, all);
            return new Versioned<>(all, version);
        }
    }

    @Override
    public Versioned<Map<String, Long>> clearTunables(String featureId, long ifMatch) {
        String pid = NodeConfig.featurePid(featureId);
        synchronized (control.book()) {
            check(pid, "the tunables of " + featureId, ifMatch);
            events.record(Kind.CHANGE_REQUESTED, featureId, "API: clear the tunables of " + featureId);
            // stored as a configuration without tunables (not deleted: its version keeps counting for If-Match)
            long version = store(pid, bookkeeping(pid), "the tunables of " + featureId);
            control.tunablesChanged(featureId, Map.of());
            saveTunables(featureId, Map.of());
            return new Versioned<>(Map.of(), version);
        }
    }

    private void saveTunables(String featureId, Map<String, Long> values) {
        try {
            control.book().saved().saveTunables(featureId, values);
        } catch (IOException | RuntimeException e) {
            events.record(Kind.CHANGE_REFUSED, featureId, "cannot save the accepted tunables: " + e);
        }
    }

    /** A stale If-Match: 412 for the API; nothing is written. */
    private void check(String pid, String what, long ifMatch) {
        if (ifMatch == ANY_VERSION) return;
        long current = StoredConfig.of(configAdmin, pid).changeCount();
        if (current != ifMatch) throw new StaleVersionException(what, ifMatch, current);
    }

    /** Writes the properties; the change count is recorded as decided, so its delivery is not news. */
    private long store(String pid, Hashtable<String, Object> props, String what) {
        // The deploy folder may delete the configuration between our lookup and our read-back (its .cfg file
        // was removed): the API's change stands, so it is written again to a configuration made anew. It may
        // also mark it read-only between writable() and update() (a .cfg dropped and removed at once): then
        // writable() looks again, and clears a stale mark or answers 409 for a file that cannot be written.
        // Felix ConfigAdmin hands out its cached, already deleted configuration until its store has removed
        // the file, so a retry waits a little (1, 2, 4 ... ms): the chaos soak failed three immediate retries.
        RuntimeException last = null;
        for (int attempt = 0; attempt < STORE_ATTEMPTS; attempt++) {
            if (attempt > 0) StoredConfig.pause(attempt);
            try {
                Configuration c = configAdmin.getConfiguration(pid, "?");
                writable(c, pid);
                Object file = props.get(StoredConfig.FILE_KEY);
                java.nio.file.Path path = StoredConfig.file(file);
                if (file != null && (path == null || !java.nio.file.Files.exists(path))) {
                    props.remove(StoredConfig.FILE_KEY); // its file is gone: the configuration is the API's now
                } else if (path != null) {
                    writeFile(pid, path, props); // before ConfigAdmin: FileInstall's scan must find these values
                }
                c.update(props);
                long count = c.getChangeCount();
                control.book().decided(pid, count);
                return count;
            } catch (ReadOnlyConfigurationException | IllegalStateException changedMeanwhile) {
                last = changedMeanwhile; // marked read-only, or deleted, by the deploy folder meanwhile
            } catch (IOException e) {
                throw new UncheckedIOException("cannot store " + what + ": " + e.getMessage(), e);
            }
        }
        throw new UncheckedIOException("cannot store " + what + ": the deploy folder changed it " + STORE_ATTEMPTS
                + " times while it was written (last: " + last.getMessage() + ")", new IOException(last));
    }

    private static void writeFile(String pid, java.nio.file.Path path, Hashtable<String, Object> props) {
        try {
            DeployFile.write(path, StoredConfig.map(props));
        } catch (IOException e) {
            throw new ReadOnlyConfigException(pid, path + " (" + e.getMessage() + ")");
        }
    }

    /** Writes tried before giving up; with the pauses between them about a quarter of a second. */
    static final int STORE_ATTEMPTS = 8;

    /**
     * FileInstall marks a configuration read-only when its .cfg file is not writable, and also when the file
     * vanished while it was being read (a file deleted right after it was dropped): then the mark is stale
     * and is cleared, so the API can write again. A file that exists and cannot be written keeps it: 409.
     */
    private void writable(Configuration c, String pid) throws IOException {
        if (!c.getAttributes().contains(Configuration.ConfigurationAttribute.READ_ONLY)) return;
        java.nio.file.Path path = c.getProperties() == null ? null : StoredConfig.file(c.getProperties().get(StoredConfig.FILE_KEY));
        if (path != null && java.nio.file.Files.exists(path) && !java.nio.file.Files.isWritable(path)) {
            throw new ReadOnlyConfigException(pid, path.toString());
        }
        c.removeAttributes(Configuration.ConfigurationAttribute.READ_ONLY);
        events.record(Kind.CHANGE_APPLIED, pid, pid + " was marked read-only by the deploy folder but its file "
                + (path == null ? "is unknown" : path + (java.nio.file.Files.exists(path) ? " is writable" : " is gone")) + ": the mark is cleared");
    }

    /** Runs a validation; a refusal is logged (and thrown on to the caller, which answers 400). */
    private <T> T refusing(String pid, Supplier<T> validation) {
        try {
            return validation.get();
        } catch (IllegalArgumentException e) {
            events.record(Kind.CHANGE_REFUSED, pid, e.getMessage());
            throw e;
        }
    }

    /**
     * The stored properties that are not configuration values (FileInstall's file name, so its .cfg file is
     * written back; tickMillis); the values themselves are all written anew.
     */
    private Hashtable<String, Object> bookkeeping(String pid) {
        Hashtable<String, Object> props = new Hashtable<>();
        StoredConfig cur = StoredConfig.of(configAdmin, pid);
        if (cur.props() != null) {
            cur.props().forEach((k, v) -> {
                if (!k.equals("service.pid") && (TunableValues.bookkeeping(k) || k.equals("tickMillis"))) props.put(k, v);
            });
        }
        return props;
    }
}
