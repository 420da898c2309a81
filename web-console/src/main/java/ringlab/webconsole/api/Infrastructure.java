package ringlab.webconsole.api;

import java.nio.file.Path;
import java.util.List;
import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;
import org.osgi.framework.wiring.BundleCapability;
import org.osgi.framework.wiring.BundleRevision;
import ringlab.node.BoardCatalog;

/**
 * Which installed bundles are the node's infrastructure: the system bundle and every bundle the node's
 * launcher installed (launch/ringlab.bndrun: SCR, Jetty, ConfigAdmin, Gson, the runtime, Metatype,
 * FileInstall, the node, this web console...) except its content, the board bundles (Ringlab-Board
 * header) and the feature bundles (a DriverFeature service component). Infrastructure cannot be
 * stopped, updated or uninstalled through the API, and no upload may export a package it exports, nor a
 * {@code ringlab.*} package: a later refresh would wire the node's features to the impostor.
 */
final class Infrastructure {
    static final String API_LOCATION = "ringlab-api:";
    private static final String FEATURE_SERVICE = "ringlab.spi.feature.DriverFeature";

    private final BundleContext context;

    Infrastructure(BundleContext context) { this.context = context; }

    /** Installed through the API or from the deploy folder (FileInstall), not by the launcher. */
    boolean uploaded(Bundle b) {
        return b.getLocation().startsWith(API_LOCATION) || fromDeployFolder(b);
    }

    /** Installed by FileInstall from the deploy folder. */
    boolean fromDeployFolder(Bundle b) { return deployFile(b) != null; }

    /**
     * The deploy-folder file a bundle was installed from, or null. FileInstall's locations are File.toURI()
     * ("file:/data/deploy/x.jar"), so they are compared as paths: as text they never began with the folder's
     * Path.toUri() ("file:///data/deploy/"), every bundle of the folder counted as the node's own, and a jar
     * FileInstall offered again after a restart (changed while the node was down, or a kill -9 mid-update) was
     * refused and moved away while its bundle stayed (the chaos soak's test.dropped, stuck after kill -9).
     */
    Path deployFile(Bundle b) {
        String dir = context.getProperty("felix.fileinstall.dir");
        Path file = fileOf(b.getLocation());
        return dir != null && file != null && file.startsWith(Path.of(dir).toAbsolutePath().normalize()) ? file : null;
    }

    /**
     * Refuses (409) to update or uninstall through the API a bundle the deploy folder installed: its file manages
     * it, and would undo the change (FileInstall updates from the file; at the next start the node installs what
     * the folder holds again).
     */
    void folderOwned(Bundle b, String what) throws ApiError {
        Path file = deployFile(b);
        if (file == null) return;
        throw new ApiError(409, "bundle " + b.getBundleId() + " (" + b.getSymbolicName() + ") was installed from deploy/" + file.getFileName()
                + ", which manages it: it cannot be " + what + " through the API (replace the file to update it, remove it to uninstall it)");
    }

    /** The file a file: location names, absolute and normalised; null for any other location. */
    static Path fileOf(String location) {
        if (location == null || !location.startsWith("file:")) return null;
        try {
            return Path.of(java.net.URI.create(location)).toAbsolutePath().normalize();
        } catch (RuntimeException notAFileUri) {
            return null;
        }
    }

    /** The system bundle, or a bundle of the node's own run that is neither a board nor a feature bundle. */
    boolean protects(Bundle b) {
        if (b.getBundleId() == 0) return true;
        if (uploaded(b)) return false;
        if (b.getHeaders("").get(BoardCatalog.HEADER) != null) return false;
        String caps = b.getHeaders("").get("Provide-Capability");
        return caps == null || !caps.contains(FEATURE_SERVICE);
    }

    /** Refuses (400) an operation on an infrastructure bundle. */
    void guard(Bundle b, String what) {
        if (!protects(b)) return;
        String name = b.getBundleId() == 0 ? "the system bundle" : "bundle " + b.getBundleId() + " (" + b.getSymbolicName() + ")";
        throw new IllegalArgumentException(name + " is part of the node's infrastructure and cannot be " + what + " through the API");
    }

    /** Refuses (400) a jar that exports a ringlab.* package or a package an infrastructure bundle exports. */
    void checkExports(JarManifest jar) {
        for (String pkg : jar.exports()) {
            if (pkg.startsWith("ringlab.") || pkg.equals("ringlab")) {
                throw new IllegalArgumentException("bundle " + jar.symbolicName() + " refused: it exports package " + pkg
                        + "; ringlab.* packages belong to the node's own bundles");
            }
            Bundle owner = exporter(pkg);
            if (owner != null) {
                throw new IllegalArgumentException("bundle " + jar.symbolicName() + " refused: it exports package " + pkg
                        + ", which the node's infrastructure provides (bundle " + owner.getBundleId() + ", " + owner.getSymbolicName() + ")");
            }
        }
    }

    private Bundle exporter(String pkg) {
        for (Bundle b : context.getBundles()) {
            BundleRevision rev = b.adapt(BundleRevision.class);
            if (rev == null || !protects(b)) continue;
            List<BundleCapability> caps = rev.getDeclaredCapabilities(BundleRevision.PACKAGE_NAMESPACE);
            for (BundleCapability c : caps) {
                if (pkg.equals(c.getAttributes().get(BundleRevision.PACKAGE_NAMESPACE))) return b;
            }
        }
        return null;
    }
}
