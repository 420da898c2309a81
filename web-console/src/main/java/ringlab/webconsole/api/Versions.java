package ringlab.webconsole.api;

import java.util.Set;
import ringlab.node.NodeConfig;

/**
 * Optimistic concurrency on the configuration routes: a GET answers with an ETag (the configuration's
 * version, ConfigAdmin's change count of its PID), a PUT with If-Match changes only that version and is
 * otherwise refused with 412; without If-Match the last writer wins, merged field by field.
 */
final class Versions {
    private Versions() { }

    /** The routes (paths) whose GET sends an ETag and whose PUT takes If-Match. */
    static final Set<String> PATHS = Set.of("/scenario", "/features/{id}");
    /** Further routes whose change takes If-Match (the version of a resource of {@link #PATHS}) and answers an ETag. */
    static final Set<String> CHANGES = Set.of("/features/{id}/tunables");

    static String etag(long version) { return "\"" + version + "\""; }

    /** Sets the answer's ETag. */
    static void tag(Call c, long version) { c.resp().setHeader("ETag", etag(version)); }

    /** The version the request's If-Match names; {@link NodeConfig#ANY_VERSION} without one or for "*". */
    static long ifMatch(Call c) {
        String h = c.req().getHeader("If-Match");
        if (h == null || h.isBlank() || h.trim().equals("*")) return NodeConfig.ANY_VERSION;
        String v = h.trim();
        if (v.startsWith("W/")) v = v.substring(2);
        if (v.length() >= 2 && v.startsWith("\"") && v.endsWith("\"")) v = v.substring(1, v.length() - 1);
        try {
            long n = Long.parseLong(v);
            if (n >= 0) return n;
        } catch (NumberFormatException e) {
            // below
        }
        throw new IllegalArgumentException("If-Match must be one ETag of this resource, such as \"12\" (or *), not "
                + (h.length() > 100 ? h.substring(0, 100) + "..." : h));
    }
}
