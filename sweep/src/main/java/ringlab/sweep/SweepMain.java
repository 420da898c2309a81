package ringlab.sweep;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Help;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import ringlab.experiment.sweep.SweepSpec;
import ringlab.experiment.sweep.SweepSpecReader;

/**
 * ringlab sweep SPEC [--out DIR] [--master URL] [--bundles DIR|JAR,...] [--secret-file FILE]: every run of a
 * sweep spec on Apache Spark. Exit status 0 when every run that could run ran, 1 when runs failed or the
 * engine did, 2 for bad input (one line naming it; nothing runs).
 */
@Command(name = "ringlab sweep", sortOptions = false, showDefaultValues = true, mixinStandardHelpOptions = false,
        description = "Runs every combination of a sweep spec's axes (boards, feature sets, workloads, tunables, seeds, topology, ping) "
                + "on Apache Spark and writes results.jsonl, results.csv, results.parquet/, runs/KEY.json, refused.jsonl, report.html "
                + "and progress.json to the output folder. Started again, it skips the runs already there.",
        footer = {"", "Example: ./ringlab sweep examples/sweeps/boards-by-features.json",
            // each line within picocli's 80 columns: a longer one is wrapped at its own break points, inside tokens
            "         ./ringlab sweep spec.yaml --master spark://host:7077 \\",
            "             --secret-file ~/.ringlab-spark-secret"})
public final class SweepMain implements Callable<Integer> {
    @Parameters(paramLabel = "SPEC", description = "The sweep spec: JSON, or YAML when its name%n  ends in .yaml or .yml.")
    Path spec;
    @Option(names = "--out", paramLabel = "DIR", description = "The output folder (default: sweeps/NAME).")
    Path out;
    @Option(names = "--master", paramLabel = "URL", defaultValue = "local[*]",
            // %n: picocli breaks a long line after ':' or '/' too, which split k8s://... across lines
            description = "Spark's master: local[*] (all cores here),%n  local[N], spark://HOST:7077 (a standalone%n  cluster), k8s://HOST:PORT or yarn.")
    String master;
    @Option(names = "--bundles", paramLabel = "DIR|JAR,...", defaultValue = "", showDefaultValue = Help.Visibility.NEVER,
            description = "Plug-in board and feature jars, shipped to the%n  executors too; a folder stands for its%n  *.jar files. None by default.")
    String bundles;
    @Option(names = "--secret-file", paramLabel = "FILE",
            description = "A cluster's shared Spark secret (first line); else $RINGLAB_SPARK_SECRET. Never on the command line.")
    Path secretFile;
    @Option(names = "--executor-timeout", paramLabel = "SECONDS", defaultValue = "60",
            description = "With a cluster: fail when no executor registered within this time.")
    long executorTimeout;
    @Option(names = {"-h", "--help"}, usageHelp = true, description = "Show this help and exit.")
    boolean help;

    private final PrintStream err;
    private final Map<String, String> env;

    SweepMain(PrintStream err, Map<String, String> env) {
        this.err = err;
        this.env = env;
    }

    public static void main(String[] args) {
        int status = run(args, System.err, System.getenv());
        System.err.flush();
        if (SparkEngine.abandoned) Runtime.getRuntime().halt(status); // see SparkEngine.abandoned
        System.exit(status);
    }

    static int run(String[] args, PrintStream err, Map<String, String> env) {
        CommandLine cl = new CommandLine(new SweepMain(err, env));
        cl.setErr(new java.io.PrintWriter(err, true));
        cl.setOut(new java.io.PrintWriter(System.out, true));
        cl.setColorScheme(CommandLine.Help.defaultColorScheme(CommandLine.Help.Ansi.OFF));
        cl.setExpandAtFiles(false);
        cl.setOverwrittenOptionsAllowed(false); // as the CLI: a single-value option given twice is refused
        cl.setParameterExceptionHandler((e, a) -> {
            err.println("ringlab sweep: " + e.getMessage().strip().lines().findFirst().orElse("") + " (see ./ringlab sweep --help)");
            return 2;
        });
        return cl.execute(args);
    }

    @Override
    public Integer call() {
        Sweep sweep;
        try {
            SweepSpec s = SweepSpecReader.read(spec);
            SparkSetup.checkMaster(master);
            String secret = SparkSetup.secret(master, secretFile, env);
            if (executorTimeout < 1) throw new IllegalArgumentException("--executor-timeout must be at least 1 s");
            List<Path> jars = Bundles.jars(bundles);
            Path dir = out != null ? out : Path.of("sweeps", s.name());
            sweep = Sweep.plan(s, dir, jars, master, secret, executorTimeout, err, System.console() != null);
        } catch (IllegalArgumentException e) {
            err.println("ringlab sweep: " + e.getMessage());
            return 2;
        }
        return sweep.run();
    }

    /** --bundles DIR|JAR,...: a folder stands for its *.jar files, sorted by name. */
    static final class Bundles {
        private Bundles() { }

        static List<Path> jars(String list) {
            List<Path> jars = new ArrayList<>();
            for (String s : list.split(",")) {
                if (s.isBlank()) continue;
                Path p = Path.of(s.strip());
                if (java.nio.file.Files.isDirectory(p)) {
                    try (var files = java.nio.file.Files.list(p)) {
                        files.filter(f -> f.toString().endsWith(".jar")).sorted().forEach(jars::add);
                    } catch (java.io.IOException e) {
                        throw new IllegalArgumentException("--bundles: cannot read the folder " + p + ": " + e.getMessage());
                    }
                } else if (java.nio.file.Files.isRegularFile(p)) {
                    jars.add(p);
                } else {
                    throw new IllegalArgumentException("--bundles: no such jar or folder: " + p);
                }
            }
            return jars;
        }
    }
}
