package ringlab.node.internal;

import java.io.IOException;
import java.util.Dictionary;
import java.util.Enumeration;
import java.util.LinkedHashMap;
import java.util.Map;
import org.osgi.framework.InvalidSyntaxException;
import org.osgi.service.cm.Configuration;
import org.osgi.service.cm.ConfigurationAdmin;

/**
 * What ConfigAdmin holds now for a PID: its properties (null when there is no configuration) and its change
 * count (0 then), read at the moment of asking rather than taken from a callback that may be late.
 *
 * @param source where the properties came from, for messages: the .cfg file FileInstall read, or the PID
 */
record StoredConfig(Map<String, Object> props, long changeCount, String source) {
    /** FileInstall's property naming the file a configuration was read from (a file: URL). */
    static final String FILE_KEY = "felix.fileinstall.filename";

    static StoredConfig of(ConfigurationAdmin ca, String pid) {
        Configuration[] found;
        try {
            found = ca.listConfigurations("(" + org.osgi.framework.Constants.SERVICE_PID + "=" + pid + ")");
        } catch (IOException | InvalidSyntaxException e) {
            throw new IllegalStateException("cannot read the configuration " + pid + ": " + e.getMessage(), e);
        }
        if (found == null || found.length == 0 || found[0].getProperties() == null) return new StoredConfig(null, 0, pid);
        Map<String, Object> m = map(found[0].getProperties());
        return new StoredConfig(m, found[0].getChangeCount(), source(pid, m));
    }

    static Map<String, Object> map(Dictionary<String, ?> d) {
        Map<String, Object> m = new LinkedHashMap<>();
        for (Enumeration<String> k = d.keys(); k.hasMoreElements(); ) {
            String key = k.nextElement();
            m.put(key, d.get(key));
        }
        return m;
    }

    /** "ringlab.scenario from /data/deploy/ringlab.scenario.cfg", or the PID alone. */
    static String source(String pid, Map<String, Object> props) {
        Object f = props == null ? null : props.get(FILE_KEY);
        if (f == null) return pid;
        java.nio.file.Path path = file(f);
        return pid + " from " + (path != null ? path : f);
    }

    /** The file a {@link #FILE_KEY} value names (a file: URL or a path), or null when it names none. */
    static java.nio.file.Path file(Object value) {
        if (value == null) return null;
        String s = value.toString();
        try {
            return s.startsWith("file:") ? java.nio.file.Path.of(java.net.URI.create(s)) : java.nio.file.Path.of(s);
        } catch (RuntimeException e) {
            return null;
        }
    }
}
