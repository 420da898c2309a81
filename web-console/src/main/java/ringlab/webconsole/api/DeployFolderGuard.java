package ringlab.webconsole.api;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import org.apache.felix.fileinstall.ArtifactInstaller;
import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;
import org.osgi.framework.Constants;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import ringlab.node.EventLog;
import ringlab.node.NodeData;
import ringlab.node.NodeEvent.Kind;

/**
 * FileInstall asks its registered installers before its own bundle handling (this one ranks high), so this
 * one claims the jars in the deploy folder that must not become bundles: a symbolic name already installed
 * otherwise (through the API or by the node's launcher: FileInstall would update that bundle, take it over
 * and uninstall it when the file goes) or from another file of the folder, a jar exporting ringlab.* or infrastructure packages, a manifest
 * over {@link JarManifest#MAX_BYTES} or two manifests, a file that is no jar at all. Such a jar is moved to DATA/deploy-refused/ (so a later scan, or the
 * first scan after a restart, before this service is back, cannot pick it up) with a bundle_refused event.
 */
@Component(service = ArtifactInstaller.class, property = Constants.SERVICE_RANKING + ":Integer=1000")
public final class DeployFolderGuard implements ArtifactInstaller {
    static final String REFUSED_DIR = "deploy-refused";

    @Reference
    private EventLog events;
    @Reference
    private NodeData data;

    private BundleContext context;
    private Infrastructure infra;

    @Activate
    void activate(BundleContext ctx) {
        context = ctx;
        infra = new Infrastructure(ctx);
    }

    @Override
    public boolean canHandle(File file) {
        return file.getName().endsWith(".jar") && refusal(file) != null;
    }

    @Override
    public void install(File file) throws IOException {
        String why = refusal(file);
        if (why == null) return; // changed since canHandle: the next scan sees it again
        Path dir = data.dir().resolve(REFUSED_DIR);
        Files.createDirectories(dir);
        Path to = dir.resolve(file.getName());
        Files.move(file.toPath(), to, StandardCopyOption.REPLACE_EXISTING);
        events.record(Kind.BUNDLE_REFUSED, file.getName(), "deploy/" + file.getName() + " refused: " + why + " (moved to " + to + ")");
    }

    @Override
    public void update(File file) throws IOException { install(file); }

    @Override
    public void uninstall(File file) {
        // nothing was installed from it
    }

    /** Why the jar must not be installed from the deploy folder, or null to leave it to FileInstall. */
    String refusal(File file) {
        JarManifest mf;
        try {
            mf = JarManifest.read(file.toPath());
        } catch (NoSuchFileException e) {
            return null; // gone since the scan
        } catch (IOException e) {
            // FileInstall hands a file over only once two scans found it unchanged, so this is no jar still
            // being copied: without this, FileInstall would fail on it at every scan and say so nowhere
            return "not a jar (" + e.getMessage() + ")";
        } catch (IllegalArgumentException e) {
            // a manifest too large or two of them; "not a bundle" (no manifest, no name) is FileInstall's call
            return e.getMessage().startsWith("refused: ") ? e.getMessage().substring("refused: ".length()) : null;
        }
        Path self = file.toPath().toAbsolutePath().normalize();
        for (Bundle b : context.getBundles()) {
            if (!mf.symbolicName().equals(b.getSymbolicName())) continue;
            Path from = infra.deployFile(b);
            if (from == null) {
                return "bundle " + mf.symbolicName() + " is already installed as bundle " + b.getBundleId()
                        + (b.getLocation().startsWith(Infrastructure.API_LOCATION) ? " through the API (PUT /api/v1/bundles/" + b.getBundleId() + " updates it)"
                                : " by the node") + "; the deploy folder manages only the bundles it installed";
            }
            if (!from.equals(self)) { // its own file is an update, which FileInstall makes; another file would be a second copy
                return "bundle " + mf.symbolicName() + " is already installed as bundle " + b.getBundleId() + " from deploy/"
                        + from.getFileName() + " (replace that file to update it)";
            }
        }
        try {
            infra.checkExports(mf);
        } catch (IllegalArgumentException e) {
            return e.getMessage();
        }
        return null;
    }
}
