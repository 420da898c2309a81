package ringlab.node.internal;

import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** Plain HTTP beyond this machine is said at start; loopback and HTTPS-only are quiet. */
class HttpExposureTest {
    @Test
    void plainHttpOnANonLoopbackAddressIsWarnedAbout() {
        String all = HttpExposure.warning("0.0.0.0", true, "8080");
        assertTrue(all.startsWith("plain HTTP on 0.0.0.0:8080 (every interface)"), all);
        assertTrue(all.contains("--tls-keystore"), all);
        assertTrue(HttpExposure.warning(null, true, null).startsWith("plain HTTP on every interface:8080"));
        assertTrue(HttpExposure.warning("::", true, "9000").contains("(every interface)"));
        assertTrue(HttpExposure.warning("192.0.2.7", true, "8080").startsWith("plain HTTP on 192.0.2.7:8080:"));
    }

    @Test
    void loopbackOrNoPlainHttpIsQuiet() {
        for (String lo : new String[] {"127.0.0.1", "127.0.0.2", "::1", "localhost"}) assertNull(HttpExposure.warning(lo, true, "8080"), lo);
        assertNull(HttpExposure.warning("0.0.0.0", false, "8080"), "HTTPS only");
    }
}
