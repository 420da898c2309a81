package ringlab.sweep;

import java.io.IOException;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A Spark standalone cluster on 127.0.0.1 for tests, each daemon its own JVM (java -cp SPARK_JARS
 * org.apache.spark.deploy.master.Master / worker.Worker, no Spark distribution), authentication and
 * encryption on with the secret in a properties file. SPARK_HOME/jars links to Spark's jars only: ringlab's
 * reach the executors the way a sweep ships them (SparkConf.setJars).
 */
final class SparkStandalone implements AutoCloseable {
    /** The sweep module's jars: the sweep jar and its dependencies (set by failsafe). */
    static final Path LIB = Path.of(System.getProperty("ringlab.sweep.lib", "target/lib"));
    static final Path JAR = Path.of(System.getProperty("ringlab.sweep.jar", "target/ringlab-sweep-0.1.0-SNAPSHOT.jar"));
    static final String JAVA = Path.of(System.getProperty("java.home"), "bin", "java").toString();

    final Path home;
    final String secret;
    final int port;
    final String url;
    private final Path props;
    private final List<Process> daemons = new ArrayList<>();
    private int workers;

    SparkStandalone(Path dir, String secret) throws IOException {
        this.home = dir.resolve("spark-home");
        this.secret = secret;
        Files.createDirectories(home.resolve("jars"));
        try (var jars = Files.list(LIB)) {
            for (Path j : jars.filter(p -> !p.getFileName().toString().startsWith("ringlab-")).toList()) {
                Files.createSymbolicLink(home.resolve("jars").resolve(j.getFileName()), j.toAbsolutePath());
            }
        }
        props = home.resolve("secret.properties");
        Files.createFile(props, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
        Files.writeString(props, "spark.authenticate=true\nspark.authenticate.secret=" + secret + "\nspark.network.crypto.enabled=true\n");
        port = freePort();
        url = "spark://127.0.0.1:" + port;
        daemons.add(start("master", List.of("org.apache.spark.deploy.master.Master", "--host", "127.0.0.1", "--port", Integer.toString(port),
                "--webui-port", Integer.toString(freePort()), "--properties-file", props.toString())));
        awaitPort(port, 60_000);
    }

    /** A worker with one core; its process (the executors it starts are its descendants). */
    Process worker() throws IOException {
        int n = ++workers;
        Path work = Files.createDirectories(home.resolve("work-" + n));
        Process p = start("worker-" + n, List.of("org.apache.spark.deploy.worker.Worker", "--host", "127.0.0.1", "--cores", "1", "--memory", "1g",
                "--work-dir", work.toString(), "--webui-port", Integer.toString(freePort()), "--properties-file", props.toString(), url));
        daemons.add(p);
        return p;
    }

    /** The JVM options Spark needs on Java 17 (as the launcher gives them). */
    static List<String> opens() {
        return List.of(System.getProperty("ringlab.sweep.opens", "-XX:+IgnoreUnrecognizedVMOptions --add-opens=java.base/java.lang=ALL-UNNAMED "
                + "--add-opens=java.base/java.nio=ALL-UNNAMED --add-opens=java.base/sun.nio.ch=ALL-UNNAMED --add-opens=java.base/java.util=ALL-UNNAMED "
                + "--add-opens=java.base/java.lang.invoke=ALL-UNNAMED --add-opens=java.base/java.util.concurrent=ALL-UNNAMED").split(" "));
    }

    private Process start(String name, List<String> mainAndArgs) throws IOException {
        List<String> cmd = new ArrayList<>(List.of(JAVA));
        cmd.addAll(opens());
        cmd.addAll(List.of("-Xmx512m", "-cp", LIB.toAbsolutePath() + "/*"));
        cmd.addAll(mainAndArgs);
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(home.resolve(name + ".log").toFile());
        env(pb.environment(), home);
        return pb.start();
    }

    static void env(Map<String, String> env, Path sparkHome) {
        env.put("SPARK_HOME", sparkHome.toString());
        env.put("SPARK_SCALA_VERSION", "2.13");
        env.put("SPARK_LOCAL_IP", "127.0.0.1");
    }

    /** Kills a process and what it started (a worker and its executors: a machine lost). */
    static void kill(Process p) {
        p.descendants().forEach(ProcessHandle::destroyForcibly);
        p.destroyForcibly();
    }

    @Override
    public void close() {
        for (Process p : daemons) kill(p);
        for (Process p : daemons) {
            try {
                p.waitFor();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        // the links first: JUnit's @TempDir cleanup warns about every link that points outside it
        try (var links = Files.list(home.resolve("jars"))) {
            for (Path l : links.toList()) Files.deleteIfExists(l);
        } catch (IOException e) {
            // the temporary folder's own cleanup removes what is left
        }
    }

    static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        }
    }

    private static void awaitPort(int port, long timeoutMs) throws IOException {
        long deadline = System.currentTimeMillis() + timeoutMs;
        while (true) {
            try (Socket s = new Socket("127.0.0.1", port)) {
                return;
            } catch (IOException e) {
                if (System.currentTimeMillis() > deadline) throw new IOException("the Spark master did not listen on " + port + " within " + timeoutMs + " ms");
                try {
                    Thread.sleep(200);
                } catch (InterruptedException x) {
                    Thread.currentThread().interrupt();
                    throw new IOException("interrupted");
                }
            }
        }
    }
}
