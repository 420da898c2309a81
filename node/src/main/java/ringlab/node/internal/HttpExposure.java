package ringlab.node.internal;

import java.net.InetAddress;
import java.net.UnknownHostException;
import org.osgi.framework.BundleContext;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import ringlab.node.NodeEvent.Kind;

/**
 * Says loudly, at start, when the node serves plain HTTP beyond this machine (./ringlab --bind 0.0.0.0): the
 * API token, console logins and session cookies would cross the network unencrypted. On stderr and in the
 * event log. HTTPS (./ringlab --tls-keystore) or a loopback address keeps it quiet. Reads the Felix HTTP
 * properties the node was started with.
 */
@Component(immediate = true)
public final class HttpExposure {
    static final String HOST = "org.apache.felix.http.host", HTTP = "org.apache.felix.http.enable", PORT = "org.osgi.service.http.port";

    @Reference
    private NodeEvents events;

    @Activate
    void activate(BundleContext context) {
        String warning = warning(context.getProperty(HOST), !"false".equalsIgnoreCase(trim(context.getProperty(HTTP))), context.getProperty(PORT));
        if (warning == null) return;
        System.err.println("ringlab: WARNING: " + warning);
        events.record(Kind.WARNING, "http", warning);
    }

    /** The warning for plain HTTP on {@code host} (null or blank: every interface), or null when it stays on this machine. */
    static String warning(String host, boolean plainHttp, String port) {
        if (!plainHttp) return null;
        String h = trim(host);
        String where = (h == null ? "every interface" : h) + ":" + (trim(port) == null ? "8080" : trim(port));
        if (h != null && loopback(h)) return null;
        return "plain HTTP on " + where + (h != null && anyLocal(h) ? " (every interface)" : "")
                + ": the API token, console logins and session cookies cross the network unencrypted;"
                + " start with --tls-keystore FILE --tls-password-file FILE for HTTPS, or --bind 127.0.0.1";
    }

    private static boolean loopback(String host) {
        try {
            for (InetAddress a : InetAddress.getAllByName(host)) if (!a.isLoopbackAddress()) return false;
            return true;
        } catch (UnknownHostException | SecurityException e) {
            return false; // cannot tell: say it
        }
    }

    private static boolean anyLocal(String host) {
        try {
            return InetAddress.getByName(host).isAnyLocalAddress();
        } catch (UnknownHostException | SecurityException e) {
            return false;
        }
    }

    private static String trim(String v) { return v == null || v.isBlank() ? null : v.trim(); }
}
