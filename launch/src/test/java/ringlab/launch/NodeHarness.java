package ringlab.launch;

import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.google.gson.JsonElement;
import com.google.gson.JsonParser;
import java.io.IOException;
import java.io.InputStream;
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
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.ServiceLoader;
import java.util.function.Supplier;
import java.util.jar.JarFile;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;
import org.osgi.framework.Constants;
import org.osgi.framework.launch.Framework;
import org.osgi.framework.launch.FrameworkFactory;
import org.osgi.framework.startlevel.BundleStartLevel;

/**
 * A node in this JVM, started like NodeIT does (the exported jar's bundles, start levels and
 * properties) with a data folder and a framework storage that can be kept across a restart, on a free
 * loopback port; plus HTTP helpers for the REST API (with or without the token) and bounded waits.
 */
final class NodeHarness implements AutoCloseable {
    static final Duration WAIT = Duration.ofSeconds(20);
    private static final Pattern START_LEVEL = Pattern.compile(";startlevel=(\\d+)");

    final Path root;
    final Path data;
    /** Framework properties set on top of the exported node's (e.g. a short bundle start deadline). */
    final Map<String, String> properties = new HashMap<>();
    Framework framework;
    int port;
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();

    /** A JSON answer: HTTP status and parsed body. */
    record Answer(int status, JsonElement json, String body) {
        String error() { return json != null && json.isJsonObject() && json.getAsJsonObject().has("error") ? json.getAsJsonObject().get("error").getAsString() : null; }
    }

    NodeHarness() throws IOException {
        root = Files.createTempDirectory("ringlab-node-it");
        data = root.resolve("data");
    }

    /** Starts the framework; the storage in DATA/felix-cache is kept from an earlier start (as ./ringlab does). */
    NodeHarness start() throws Exception {
        Path jar = Path.of(System.getProperty("ringlab.node.jar", "target/ringlab.jar"));
        assertTrue(Files.isRegularFile(jar), "exported node jar missing: " + jar);
        port = freePort();
        Files.createDirectories(data.resolve("deploy"));
        try (JarFile exported = new JarFile(jar.toFile())) {
            Properties launcher = new Properties();
            try (InputStream in = exported.getInputStream(exported.getEntry("launcher.properties"))) {
                launcher.load(in);
            }
            Map<String, String> config = new HashMap<>();
            launcher.stringPropertyNames().stream().filter(k -> !k.startsWith("launch."))
                    .forEach(k -> config.put(k, launcher.getProperty(k)));
            config.put(Constants.FRAMEWORK_STORAGE, data.resolve("felix-cache").toString());
            config.put("org.osgi.service.http.port", Integer.toString(port));
            config.put("org.apache.felix.http.host", "127.0.0.1");
            config.put("ringlab.data", data.toString());
            config.put("felix.fileinstall.dir", data.resolve("deploy").toString());
            config.put("felix.fileinstall.poll", "200");
            config.putAll(properties);

            framework = ServiceLoader.load(FrameworkFactory.class).findFirst()
                    .orElseThrow(() -> new AssertionError("no OSGi framework on the test class path")).newFramework(config);
            framework.init();
            BundleContext context = framework.getBundleContext();
            String[] paths = launcher.getProperty("launch.bundles").split(",");
            String[] attrs = launcher.getProperty("launch.runbundles.attrs", "").split(",");
            int defaultLevel = Integer.parseInt(launcher.getProperty("launch.startlevel.default", "1"));
            List<Bundle> installed = new ArrayList<>();
            for (int i = 0; i < paths.length; i++) {
                try (InputStream in = exported.getInputStream(exported.getEntry(paths[i]))) {
                    // the same location again after a restart: the framework returns the kept bundle
                    Bundle b = context.installBundle("embedded:" + paths[i], in);
                    Matcher m = START_LEVEL.matcher(i < attrs.length ? attrs[i] : "");
                    b.adapt(BundleStartLevel.class).setStartLevel(m.find() ? Integer.parseInt(m.group(1)) : defaultLevel);
                    installed.add(b);
                }
            }
            for (Bundle b : installed) {
                if (b.getHeaders().get(Constants.FRAGMENT_HOST) == null) b.start();
            }
        }
        framework.start();
        await("node running", () -> {
            Answer a = get("/status");
            return a.status() == 200 && List.of("running", "paused").contains(a.json().getAsJsonObject().get("state").getAsString());
        });
        return this;
    }

    void stop() throws Exception {
        if (framework != null) {
            framework.stop();
            framework.waitForStop(WAIT.toMillis());
            framework = null;
        }
    }

    @Override
    public void close() throws Exception {
        stop();
        try (Stream<Path> files = Files.walk(root)) {
            files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        }
    }

    String token() {
        try {
            return Files.readString(data.resolve("token"), StandardCharsets.UTF_8).trim();
        } catch (IOException e) {
            throw new AssertionError(e);
        }
    }

    Answer get(String path) { return send("GET", path, null, null, token()); }

    Answer put(String path, String json) { return send("PUT", path, json.getBytes(StandardCharsets.UTF_8), "application/json", token()); }

    Answer post(String path, byte[] body) { return send("POST", path, body, "application/java-archive", token()); }

    Answer delete(String path) { return send("DELETE", path, null, null, token()); }

    Answer send(String method, String path, byte[] body, String contentType, String token) {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/api/v1" + path))
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
