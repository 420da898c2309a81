package ringlab.node.internal;

import java.io.IOException;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;

/**
 * The .cfg file in the deploy folder that a configuration came from, written by the API's writer before it
 * updates ConfigAdmin. FileInstall writes a changed configuration back to its file, but only later, on its
 * own thread; if its folder scan comes first it finds the file's older content, takes it for a user's edit
 * and puts it back into ConfigAdmin, undoing the API's change (the chaos soak lost a tunable so). With the
 * file written first, the scan finds the API's values. Values are written as text (java.util.Properties
 * syntax), which the node reads by the same rules as typed ones.
 */
final class DeployFile {
    private DeployFile() { }

    /** Writes the configuration values (not FileInstall's or ConfigAdmin's bookkeeping keys) to the file, atomically. */
    static void write(Path file, Map<String, Object> props) throws IOException {
        StringBuilder out = new StringBuilder("# written by the ringlab API (the last accepted values)\n");
        for (Map.Entry<String, Object> e : new TreeMap<>(props).entrySet()) {
            if (TunableValues.bookkeeping(e.getKey())) continue;
            out.append(line(e.getKey(), String.valueOf(e.getValue())));
        }
        Path tmp = file.resolveSibling("." + file.getFileName() + ".ringlab-tmp");
        Files.writeString(tmp, out, StandardCharsets.ISO_8859_1);
        Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }

    /** One key=value line with java.util.Properties' escaping (its store() also adds a date comment: left out). */
    private static String line(String key, String value) throws IOException {
        Properties one = new Properties();
        one.setProperty(key, value);
        StringWriter text = new StringWriter();
        one.store(text, null);
        StringBuilder out = new StringBuilder();
        for (String l : text.toString().split("\\R")) if (!l.startsWith("#") && !l.isEmpty()) out.append(l).append('\n');
        return out.toString();
    }
}
