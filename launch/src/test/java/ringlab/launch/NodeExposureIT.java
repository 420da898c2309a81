package ringlab.launch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.Callable;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import ringlab.launch.NodeClient.Answer;

/**
 * How the node shows itself: plain HTTP beyond loopback is said loudly at start (stderr and event log), HTTPS
 * with a keystore serves the API to a client that trusts its certificate, and the API token is printed once,
 * when it is created, never at later starts.
 */
@Timeout(180)
class NodeExposureIT {
    private NodeHarness node;

    @AfterEach
    void stop() throws Exception {
        if (node != null) node.close();
    }

    /** What {@code action} printed on stdout and stderr (also passed through). */
    static String output(Callable<?> action) throws Exception {
        PrintStream out = System.out, err = System.err;
        ByteArrayOutputStream seen = new ByteArrayOutputStream();
        System.setOut(new PrintStream(tee(out, seen), true));
        System.setErr(new PrintStream(tee(err, seen), true));
        try {
            action.call();
        } finally {
            System.setOut(out);
            System.setErr(err);
        }
        return seen.toString(StandardCharsets.UTF_8);
    }

    private static OutputStream tee(OutputStream a, OutputStream b) {
        return new OutputStream() {
            @Override public synchronized void write(int c) throws IOException {
                a.write(c);
                b.write(c);
            }

            @Override public synchronized void write(byte[] buf, int off, int len) throws IOException {
                a.write(buf, off, len);
                b.write(buf, off, len);
            }
        };
    }

    @Test
    void plainHttpOnEveryInterfaceIsWarnedAboutLoudly() throws Exception {
        node = new NodeHarness();
        node.properties.put("org.apache.felix.http.host", "0.0.0.0");
        String printed = output(node::start);
        assertTrue(printed.contains("ringlab: WARNING: plain HTTP on 0.0.0.0:" + node.port + " (every interface)"), printed);
        assertTrue(printed.contains("--tls-keystore"), printed);
        Answer events = node.get("/events");
        assertTrue(events.body().contains("\"kind\": \"warning\"") && events.body().contains("plain HTTP on 0.0.0.0"), events.body());
    }

    @Test
    void loopbackIsQuietAndTheTokenIsPrintedOnlyWhenCreated() throws Exception {
        node = new NodeHarness();
        String first = output(node::start);
        String token = node.token();
        assertTrue(first.contains("API token " + token + " (new;"), first);
        assertFalse(first.contains("WARNING"), "loopback: no warning: " + first);
        node.stop();
        String second = output(node::start);
        assertFalse(second.contains(token), "the token is not printed at a later start: " + second);
        assertTrue(second.contains("API token in " + node.data.resolve("token")), second);
        assertEquals(200, node.get("/status").status(), "the same token still works");
    }

    @Test
    void httpsWithAKeystoreServesTheApiAndPlainHttpIsOff() throws Exception {
        node = new NodeHarness();
        TestKeystore keystore = TestKeystore.create(node.root);
        node.https(keystore.file(), keystore.password(), keystore.trust());
        node.properties.put("org.apache.felix.http.host", "0.0.0.0"); // HTTPS on every interface: nothing to warn about
        String printed = output(node::start); // waits for GET /status over HTTPS
        assertFalse(printed.contains("WARNING"), printed);
        assertTrue(printed.contains("https://0.0.0.0:" + node.port + "/login?code="), "the console link is https: " + printed);
        Answer status = node.get("/status");
        assertEquals(200, status.status(), status.body());
        assertEquals(200, node.put("/scenario", "{\"seed\": 3}").status());

        // plain HTTP to the same port gets no API answer, and a client that does not trust the certificate fails
        try {
            HttpResponse<String> plain = HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + node.port + "/api/v1/status"))
                    .header("Authorization", "Bearer " + node.token()).build(), HttpResponse.BodyHandlers.ofString());
            assertNotEquals(200, plain.statusCode(), plain.body());
        } catch (IOException refused) {
            // also fine: no plain HTTP spoken there
        }
        try {
            HttpClient.newHttpClient().send(HttpRequest.newBuilder(node.api("/status")).build(), HttpResponse.BodyHandlers.ofString());
            throw new AssertionError("an untrusted certificate was accepted");
        } catch (javax.net.ssl.SSLHandshakeException expected) {
            // the default trust store does not know the node's certificate
        }
    }
}
