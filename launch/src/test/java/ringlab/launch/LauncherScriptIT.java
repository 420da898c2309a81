package ringlab.launch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * ./ringlab itself (the built node, RINGLAB_NO_BUILD): the node's JVM gets a default heap bound, and
 * --tls-keystore / --tls-password-file serve the API over HTTPS without the password in the process's
 * command line (what ps shows).
 */
@Timeout(180)
class LauncherScriptIT {
    static final Duration START = Duration.ofSeconds(90); // a whole JVM and every bundle on a busy 2-core machine

    @TempDir
    Path dir;

    @Test
    void theNodeGetsABoundedHeapAndServesHttpsWithoutThePasswordInPs() throws Exception {
        Path script = Path.of("..", "ringlab").toAbsolutePath().normalize();
        assertTrue(Files.isExecutable(script), script.toString());
        TestKeystore keystore = TestKeystore.create(dir);
        Path passwordFile = Files.writeString(dir.resolve("node.pass"), keystore.password() + "\n");
        int port = NodeHarness.freePort();
        Path data = dir.resolve("data");
        ProcessBuilder pb = new ProcessBuilder(script.toString(), "--port", Integer.toString(port), "--data", data.toString(),
                "--tls-keystore", keystore.file().toString(), "--tls-password-file", passwordFile.toString())
                .redirectErrorStream(true).redirectOutput(dir.resolve("out.log").toFile());
        pb.environment().put("RINGLAB_NO_BUILD", "1");
        pb.environment().remove("RINGLAB_JAVA_OPTS");
        pb.environment().remove("JAVA_OPTS");
        Process node = pb.start();
        try {
            HttpClient https = HttpClient.newBuilder().sslContext(keystore.trust()).connectTimeout(Duration.ofSeconds(2)).build();
            long deadline = System.nanoTime() + START.toNanos();
            int status = -1;
            while (status != 200) {
                if (!node.isAlive()) fail("./ringlab ended (" + node.exitValue() + "): " + Files.readString(dir.resolve("out.log")));
                if (System.nanoTime() > deadline) fail("no HTTPS answer after " + START + ": " + Files.readString(dir.resolve("out.log")));
                Thread.sleep(200);
                if (!Files.isRegularFile(data.resolve("token"))) continue;
                String token = Files.readString(data.resolve("token"), StandardCharsets.UTF_8).trim();
                try {
                    status = https.send(HttpRequest.newBuilder(URI.create("https://127.0.0.1:" + port + "/api/v1/status"))
                            .header("Authorization", "Bearer " + token).timeout(Duration.ofSeconds(5)).build(), HttpResponse.BodyHandlers.ofString()).statusCode();
                } catch (IOException notYet) {
                    // not listening yet
                }
            }
            assertEquals(200, status);
            // ./ringlab execs the JVM: the process is the node's java
            String cmdline = Files.readString(Path.of("/proc", Long.toString(node.pid()), "cmdline"), StandardCharsets.UTF_8).replace('\0', ' ');
            assertTrue(cmdline.contains(" -Xmx1g "), "default heap bound: " + cmdline);
            assertFalse(cmdline.contains(keystore.password()), "the password is not in ps: " + cmdline);
            assertFalse(cmdline.contains("keystore.password"), cmdline);
            assertTrue(cmdline.contains("-Dorg.apache.felix.http.enable=false"), "plain HTTP off: " + cmdline);
            // FileInstall's scratch folder lives in the data folder: in /tmp a killed node leaves one per start
            assertTrue(Files.isDirectory(data.resolve("fileinstall-tmp")), "FileInstall's tmpdir in " + data + ": " + cmdline);
        } finally {
            node.destroy();
            if (!node.waitFor(30, TimeUnit.SECONDS)) node.destroyForcibly().waitFor();
        }
    }
}
