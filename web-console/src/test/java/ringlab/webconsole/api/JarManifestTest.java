package ringlab.webconsole.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;
import org.junit.jupiter.api.Test;

class JarManifestTest {

    static byte[] jar(String... headers) throws IOException {
        Manifest mf = new Manifest();
        Attributes a = mf.getMainAttributes();
        a.put(Attributes.Name.MANIFEST_VERSION, "1.0");
        for (int i = 0; i < headers.length; i += 2) a.putValue(headers[i], headers[i + 1]);
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (JarOutputStream jar = new JarOutputStream(bytes, mf)) {
            jar.putNextEntry(new JarEntry("a.txt"));
            jar.write("x".getBytes(StandardCharsets.UTF_8));
            jar.closeEntry();
        }
        return bytes.toByteArray();
    }

    @Test
    void readsTheNameAndTheExportedPackagesQuotesAndDirectivesAside() throws IOException {
        JarManifest m = JarManifest.read(jar("Bundle-SymbolicName", "x.y;singleton:=true",
                "Export-Package", "a.b;version=\"1.0\";uses:=\"c.d,e.f\",g.h;i.j;version=2,k"));
        assertEquals("x.y", m.symbolicName());
        assertEquals(List.of("a.b", "g.h", "i.j", "k"), m.exports());
    }

    @Test
    void aManifestOverTheBoundIsRefusedWithoutReadingItAll() throws IOException {
        // 64 MiB of manifest compress to a few hundred KiB: only the first MiB is ever inflated
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> JarManifest.read(jar("Bundle-SymbolicName", "big", "X-Padding", "a".repeat(64 << 20))));
        assertTrue(e.getMessage().contains("manifest is larger than 1048576 bytes"), e.getMessage());
    }

    @Test
    void notAJarNoManifestOrNoNameAreNotBundles() throws IOException {
        assertTrue(assertThrows(IllegalArgumentException.class, () -> JarManifest.read("text".getBytes(StandardCharsets.UTF_8)))
                .getMessage().startsWith("not a bundle: the body is not a jar"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> JarManifest.read(jar()))
                .getMessage().contains("no Bundle-SymbolicName"));
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ZipOutputStream zip = new ZipOutputStream(bytes)) {
            zip.putNextEntry(new ZipEntry("a.txt"));
            zip.closeEntry();
        }
        assertTrue(assertThrows(IllegalArgumentException.class, () -> JarManifest.read(bytes.toByteArray()))
                .getMessage().contains("no META-INF/MANIFEST.MF"));
    }
    /** A zip of the given entries (name, text), as ZipOutputStream writes them. */
    static byte[] zip(String... entries) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ZipOutputStream zip = new ZipOutputStream(bytes)) {
            for (int i = 0; i < entries.length; i += 2) {
                zip.putNextEntry(new ZipEntry(entries[i]));
                zip.write(entries[i + 1].getBytes(StandardCharsets.UTF_8));
            }
        }
        return bytes.toByteArray();
    }

    static final String HARMLESS = "Manifest-Version: 1.0\r\nBundle-SymbolicName: t.harmless\r\n\r\n";
    static final String EXPORTS_SPI = "Manifest-Version: 1.0\r\nBundle-SymbolicName: t.harmless\r\nExport-Package: ringlab.spi.feature\r\n\r\n";

    @Test
    void aJarWithTwoManifestsIsRefusedWhateverTheirCaseOrOrder() throws IOException {
        // the framework reads META-INF/MANIFEST.MF exactly, from the central directory; a check that took the first
        // entry matching in any case read the harmless one and let the other, exporting ringlab.*, be installed
        for (byte[] jar : List.of(zip("meta-inf/manifest.mf", HARMLESS, "META-INF/MANIFEST.MF", EXPORTS_SPI),
                zip("META-INF/MANIFEST.MF", EXPORTS_SPI, "Meta-Inf/Manifest.MF", HARMLESS))) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> JarManifest.read(jar));
            assertTrue(e.getMessage().startsWith("refused: the jar has 2 manifests"), e.getMessage());
        }
        // the same name twice: ZipOutputStream refuses that, so the second name is written one letter off and mended
        byte[] twice = zip("META-INF/MANIFEST.MF", HARMLESS, "META-INF/MANIFEST.MX", EXPORTS_SPI);
        String latin = new String(twice, StandardCharsets.ISO_8859_1).replace("MANIFEST.MX", "MANIFEST.MF");
        byte[] same = latin.getBytes(StandardCharsets.ISO_8859_1);
        assertTrue(assertThrows(IllegalArgumentException.class, () -> JarManifest.read(same)).getMessage().contains("2 manifests"));
    }

    @Test
    void aManifestInOtherLetterCaseIsNotTheFrameworksAndSaidSo() throws IOException {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> JarManifest.read(zip("meta-inf/manifest.mf", HARMLESS)));
        assertTrue(e.getMessage().startsWith("not a bundle: the jar has no META-INF/MANIFEST.MF (its meta-inf/manifest.mf is not read"), e.getMessage());
    }
}
