package ringlab.webconsole.api;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.URL;
import java.util.Enumeration;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;
import org.osgi.framework.Bundle;

/**
 * The jar of a bundle's current revision, rebuilt from its entries (getEntryPaths/getEntry: the bundle's own
 * content, no class loading, no fragments), so that a failed update can be rolled back. The framework's copy
 * in its storage is not reachable through the API, and a location such as "ringlab-api:NAME" is no URL.
 */
final class BundleSnapshot {
    private static final String MANIFEST = "META-INF/MANIFEST.MF";

    private BundleSnapshot() { }

    static byte[] of(Bundle b) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ZipOutputStream zip = new ZipOutputStream(bytes)) {
            copy(b, MANIFEST, zip); // first, as jar readers expect
            add(b, "/", zip);
        }
        return bytes.toByteArray();
    }

    private static void add(Bundle b, String dir, ZipOutputStream zip) throws IOException {
        Enumeration<String> paths = b.getEntryPaths(dir);
        if (paths == null) return;
        while (paths.hasMoreElements()) {
            String p = paths.nextElement();
            if (p.endsWith("/")) {
                zip.putNextEntry(new ZipEntry(p));
                zip.closeEntry();
                add(b, p, zip);
            } else if (!p.equals(MANIFEST)) {
                copy(b, p, zip);
            }
        }
    }

    private static void copy(Bundle b, String path, ZipOutputStream zip) throws IOException {
        URL entry = b.getEntry(path);
        if (entry == null) return;
        zip.putNextEntry(new ZipEntry(path));
        try (InputStream in = entry.openStream()) {
            in.transferTo(zip);
        }
        zip.closeEntry();
    }
}
