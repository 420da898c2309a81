package ringlab.experiment.sweep;

import com.google.gson.Gson;
import com.google.gson.GsonBuilder;
import com.google.gson.JsonObject;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.CodeSource;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Stream;
import ringlab.experiment.RunSpec;
import ringlab.spi.board.Board;
import ringlab.spi.feature.DriverFeature;

/**
 * A run's key: SHA-256 (hex, first {@value #LENGTH} characters) of the run's canonical spec JSON and of the
 * versions of the board and the features it resolves to. Stable across runs and machines (no paths, no
 * times), different when the spec, the board's descriptor or a feature's code changes, so a sweep started
 * again after a rebuild reruns exactly what the rebuild may have changed.
 * <ul>
 *   <li>a board's version: the hash of its descriptor as parsed, without its origin (where it was loaded
 *       from differs between machines);</li>
 *   <li>a feature's version: the hash of every entry (name and content) of the jar its class comes from
 *       (ringlab's bundles are reproducible: same sources, same entries; the jar's time stamps are left out),
 *       or of every class file under its class folder in a development tree.</li>
 * </ul>
 */
public final class RunKey {
    /** Hex characters kept: 64 bits, ample for the runs of one folder. */
    public static final int LENGTH = 16;
    // NaN is written, not refused: an absolute published row has no change (Board.Published.receiverChangePercent)
    private static final Gson GSON = new GsonBuilder().serializeSpecialFloatingPointValues().create();
    private final Map<Object, String> versions = new ConcurrentHashMap<>();

    /** The key of a run whose board and features are these (the resolved feature ids, in order). */
    public String of(RunSpec spec, Board board, List<DriverFeature> features) {
        StringBuilder in = new StringBuilder(GSON.toJson(spec)).append('\n');
        in.append("board ").append(board.id()).append(' ').append(boardVersion(board)).append('\n');
        for (DriverFeature f : features) in.append("feature ").append(f.id()).append(' ').append(featureVersion(f)).append('\n');
        return sha256(in.toString().getBytes(StandardCharsets.UTF_8)).substring(0, LENGTH);
    }

    String boardVersion(Board b) {
        return versions.computeIfAbsent(b, x -> {
            JsonObject tree = GSON.toJsonTree(b).getAsJsonObject();
            tree.remove("origin");
            return sha256(GSON.toJson(tree).getBytes(StandardCharsets.UTF_8));
        });
    }

    String featureVersion(DriverFeature f) {
        return versions.computeIfAbsent(f.getClass(), x -> codeHash(f.getClass()));
    }

    private static String codeHash(Class<?> c) {
        CodeSource cs = c.getProtectionDomain().getCodeSource();
        try {
            if (cs != null && cs.getLocation() != null) {
                Path p = Path.of(cs.getLocation().toURI());
                if (Files.isRegularFile(p)) return jarHash(p);
                if (Files.isDirectory(p)) return folderHash(p);
            }
            // no code source (e.g. a custom loader): the class's own bytes
            try (InputStream in = c.getResourceAsStream("/" + c.getName().replace('.', '/') + ".class")) {
                if (in == null) throw new IllegalStateException("cannot read the class of feature " + c.getName());
                return sha256(in.readAllBytes());
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the code of " + c.getName(), e);
        } catch (URISyntaxException | IllegalArgumentException e) {
            throw new IllegalStateException("cannot locate the code of " + c.getName() + ": " + e.getMessage(), e);
        }
    }

    /**
     * Every entry of a jar, by name and content: not the jar file's bytes, which hold each entry's time
     * stamp and so change with every rebuild of the same sources.
     */
    static String jarHash(Path jar) throws IOException {
        MessageDigest md = digest();
        try (java.util.jar.JarFile j = new java.util.jar.JarFile(jar.toFile())) {
            List<java.util.jar.JarEntry> entries = j.stream().filter(e -> !e.isDirectory())
                    .sorted(java.util.Comparator.comparing(java.util.jar.JarEntry::getName)).toList();
            for (java.util.jar.JarEntry e : entries) {
                md.update(e.getName().getBytes(StandardCharsets.UTF_8));
                try (InputStream in = j.getInputStream(e)) {
                    md.update(in.readAllBytes());
                }
            }
        }
        return HexFormat.of().formatHex(md.digest());
    }

    /** Every class file under a class folder, by relative path and content. */
    private static String folderHash(Path root) throws IOException {
        MessageDigest md = digest();
        try (Stream<Path> files = Files.walk(root)) {
            for (Path f : files.filter(x -> x.toString().endsWith(".class")).sorted().toList()) {
                md.update(root.relativize(f).toString().replace('\\', '/').getBytes(StandardCharsets.UTF_8));
                md.update(Files.readAllBytes(f));
            }
        }
        return HexFormat.of().formatHex(md.digest());
    }

    static String sha256(byte[] bytes) {
        return HexFormat.of().formatHex(digest().digest(bytes));
    }

    private static MessageDigest digest() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java has SHA-256", e);
        }
    }
}
