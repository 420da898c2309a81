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

    /**
     * The deploy folder may delete the configuration between the listing and the reading (its .cfg removed):
     * Felix then throws IllegalStateException ("Configuration ... deleted") from the listed instance, and may
     * list that deleted instance again until its store has removed the file. So it looks again after a short
     * pause (1, 2, 4 ... ms); one still deleted after that is what it is: no configuration.
     */
    static StoredConfig of(ConfigurationAdmin ca, String pid) {
        for (int attempt = 0; ; attempt++) {
            Configuration[] found = list(ca, pid);
            if (found == null || found.length == 0) return new StoredConfig(null, 0, pid);
            try {
                Dictionary<String, Object> props = found[0].getProperties();
                if (props == null) return new StoredConfig(null, 0, pid);
                Map<String, Object> m = map(props);
                return new StoredConfig(m, found[0].getChangeCount(), source(pid, m));
            } catch (IllegalStateException deletedMeanwhile) {
                if (attempt + 1 >= READ_ATTEMPTS) return new StoredConfig(null, 0, pid);
                pause(attempt + 1);
            }
        }
    }

    /** Reads tried while the listed configuration turns out deleted; with the pauses about 60 ms. */
    static final int READ_ATTEMPTS = 6;

    private static Configuration[] list(ConfigurationAdmin ca, String pid) {
        try {
            return ca.listConfigurations("(" + org.osgi.framework.Constants.SERVICE_PID + "=" + pid + ")");
        } catch (IOException | InvalidSyntaxException e) {
            throw new IllegalStateException("cannot read the configuration " + pid + ": " + e.getMessage(), e);
        }
    }

    /** The wait before retry n (from 1) while the deploy folder changes a configuration: 1, 2, 4 ... 64 ms. */
    static void pause(int retry) {
        try {
            Thread.sleep(1L << Math.min(retry - 1, 6));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    static Map<String, Object> map(Dictionary<String, ?> d) {
        Map<String, Object> m = new LinkedHashMap<>();
        for (Enumeration<String> k = d.keys(); k.hasMoreElements(); ) {
            String key = k.nextElement();
            m.put(key, d.get(key));
        }
        return m;
    }

    /** The deploy-folder file FileInstall read these properties from, or null (none, or not from a file). */
    java.nio.file.Path file() { return props == null ? null : file(props.get(FILE_KEY)); }

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
