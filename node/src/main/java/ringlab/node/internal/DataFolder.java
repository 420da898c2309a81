package ringlab.node.internal;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.HexFormat;
import java.util.Set;
import org.osgi.framework.BundleContext;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import ringlab.node.NodeData;

/**
 * The node's data folder (framework property ringlab.data, ./ringlab --data DIR; default ringlab-data)
 * and the API token kept in it: generated with SecureRandom at first start, stored in DATA/token with
 * owner-only permissions (rw-------), printed once, when it is created (later starts name the file only:
 * a token in every start's output ends up in logs and scrollback). DATA/deploy is FileInstall's folder.
 */
@Component(service = NodeData.class, immediate = true)
public final class DataFolder implements NodeData {
    static final String PROPERTY = "ringlab.data";

    private Path dir;
    private String token;

    @Activate
    void activate(BundleContext context) throws IOException {
        String d = context.getProperty(PROPERTY);
        dir = Path.of(d == null || d.isBlank() ? "ringlab-data" : d).toAbsolutePath().normalize();
        boolean existed = Files.isRegularFile(dir.resolve("token")) && Files.size(dir.resolve("token")) > 0;
        token = loadOrCreateToken(dir);
        Files.createDirectories(dir.resolve("deploy"));
        System.out.println(announcement(existed ? null : token, dir.resolve("token")));
    }

    @Override
    public Path dir() { return dir; }

    /** Constant-time comparison with the stored token. */
    @Override
    public boolean acceptsToken(String candidate) {
        return candidate != null && MessageDigest.isEqual(
                candidate.getBytes(StandardCharsets.UTF_8), token.getBytes(StandardCharsets.UTF_8));
    }

    /** The start line about the token: the token itself only when it was just created ({@code created} not null). */
    static String announcement(String created, Path file) {
        return created != null
                ? "ringlab: API token " + created + " (new; stored in " + file + ", owner-only; printed only this once)"
                : "ringlab: API token in " + file + " (./ringlab deploy reads it there; the console's login asks for it)";
    }

    static String loadOrCreateToken(Path dir) throws IOException {
        Path file = dir.resolve("token");
        boolean posix = dir.getFileSystem().supportedFileAttributeViews().contains("posix");
        if (!Files.isDirectory(dir)) {
            if (posix) Files.createDirectories(dir, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
            else Files.createDirectories(dir);
        }
        if (Files.isRegularFile(file)) {
            String t = Files.readString(file, StandardCharsets.UTF_8).trim();
            if (!t.isEmpty()) {
                if (posix) Files.setPosixFilePermissions(file, ownerOnly()); // repair a copied file
                return t;
            }
        }
        byte[] raw = new byte[32];
        new SecureRandom().nextBytes(raw);
        String t = HexFormat.of().formatHex(raw);
        try {
            // created with its final permissions, so it is never readable by others, not even briefly
            if (posix) Files.createFile(file, PosixFilePermissions.asFileAttribute(ownerOnly()));
            else Files.createFile(file);
        } catch (FileAlreadyExistsException empty) {
            if (posix) Files.setPosixFilePermissions(file, ownerOnly());
        }
        Files.writeString(file, t + "\n", StandardCharsets.UTF_8);
        if (!posix) {
            file.toFile().setReadable(false, false);
            file.toFile().setReadable(true, true);
            file.toFile().setWritable(false, false);
            file.toFile().setWritable(true, true);
        }
        return t;
    }

    private static Set<PosixFilePermission> ownerOnly() {
        return PosixFilePermissions.fromString("rw-------");
    }
}
