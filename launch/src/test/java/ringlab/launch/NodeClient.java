package ringlab.launch;

import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.fail;

import com.google.gson.JsonElement;
import com.google.gson.JsonParser;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.function.Supplier;

/**
 * The REST API of a node seen from a test: its data folder (token, deploy/), its loopback port, JSON
 * calls with or without the token, and bounded waits. NodeHarness runs the node in the test's JVM,
 * ProcessNode in a child JVM (so it can be killed with SIGKILL).
 */
abstract class NodeClient {
    static final Duration WAIT = Duration.ofSeconds(20);

    final Path root;
    final Path data;
    int port;
    HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
    String scheme = "http";

    /** A JSON answer: HTTP status and parsed body. */
    record Answer(int status, JsonElement json, String body) {
        String error() { return json != null && json.isJsonObject() && json.getAsJsonObject().has("error") ? json.getAsJsonObject().get("error").getAsString() : null; }
    }

    NodeClient(Path root) {
        this.root = root;
        this.data = root.resolve("data");
    }

    /** Waits until GET /status answers with the node running or paused. */
    void awaitRunning() {
        await("node running", () -> {
            Answer a = get("/status");
            return a.status() == 200 && List.of("running", "paused").contains(a.json().getAsJsonObject().get("state").getAsString());
        });
    }

    String token() {
        try {
            return Files.readString(data.resolve("token"), StandardCharsets.UTF_8).trim();
        } catch (IOException e) {
            throw new java.io.UncheckedIOException("no token (yet) in " + data, e); // a RuntimeException: await() retries
        }
    }

    Answer get(String path) { return send("GET", path, null, null, token()); }

    Answer put(String path, String json) { return send("PUT", path, json.getBytes(StandardCharsets.UTF_8), "application/json", token()); }

    Answer post(String path, byte[] body) { return send("POST", path, body, "application/java-archive", token()); }

    Answer delete(String path) { return send("DELETE", path, null, null, token()); }

    /** The URL of an API path on this node. */
    URI api(String path) { return URI.create(scheme + "://127.0.0.1:" + port + "/api/v1" + path); }

    Answer send(String method, String path, byte[] body, String contentType, String token) {
        HttpRequest.Builder b = HttpRequest.newBuilder(api(path))
                .timeout(Duration.ofSeconds(10))
                .method(method, body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofByteArray(body));
        if (contentType != null) b.header("Content-Type", contentType);
        if (token != null) b.header("Authorization", "Bearer " + token);
        try {
            HttpResponse<String> r = http.send(b.build(), HttpResponse.BodyHandlers.ofString());
            JsonElement json = null;
            try {
                json = JsonParser.parseString(r.body());
            } catch (RuntimeException notJson) {
                // left null
            }
            return new Answer(r.statusCode(), json, r.body());
        } catch (IOException e) {
            return new Answer(-1, null, e.toString()); // not listening (yet)
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }

    /** Polls until the supplier gives a non-null, non-false value; fails after WAIT. */
    static <T> T await(String what, Supplier<T> probe) {
        long deadline = System.nanoTime() + WAIT.toNanos();
        RuntimeException last = null;
        while (System.nanoTime() < deadline) {
            try {
                T v = probe.get();
                if (v != null && !Boolean.FALSE.equals(v)) return v;
            } catch (RuntimeException e) {
                last = e; // e.g. a field not there yet
            }
            try {
                Thread.sleep(20);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new AssertionError(e);
            }
        }
        return fail("timed out after " + WAIT + " waiting for: " + what + (last != null ? " (last: " + last + ")" : ""));
    }

    static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        }
    }

    static <T> T notNull(T v, String what) {
        assertNotNull(v, what);
        return v;
    }
}
