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

    /**
     * True when ConfigAdmin holds an older copy of a deploy file that has changed since. FileInstall reads a
     * file, then compares it with ConfigAdmin and updates: when the API writes newer values in between (file
     * first, then ConfigAdmin), FileInstall puts the copy it read before back (the chaos soak lost a tunable
     * so, about one full build in three). The file's current content reaches ConfigAdmin at FileInstall's
     * next scan, and a file that is gone is followed by the deletion: deciding on the copy would undo an
     * accepted change. Not stale: a configuration not from a file, one whose file holds the same values, and
     * a file using FileInstall's ${...} substitution (its values cannot be compared as text).
     */
    static boolean staleCopy(StoredConfig now) {
        if (now.props() == null) return false;
        Path file = StoredConfig.file(now.props().get(StoredConfig.FILE_KEY));
        if (file == null) return false;
        String text;
        try {
            text = Files.readString(file, StandardCharsets.ISO_8859_1);
        } catch (java.nio.file.NoSuchFileException e) {
            return true;
        } catch (IOException e) {
            return false;
        }
        if (text.contains("${")) return false;
        Properties onDisk = new Properties();
        try {
            onDisk.load(new java.io.StringReader(text));
        } catch (IOException | IllegalArgumentException e) {
            return false; // not readable as properties: FileInstall's own reading decides
        }
        Map<String, String> disk = new TreeMap<>(), held = new TreeMap<>();
        onDisk.stringPropertyNames().forEach(k -> { if (!TunableValues.bookkeeping(k)) disk.put(k, onDisk.getProperty(k).strip()); });
        now.props().forEach((k, v) -> { if (!TunableValues.bookkeeping(k)) held.put(k, String.valueOf(v).strip()); });
        return !disk.equals(held);
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
