package ringlab.sweep;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.spark.SparkConf;

/**
 * The Spark configuration of a sweep.
 * <ul>
 *   <li>local[*] by default: every core of this machine, bound to 127.0.0.1, no UI;</li>
 *   <li>any other master (spark://, k8s://, yarn): authentication (spark.authenticate) and encryption of
 *       Spark's RPC and block transfers (spark.network.crypto.enabled) always on. A standalone cluster's
 *       master and workers hold a secret the application must share: from --secret-file or
 *       $RINGLAB_SPARK_SECRET, never from the command line (ps would show it). On k8s and YARN Spark
 *       generates a secret per application itself;</li>
 *   <li>ringlab's jars (and the --bundles plug-ins) reach the executors through SparkConf.setJars.</li>
 * </ul>
 */
final class SparkSetup {
    /** The environment variable a cluster's shared secret may come from. */
    static final String SECRET_ENV = "RINGLAB_SPARK_SECRET";

    private SparkSetup() { }

    static boolean isLocal(String master) { return master.startsWith("local"); }

    /**
     * The master URLs Spark takes: local, local[N], local[*] (each with an optional ",F" of task failures
     * allowed), spark://HOST:PORT (several HOST:PORT, comma-separated, for standby masters), k8s://..., yarn.
     * Checked before anything is written: Spark itself would only refuse another form when its session
     * starts, and with a misleading reason (spark.authenticate.secret, since any non-local master gets
     * authentication on).
     */
    private static final java.util.regex.Pattern MASTER = java.util.regex.Pattern.compile(
            "local(\\[(\\*|[1-9][0-9]*)(,[1-9][0-9]*)?])?|spark://[^\\s/:,]+:[0-9]{1,5}(,[^\\s/:,]+:[0-9]{1,5})*|k8s://\\S+|yarn");

    /** @throws IllegalArgumentException one line naming --master's value and the forms it may take */
    static void checkMaster(String master) {
        if (!MASTER.matcher(master).matches()) {
            throw new IllegalArgumentException("--master '" + master + "' is not a Spark master URL (local, local[N], local[*], "
                    + "spark://HOST:PORT, k8s://https://HOST:PORT or yarn)");
        }
    }

    static SparkConf conf(String master, String name, String secret, List<Path> plugins) {
        SparkConf c = new SparkConf().setMaster(master).setAppName("ringlab sweep " + name)
                .set("spark.ui.enabled", "false")
                .set("spark.sql.debug.maxToStringFields", "1000") // the results table is wide: no warning about it
                // the driver writes results as tasks finish; nothing big comes back, but runs/*.json do
                .set("spark.driver.maxResultSize", "0");
        List<String> jars = new ArrayList<>();
        if (isLocal(master)) {
            c.set("spark.driver.host", "127.0.0.1").set("spark.driver.bindAddress", "127.0.0.1");
        } else {
            c.set("spark.authenticate", "true").set("spark.network.crypto.enabled", "true");
            if (secret != null) c.set("spark.authenticate.secret", secret);
            jars.addAll(ringlabJars());
        }
        for (Path p : plugins) jars.add(p.toAbsolutePath().toString());
        if (!jars.isEmpty()) c.setJars(jars.toArray(String[]::new));
        return c;
    }

    /**
     * The secret of a standalone cluster: the first line of FILE, else $RINGLAB_SPARK_SECRET. Required for
     * spark://; k8s and YARN generate their own when none is given.
     */
    static String secret(String master, Path file, Map<String, String> env) {
        if (isLocal(master)) return null;
        String s = null;
        if (file != null) {
            try {
                s = Files.readAllLines(file, StandardCharsets.UTF_8).stream().findFirst().orElse("").strip();
            } catch (IOException e) {
                throw new IllegalArgumentException("--secret-file " + file + ": cannot read it (" + e.getMessage() + ")");
            }
            if (s.isEmpty()) throw new IllegalArgumentException("--secret-file " + file + " is empty");
        } else if (env.get(SECRET_ENV) != null && !env.get(SECRET_ENV).isBlank()) {
            s = env.get(SECRET_ENV).strip();
        }
        if (s == null && master.startsWith("spark://")) {
            throw new IllegalArgumentException("--master " + master + " needs the cluster's shared secret: --secret-file FILE or $" + SECRET_ENV
                    + " (the secret its master and workers were started with)");
        }
        return s;
    }

    /**
     * ringlab's jars on this JVM's class path: the sweep engine, the simulator, the boards and features and
     * the few libraries they use that Spark's own class path lacks. Spark's jars are already on the workers.
     */
    static List<String> ringlabJars() {
        List<String> out = new ArrayList<>();
        for (String e : System.getProperty("java.class.path").split(File.pathSeparator)) {
            String n = Path.of(e).getFileName().toString();
            if (e.endsWith(".jar") && (n.startsWith("ringlab-") || n.startsWith("picocli-") || n.startsWith("commons-math3-")
                    || n.startsWith("snakeyaml-engine-"))) {
                out.add(Path.of(e).toAbsolutePath().toString());
            }
        }
        return out;
    }
}
