package ringlab.launch;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * A node in a child JVM started as the `ringlab` launcher starts it (java -jar ringlab.jar with the data
 * folder, the kept framework storage and a loopback port), so a test can kill it with SIGKILL
 * ({@link #kill()}) and start it again on the same data folder. Its output goes to ROOT/node-N.log.
 */
final class ProcessNode extends NodeClient implements AutoCloseable {
    private Process process;
    private int starts;
    /** More JVM options for the node (system properties a test sets, e.g. ringlab.sweep.command). */
    final List<String> jvmOptions = new ArrayList<>();

    ProcessNode() throws IOException {
        super(Files.createTempDirectory("ringlab-node-process"));
    }

    ProcessNode start() throws Exception {
        Path jar = Path.of(System.getProperty("ringlab.node.jar", "target/ringlab.jar")).toAbsolutePath();
        assertTrue(Files.isRegularFile(jar), "exported node jar missing: " + jar);
        port = freePort();
        Files.createDirectories(data.resolve("deploy"));
        List<String> cmd = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Xmx512m", "-XX:+UseSerialGC",
                "-Dringlab.data=" + data, "-Dfelix.fileinstall.dir=" + data.resolve("deploy"), "-Dfelix.fileinstall.poll=200",
                "-Dfelix.fileinstall.tmpdir=" + data.resolve("fileinstall-tmp"),
                "-Dlaunch.storage.dir=" + data.resolve("felix-cache"), "-Dlaunch.keep=true",
                "-Dorg.osgi.service.http.port=" + port, "-Dorg.apache.felix.http.host=127.0.0.1"));
        cmd.addAll(jvmOptions);
        cmd.addAll(List.of("-jar", jar.toString()));
        process = new ProcessBuilder(cmd).redirectErrorStream(true)
                .redirectOutput(root.resolve("node-" + (++starts) + ".log").toFile()).start();
        awaitRunning();
        return this;
    }

    /** SIGKILL: no shutdown hook, no framework stop, whatever was in flight is cut. */
    void kill() throws InterruptedException {
        if (process == null) return;
        process.destroyForcibly();
        assertTrue(process.waitFor(20, TimeUnit.SECONDS), "node process did not die");
        process = null;
    }

    /** What the child JVM printed in its latest start. */
    String log() {
        try {
            return Files.readString(root.resolve("node-" + starts + ".log"));
        } catch (IOException e) {
            return e.toString();
        }
    }

    /** Keeps every start's output (node-N.log) in a folder that outlives this node's, for a failed test. */
    void copyLogs(Path to) {
        try {
            Files.createDirectories(to);
            for (int i = 1; i <= starts; i++) {
                Path log = root.resolve("node-" + i + ".log");
                if (Files.exists(log)) Files.copy(log, to.resolve(log.getFileName()), java.nio.file.StandardCopyOption.REPLACE_EXISTING);
            }
        } catch (IOException e) {
            System.out.println("could not keep the node's logs: " + e);
        }
    }

    @Override
    public void close() throws Exception {
        kill();
        try (Stream<Path> files = Files.walk(root)) {
            files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        }
    }
}
