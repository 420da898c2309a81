package ringlab.webconsole.api;

import org.osgi.framework.Bundle;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.log.LogEntry;
import org.osgi.service.log.LogListener;
import org.osgi.service.log.LogReaderService;
import org.osgi.service.log.LogService;
import ringlab.node.EventLog;
import ringlab.node.NodeEvent.Kind;

/**
 * What FileInstall fails at with a jar of the deploy folder that {@link DeployFolderGuard} let through (a jar
 * the framework will not install, a bundle whose activator throws at its start) it reports only to the OSGi
 * log, which nobody reads: this puts its errors and warnings in the event log, so the console's Events page
 * and the API's /events show them.
 */
@Component(immediate = true)
public final class DeployFolderLog implements LogListener {
    static final String FILEINSTALL = "org.apache.felix.fileinstall";

    @Reference
    private EventLog events;
    @Reference
    private LogReaderService reader;

    @Activate
    void activate() { reader.addLogListener(this); }

    @Deactivate
    void deactivate() { reader.removeLogListener(this); }

    @Override
    @SuppressWarnings("deprecation") // getLevel: the Log Service 1.3 API the node's Felix Log serves
    public void logged(LogEntry entry) {
        Bundle from = entry.getBundle();
        if (from == null || !FILEINSTALL.equals(from.getSymbolicName()) || entry.getLevel() > LogService.LOG_WARNING) return;
        Throwable e = entry.getException();
        events.record(Kind.WARNING, "deploy", "deploy folder: " + entry.getMessage() + (e == null ? "" : ": " + BundleOps.message(e)));
    }
}
