package ringlab.webconsole.api;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.jar.Manifest;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import org.osgi.framework.Constants;

/**
 * The OSGi headers of an uploaded jar, read before the framework sees it. The manifest is read with a
 * bound ({@link #MAX_BYTES}): a small jar may carry a manifest of a gigabyte, which the framework would
 * parse in full at install and again at every start.
 *
 * @param symbolicName Bundle-SymbolicName without its directives
 * @param exports the packages named in Export-Package
 * @param manifest the whole manifest
 */
record JarManifest(String symbolicName, List<String> exports, Manifest manifest) {
    static final int MAX_BYTES = 1 << 20;
    private static final String NAME = "META-INF/MANIFEST.MF";

    /** Reads the jar's manifest; a 400 (IllegalArgumentException) saying why it is not a bundle. */
    static JarManifest read(byte[] jar) {
        if (jar.length == 0) throw new IllegalArgumentException("not a bundle: the request body is empty (send the jar, Content-Type: application/java-archive)");
        Path file = null;
        try {
            file = Files.createTempFile("ringlab-upload-", ".jar");
            Files.write(file, jar);
            return read(file);
        } catch (IOException e) {
            throw new IllegalArgumentException("not a bundle: the body is not a jar (" + e.getMessage() + ")");
        } finally {
            if (file != null) {
                try {
                    Files.deleteIfExists(file);
                } catch (IOException e) {
                    file.toFile().deleteOnExit();
                }
            }
        }
    }

    /**
     * As {@link #read(byte[])}, from a file (a jar in the deploy folder). Read through the zip's central
     * directory, as the framework reads a bundle (Felix opens it with java.util.zip.ZipFile and takes the entry
     * named exactly {@value #NAME}), not entry by entry from the local headers: a jar whose local headers and
     * central directory disagree, or that carries a second manifest (the same name again, or in other letter
     * case), would otherwise pass this check with one manifest and be installed with another.
     */
    static JarManifest read(Path jar) throws IOException {
        byte[] raw;
        try (ZipFile zip = new ZipFile(jar.toFile())) {
            if (zip.size() == 0) throw new IOException("no zip entries");
            List<String> named = zip.stream().map(ZipEntry::getName).filter(n -> n.equalsIgnoreCase(NAME)).toList();
            if (named.size() > 1) {
                throw new IllegalArgumentException("refused: the jar has " + named.size() + " manifests (" + String.join(", ", named)
                        + "): the framework would read one of them and this check perhaps another");
            }
            ZipEntry e = zip.getEntry(NAME);
            if (e == null) {
                throw new IllegalArgumentException("not a bundle: the jar has no " + NAME
                        + (named.isEmpty() ? "" : " (its " + named.get(0) + " is not read: the name is case-sensitive)"));
            }
            if (e.getSize() > MAX_BYTES) throw tooLarge(e.getSize());
            try (InputStream in = zip.getInputStream(e)) {
                raw = in.readNBytes(MAX_BYTES + 1); // the declared size may be absent or false: bounded either way
            }
            if (raw.length > MAX_BYTES) throw tooLarge(-1);
        } catch (IOException | RuntimeException e) {
            if (e instanceof IllegalArgumentException iae) throw iae;
            throw new IOException(e.getMessage() != null ? e.getMessage() : e.toString(), e);
        }
        Manifest mf = new Manifest(new ByteArrayInputStream(raw));
        String bsn = mf.getMainAttributes().getValue(Constants.BUNDLE_SYMBOLICNAME);
        if (bsn == null || bsn.isBlank()) throw new IllegalArgumentException("not a bundle: the manifest has no Bundle-SymbolicName");
        return new JarManifest(bsn.split(";")[0].trim(), packages(mf.getMainAttributes().getValue(Constants.EXPORT_PACKAGE)), mf);
    }

    private static IllegalArgumentException tooLarge(long size) {
        return new IllegalArgumentException("refused: the jar's manifest is larger than " + MAX_BYTES + " bytes"
                + (size > 0 ? " (" + size + ")" : "") + "; a bundle's headers fit in far less");
    }

    /** The package names of an Export-Package header: clauses split at commas outside quotes, names are the parts without '='. */
    static List<String> packages(String header) {
        List<String> out = new ArrayList<>();
        if (header == null) return out;
        for (String clause : split(header, ',')) {
            for (String part : split(clause, ';')) {
                String p = part.trim();
                if (!p.isEmpty() && p.indexOf('=') < 0) out.add(p);
            }
        }
        return out;
    }

    private static List<String> split(String s, char sep) {
        List<String> parts = new ArrayList<>();
        StringBuilder cur = new StringBuilder();
        boolean quoted = false;
        for (char c : s.toCharArray()) {
            if (c == '"') quoted = !quoted;
            if (c == sep && !quoted) {
                parts.add(cur.toString());
                cur.setLength(0);
            } else {
                cur.append(c);
            }
        }
        parts.add(cur.toString());
        return parts;
    }
}
