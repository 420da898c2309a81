package ringlab.launch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonObject;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;
import org.osgi.framework.Constants;
import org.osgi.framework.launch.Framework;

/**
 * Starts Felix in this JVM with exactly the bundles, start levels and properties embedded in the
 * exported node jar (its launcher.properties), on a free loopback port, and checks what a user of
 * ./ringlab node would see. Runs after package (failsafe), so it tests the artifact we ship.
 */
@Timeout(120)
class NodeIT {
    private static final Duration WAIT = NodeHarness.WAIT;

    private NodeHarness node;
    private Framework framework;

    @BeforeEach
    void start() throws Exception {
        node = new NodeHarness().start();
        framework = node.framework;
    }

    @AfterEach
    void stop() throws Exception {
        if (node != null) node.close();
    }

    @Test
    void nodeServesBoardsFeaturesAndARunningSimulation() throws Exception {
        BundleContext context = framework.getBundleContext();
        for (Bundle b : context.getBundles()) {
            boolean fragment = b.getHeaders().get(Constants.FRAGMENT_HOST) != null;
            if (!fragment) {
                assertEquals(Bundle.ACTIVE, b.getState(), b.getSymbolicName() + " did not start");
            }
        }

        // services are looked up by name: the test's class path copies of these types are not
        // the bundle's, but java.util results cross the boundary as they are.
        Object boards = service(context, "ringlab.node.BoardCatalog");
        assertNotNull(service(context, "ringlab.node.FeatureCatalog"), "FeatureCatalog service");
        await("BoardCatalog lists bcm6328", () -> boardIds(boards).contains("bcm6328"));

        JsonObject first = await("node running", () -> {
            JsonObject s = status();
            return s != null && "running".equals(s.get("state").getAsString()) ? s : null;
        });
        assertTrue(first.getAsJsonArray("boards").toString().contains("\"bcm6328\""), first.toString());
        assertEquals("bcm6328", first.getAsJsonObject("scenario").get("board").getAsString());
        assertEquals("-M 512", first.getAsJsonObject("scenario").get("workload").getAsString());
        assertTrue(first.has("features"), first.toString());
        assertTrue(first.has("simulation"), "simulation status: " + first);

        long v1 = first.get("virtual_nanos").getAsLong();
        await("virtual time advances", () -> {
            JsonObject s = status();
            return s != null && s.get("virtual_nanos").getAsLong() > v1;
        });

        // a board goes away with its bundle and comes back with it
        Bundle board = Stream.of(context.getBundles())
                .filter(b -> "ringlab.hardware.bcm6328".equals(b.getSymbolicName())).findFirst().orElseThrow();
        board.stop();
        assertFalse(boardIds(boards).contains("bcm6328"), "board still listed after its bundle stopped");
        board.start();
        assertTrue(boardIds(boards).contains("bcm6328"), "board not listed after its bundle restarted");
    }

    /**
     * The third-party kit end to end: the example board (examples/thirdparty-board, pure data) is packed
     * into a bundle here, as its own pom would (manifest headers from its bnd.bnd plus the descriptor),
     * installed into the running node, listed by the BoardCatalog and /api/v1/status, and run by the
     * node's runner once ConfigAdmin (pid ringlab.scenario) names it.
     */
    @Test
    void thirdPartyBoardDeploysAndRuns() throws Exception {
        BundleContext context = framework.getBundleContext();
        Object boards = service(context, "ringlab.node.BoardCatalog");
        Path example = Path.of(System.getProperty("ringlab.example.board", "../examples/thirdparty-board"));
        Bundle b = context.installBundle("thirdparty:acme-a7", new java.io.ByteArrayInputStream(exampleBundle(example)));
        b.start();
        await("BoardCatalog lists acme-a7", () -> boardIds(boards).contains("acme-a7"));
        await("status lists acme-a7", () -> {
            JsonObject s = status();
            return s != null && s.getAsJsonArray("boards").toString().contains("\"acme-a7\"");
        });

        Object cm = service(context, "org.osgi.service.cm.ConfigurationAdmin");
        Class<?> cmType = cm.getClass().getClassLoader().loadClass("org.osgi.service.cm.ConfigurationAdmin");
        Object conf = cmType.getMethod("getConfiguration", String.class, String.class).invoke(cm, "ringlab.scenario", null);
        java.util.Hashtable<String, Object> props = new java.util.Hashtable<>();
        props.put("board", "acme-a7");
        props.put("workload", "-M 1460");
        conf.getClass().getMethod("update", java.util.Dictionary.class).invoke(conf, props);

        JsonObject running = await("node runs acme-a7", () -> {
            JsonObject s = status();
            return s != null && "running".equals(s.get("state").getAsString())
                    && "acme-a7".equals(s.getAsJsonObject("scenario").get("board").getAsString())
                    && s.has("simulation") ? s : null;
        });
        long v1 = running.get("virtual_nanos").getAsLong();
        await("acme-a7 virtual time advances", () -> {
            JsonObject s = status();
            return s != null && "acme-a7".equals(s.getAsJsonObject("scenario").get("board").getAsString())
                    && s.get("virtual_nanos").getAsLong() > v1;
        });
        b.uninstall();
        assertFalse(boardIds(boards).contains("acme-a7"), "board still listed after its bundle went");
    }

    /** The example's bundle jar: manifest headers from its bnd.bnd (Bundle-* and Ringlab-Board) and the descriptor. */
    static byte[] exampleBundle(Path dir) throws IOException {
        java.util.jar.Manifest mf = new java.util.jar.Manifest();
        java.util.jar.Attributes a = mf.getMainAttributes();
        a.put(java.util.jar.Attributes.Name.MANIFEST_VERSION, "1.0");
        a.putValue("Bundle-ManifestVersion", "2");
        a.putValue("Bundle-Version", "1.0.0");
        String descriptor = null;
        for (String line : Files.readAllLines(dir.resolve("bnd.bnd"))) {
            int colon = line.indexOf(':');
            if (line.startsWith("#") || colon < 0 || line.startsWith("-")) continue;
            a.putValue(line.substring(0, colon).trim(), line.substring(colon + 1).trim());
            if (line.startsWith("Ringlab-Board")) descriptor = line.substring(colon + 1).trim();
        }
        assertNotNull(descriptor, "example bnd.bnd names no Ringlab-Board descriptor");
        java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
        try (java.util.jar.JarOutputStream jar = new java.util.jar.JarOutputStream(out, mf)) {
            jar.putNextEntry(new java.util.jar.JarEntry(descriptor));
            jar.write(Files.readAllBytes(dir.resolve("src/main/resources").resolve(descriptor)));
            jar.closeEntry();
        }
        return out.toByteArray();
    }

    private JsonObject status() {
        NodeHarness.Answer a = node.get("/status");
        return a.status() == 200 && a.json() != null ? a.json().getAsJsonObject() : null;
    }

    @SuppressWarnings("unchecked")
    private static java.util.Set<String> boardIds(Object catalog) {
        try {
            return ((Map<String, ?>) catalog.getClass().getMethod("boards").invoke(catalog)).keySet();
        } catch (ReflectiveOperationException e) {
            throw new AssertionError(e);
        }
    }

    private static Object service(BundleContext context, String className) throws InterruptedException {
        return NodeHarness.service(context, className);
    }

    private static <T> T await(String what, Supplier<T> probe) { return NodeHarness.await(what, probe); }
}
