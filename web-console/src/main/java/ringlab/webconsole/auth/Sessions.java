package ringlab.webconsole.auth;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.nio.charset.StandardCharsets;
import java.util.HexFormat;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import org.osgi.framework.BundleContext;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Modified;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.metatype.annotations.AttributeDefinition;
import org.osgi.service.metatype.annotations.Designate;
import org.osgi.service.metatype.annotations.ObjectClassDefinition;
import ringlab.node.NodeData;

/**
 * Browser sessions of the console. A person logs in once with the API token, or with the one-time code of
 * the login link printed at node start (like Jupyter's ?token=; also in DATA/console-link until used); the session lives in an HttpOnly,
 * SameSite=Strict cookie, and each session has its own CSRF token that state-changing requests must send.
 * Sessions end at logout, after an idle time, and at a maximum age (PID ringlab.console). Kept in memory:
 * a node restart logs everyone out.
 */
@Component(service = Sessions.class, immediate = true, configurationPid = Sessions.PID)
@Designate(ocd = Sessions.Config.class)
public final class Sessions {
    static final String PID = "ringlab.console";
    /** The session cookie's name. */
    public static final String COOKIE = "ringlab_session";
    /** The file in the data folder holding the current one-time login link. */
    public static final String LINK_FILE = "console-link";

    @ObjectClassDefinition(id = PID, name = "ringlab console", description = "Browser sessions of the web console.")
    @interface Config {
        @AttributeDefinition(description = "A session without a request for this many minutes ends (min)")
        long idleMinutes() default 120;

        @AttributeDefinition(description = "A session ends this many hours after login, whatever its use (h)")
        long maxHours() default 12;
    }

    /**
     * A logged-in browser.
     *
     * @param id the cookie value (random, 256 bits)
     * @param csrf the token state-changing requests of this session must carry in X-CSRF-Token
     */
    public record Session(String id, String csrf, long createdNanos, long lastSeenNanos) { }

    private final Map<String, Session> sessions = new ConcurrentHashMap<>();
    private final SecureRandom random = new SecureRandom();
    private volatile String loginCode;
    private volatile long idleNanos, maxNanos;

    @Reference
    private NodeData data;

    @Activate
    void activate(Config config, BundleContext context) {
        modified(config);
        loginCode = randomHex(16);
        String host = property(context, "org.apache.felix.http.host", "127.0.0.1");
        // HTTPS only when ./ringlab --tls-keystore turned it on (then on the secure port)
        boolean tls = Boolean.parseBoolean(property(context, "org.apache.felix.https.enable", "false"));
        String port = tls ? property(context, "org.osgi.service.http.port.secure", "8443") : property(context, "org.osgi.service.http.port", "8080");
        String link = (tls ? "https://" : "http://") + (host.contains(":") ? "[" + host + "]" : host) + ":" + port + "/login?code=" + loginCode;
        System.out.println("ringlab: console " + link + " (one-time link; afterwards log in with the API token)");
        try {
            // also in the data folder beside the token, owner-only, for whoever starts the node without seeing its output
            Path file = data.dir().resolve(LINK_FILE);
            Files.deleteIfExists(file);
            Files.createFile(file, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
            Files.writeString(file, link + "\n", StandardCharsets.UTF_8);
        } catch (IOException | UnsupportedOperationException e) {
            System.err.println("ringlab: cannot write " + LINK_FILE + " in the data folder: " + e);
        }
    }

    @Modified
    void modified(Config config) {
        idleNanos = TimeUnit.MINUTES.toNanos(Math.max(1, config.idleMinutes()));
        maxNanos = TimeUnit.HOURS.toNanos(Math.max(1, config.maxHours()));
    }

    private static String property(BundleContext c, String key, String otherwise) {
        String v = c.getProperty(key);
        return v == null || v.isBlank() ? otherwise : v.trim();
    }

    /** A new session if {@code secret} is the API token or the unused one-time code (which it then uses up), else null. */
    public synchronized Session login(String secret) {
        if (secret == null || secret.isBlank()) return null;
        String s = secret.trim();
        boolean ok = data.acceptsToken(s);
        String code = loginCode;
        if (!ok && code != null && MessageDigest.isEqual(code.getBytes(StandardCharsets.UTF_8), s.getBytes(StandardCharsets.UTF_8))) {
            loginCode = null; // one time
            try {
                Files.deleteIfExists(data.dir().resolve(LINK_FILE));
            } catch (IOException e) {
                // the code in it is spent anyway
            }
            ok = true;
        }
        if (!ok) return null;
        long now = System.nanoTime();
        Session session = new Session(randomHex(32), randomHex(32), now, now);
        sessions.put(session.id(), session);
        return session;
    }

    /** The live session of a cookie value (its idle clock restarted), or null. */
    public Session find(String id) {
        if (id == null) return null;
        Session s = sessions.get(id);
        if (s == null) return null;
        long now = System.nanoTime();
        if (now - s.lastSeenNanos() > idleNanos || now - s.createdNanos() > maxNanos) {
            sessions.remove(id);
            return null;
        }
        Session seen = new Session(s.id(), s.csrf(), s.createdNanos(), now);
        sessions.replace(id, s, seen);
        return seen;
    }

    /** Ends a session (logout). */
    public void end(String id) {
        if (id != null) sessions.remove(id);
    }

    /** Seconds until the session ends at the latest (its maximum age). */
    public long secondsLeft(Session s) {
        return TimeUnit.NANOSECONDS.toSeconds(Math.max(0, s.createdNanos() + maxNanos - System.nanoTime()));
    }

    private String randomHex(int bytes) {
        byte[] b = new byte[bytes];
        random.nextBytes(b);
        return HexFormat.of().formatHex(b);
    }
}
