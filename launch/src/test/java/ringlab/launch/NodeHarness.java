package ringlab.launch;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.net.http.HttpClient;
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
final class NodeHarness extends NodeClient implements AutoCloseable {
    private static final Pattern START_LEVEL = Pattern.compile(";startlevel=(\\d+)");

    Framework framework;
    /** Framework properties over the defaults (a short idle timeout, another address), applied at every start. */
    final Map<String, String> properties = new HashMap<>();

    NodeHarness() throws IOException {
        super(Files.createTempDirectory("ringlab-node-it"));
    }

    /** Starts the framework; the storage in DATA/felix-cache is kept from an earlier start (as ./ringlab does). */
    NodeHarness start() throws Exception {
        Path jar = Path.of(System.getProperty("ringlab.node.jar", "target/ringlab.jar"));
        assertTrue(Files.isRegularFile(jar), "exported node jar missing: " + jar);
        if (!samePort) port = freePort();
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
            config.put("felix.fileinstall.tmpdir", data.resolve("fileinstall-tmp").toString());
            config.put("felix.fileinstall.poll", "200");
            if (scheme.equals("https")) {
                config.put("org.osgi.service.http.port.secure", Integer.toString(port));
                config.put("org.apache.felix.http.enable", "false");
            }
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
        awaitRunning();
        return this;
    }

    /**
     * Serves HTTPS only (as ./ringlab --tls-keystore does) with this keystore and password; the harness's requests
     * go through a client that trusts {@code trust}.
     */
    NodeHarness https(Path keystore, String password, javax.net.ssl.SSLContext trust) {
        scheme = "https";
        properties.put("org.apache.felix.https.enable", "true");
        properties.put("org.apache.felix.https.keystore", keystore.toString());
        properties.put("org.apache.felix.https.keystore.type", "PKCS12");
        properties.put("org.apache.felix.https.keystore.password", password);
        properties.put("org.apache.felix.https.keystore.key.password", password);
        http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).sslContext(trust).build();
        return this;
    }

    private boolean samePort;

    /** Stops and starts the node again on the same port (a browser tab keeps its origin), data and storage kept. */
    NodeHarness restart() throws Exception {
        stop();
        samePort = true;
        try {
            return start();
        } finally {
            samePort = false;
        }
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

    /** A service of a running framework, waited for; by class name (the test's class path has its own API classes). */
    static Object service(BundleContext context, String className) throws InterruptedException {
        org.osgi.util.tracker.ServiceTracker<Object, Object> t = new org.osgi.util.tracker.ServiceTracker<>(context, className, null);
        t.open(true);
        Object s = t.waitForService(WAIT.toMillis());
        org.junit.jupiter.api.Assertions.assertNotNull(s, "no " + className + " service within " + WAIT);
        return s;
    }
}
