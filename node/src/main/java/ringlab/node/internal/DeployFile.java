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
 * updates ConfigAdmin: if FileInstall's folder scan found the file's older content it would take it for a
 * user's edit and put it back into ConfigAdmin, undoing the API's change (the chaos soak lost a tunable so).
 * With the file written first, the scan finds the API's values. The node runs FileInstall without its own
 * write-back (felix.fileinstall.enableConfigSave=false in the .bndrun): that wrote whatever ConfigAdmin held
 * when its event came, also a copy its scan had read from a half-written file, and the file then agreed with
 * that copy, so {@link #staleCopy} let it through (the soak lost a bql tunable so, about once in 20 runs under
 * load). So the file has two writers: the user, and the API here. Values are written as text
 * (java.util.Properties syntax), which the node reads by the same rules as typed ones.
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
     * accepted change, so the copy of a file that is gone is stale whatever it holds (even nothing: FileInstall
     * can read a file while a writer has truncated it; the chaos soak restarted so with the defaults). Not stale:
     * a configuration not from a file, one whose file holds the same values, and a file using FileInstall's
     * ${...} substitution (its values cannot be compared as text).
     * <p>A writer truncates a file before it writes (Files.write, most editors; FileInstall's write-back did too),
     * so a copy read in between holds part of the file or nothing, and nothing is a valid set of tunables (the
     * defaults): the chaos soak, under load, accepted such an empty copy and lost every bql tunable, the
     * writer's real content being refused after it. So the file is compared only once it has been quiet for
     * {@link #QUIET_MILLIS} (its last change that long ago; at most {@link #MAX_WAIT_MILLIS} of waiting).
     */
    static boolean staleCopy(StoredConfig now) {
        Path file = now.file();
        if (file == null) return false;
        Map<String, String> held = new TreeMap<>();
        now.props().forEach((k, v) -> { if (!TunableValues.bookkeeping(k)) held.put(k, String.valueOf(v).strip()); });
        awaitQuiet(file);
        // a user's editor may be rewriting the file with these very values right now (truncating first): a few
        // looks a moment apart tell that from a file that holds other values
        for (int look = 0; look < 5; look++) {
            if (look > 0) pause();
            if (!Files.exists(file)) return true; // gone: FileInstall deletes the configuration at its next scan
            Map<String, String> disk = read(file);
            if (disk == null || disk.equals(held)) return false;
        }
        return true;
    }

    /** What the node says when it sets aside a {@link #staleCopy}. */
    static String staleNote(StoredConfig now) {
        Path file = now.file();
        if (file != null && !Files.exists(file)) {
            return now.source() + ": the file is gone (FileInstall deletes the configuration next): the accepted values go on";
        }
        return now.source() + ": ConfigAdmin holds values that differ from the file (an older or half-written copy of it, or another"
                + " ConfigAdmin client's change): the file is the source, its values go on (change the file or use the API)";
    }

    /** The file's values (not bookkeeping keys); empty when it is gone; null when they cannot be compared. */
    private static Map<String, String> read(Path file) {
        String text;
        try {
            text = Files.readString(file, StandardCharsets.ISO_8859_1);
        } catch (java.nio.file.NoSuchFileException e) {
            return Map.of();
        } catch (IOException e) {
            return null;
        }
        if (text.contains("${")) return null;
        Properties onDisk = new Properties();
        try {
            onDisk.load(new java.io.StringReader(text));
        } catch (IOException | IllegalArgumentException e) {
            return null; // not readable as properties: FileInstall's own reading decides
        }
        Map<String, String> disk = new TreeMap<>();
        onDisk.stringPropertyNames().forEach(k -> { if (!TunableValues.bookkeeping(k)) disk.put(k, onDisk.getProperty(k).strip()); });
        return disk;
    }

    /** How long a deploy file must have been unchanged before a copy of it is compared with it. */
    static final long QUIET_MILLIS = 250;
    /** The longest wait for a file that keeps changing (then it is compared as it is). */
    static final long MAX_WAIT_MILLIS = 2_000;

    /** Waits until the file's last modification is QUIET_MILLIS old (or it is gone, or MAX_WAIT_MILLIS passed). */
    private static void awaitQuiet(Path file) {
        long deadline = System.nanoTime() + MAX_WAIT_MILLIS * 1_000_000;
        while (System.nanoTime() < deadline) {
            long age;
            try {
                age = System.currentTimeMillis() - Files.getLastModifiedTime(file).toMillis();
            } catch (IOException gone) {
                return;
            }
            if (age >= QUIET_MILLIS) return;
            try {
                Thread.sleep(Math.max(1, Math.min(QUIET_MILLIS, QUIET_MILLIS - age))); // a future time stamp: wait a whole period
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }

    private static void pause() {
        try {
            Thread.sleep(10);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
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
