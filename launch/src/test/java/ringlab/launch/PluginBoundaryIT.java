package ringlab.launch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.jar.Attributes;
import java.util.jar.JarFile;
import java.util.jar.JarInputStream;
import java.util.jar.Manifest;
import org.junit.jupiter.api.Test;

/**
 * The plug-in boundary as the bundles' manifests declare it: plug-ins (every feature and board bundle)
 * import only the SPI bundle's packages, and the runtime exports only the ringlab.sim packages that the
 * node, the web console and the CLI import, so a plug-in cannot wire to the simulation core.
 */
class PluginBoundaryIT {
    @Test
    void pluginsImportOnlyTheSpiAndTheRuntimeExportsOnlyWhatTheNodeAndCliUse() throws IOException {
        Map<String, Attributes> node = nodeBundles();
        Set<String> used = new TreeSet<>();
        for (String user : List.of("ringlab.node", "ringlab.web.console")) used.addAll(sim(names(node.get(user), "Import-Package")));
        try (InputStream in = Files.newInputStream(Path.of("target/classes/META-INF/MANIFEST.MF"))) {
            used.addAll(sim(names(new Manifest(in).getMainAttributes(), "Import-Package"))); // the CLI (launch)
        }
        assertTrue(used.contains("ringlab.sim.report"), "read the users' imports: " + used);
        assertEquals(used, new TreeSet<>(names(node.get("ringlab.runtime"), "Export-Package")), "ringlab.runtime's exports");
        assertEquals(Set.of("ringlab.spi.board", "ringlab.spi.driver", "ringlab.spi.feature", "ringlab.spi.net"),
                new TreeSet<>(names(node.get("ringlab.spi"), "Export-Package")), "ringlab.spi's exports");

        Map<String, Attributes> plugins = new TreeMap<>();
        node.forEach((bsn, mf) -> { if (bsn.startsWith("ringlab.feature.") || bsn.startsWith("ringlab.hardware.")) plugins.put(bsn, mf); });
        plugins.put("ringlab.feature.fault.injection", manifest(FaultIT.faultInjectionJar()));
        assertTrue(plugins.size() >= 22, "features and boards: " + plugins.keySet());
        List<String> wrong = new ArrayList<>();
        plugins.forEach((bsn, mf) -> {
            for (String p : names(mf, "Import-Package")) if (p.startsWith("ringlab.") && !p.startsWith("ringlab.spi.")) wrong.add(bsn + " imports " + p);
            if (mf.getValue("Require-Bundle") != null) wrong.add(bsn + " requires bundles: " + mf.getValue("Require-Bundle"));
        });
        assertEquals(List.of(), wrong, "plug-ins that reach past the SPI");
    }

    /** The main attributes of each bundle in the exported node jar, by symbolic name. */
    static Map<String, Attributes> nodeBundles() throws IOException {
        Path jar = Path.of(System.getProperty("ringlab.node.jar", "target/ringlab.jar"));
        Map<String, Attributes> out = new TreeMap<>();
        try (JarFile exported = new JarFile(jar.toFile())) {
            Properties launcher = new Properties();
            try (InputStream in = exported.getInputStream(exported.getEntry("launcher.properties"))) {
                launcher.load(in);
            }
            for (String path : launcher.getProperty("launch.bundles").split(",")) {
                try (InputStream in = exported.getInputStream(exported.getEntry(path))) {
                    Attributes mf = manifest(in.readAllBytes());
                    out.put(mf.getValue("Bundle-SymbolicName").split(";")[0].trim(), mf);
                }
            }
        }
        return out;
    }

    static Attributes manifest(byte[] jar) throws IOException {
        try (JarInputStream in = new JarInputStream(new ByteArrayInputStream(jar))) {
            return in.getManifest().getMainAttributes();
        }
    }

    /** The names in a package header (clauses split at commas outside quotes, attributes dropped). */
    static List<String> names(Attributes mf, String header) {
        List<String> names = new ArrayList<>();
        String v = mf.getValue(header);
        if (v == null) return names;
        boolean quoted = false;
        int start = 0;
        for (int i = 0; i <= v.length(); i++) {
            if (i < v.length() && v.charAt(i) == '"') quoted = !quoted;
            if (i == v.length() || (v.charAt(i) == ',' && !quoted)) {
                names.add(v.substring(start, i).split(";")[0].trim());
                start = i + 1;
            }
        }
        return names;
    }

    static List<String> sim(List<String> packages) {
        return packages.stream().filter(p -> p.equals("ringlab.sim") || p.startsWith("ringlab.sim.")).toList();
    }
}
