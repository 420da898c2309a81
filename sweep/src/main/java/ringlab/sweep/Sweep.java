package ringlab.sweep;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.spark.sql.SparkSession;
import ringlab.experiment.Refusal;
import ringlab.experiment.RunResult;
import ringlab.experiment.RunSpec;
import ringlab.experiment.report.SweepReport;
import ringlab.experiment.sweep.RunKey;
import ringlab.experiment.sweep.SweepExpansion;
import ringlab.experiment.sweep.SweepSpec;

/**
 * One sweep from plan to report: expands the spec (refusals printed with their reasons and listed in
 * refused.jsonl), skips the runs the folder already has, runs the rest on Spark in slices of a few runs,
 * writing each slice's results as it arrives, then writes the tables (CSV, Parquet), the report and the final progress.
 */
final class Sweep {
    private final SweepSpec spec;
    private final SweepExpansion.Plan plan;
    private final SweepFolder folder;
    private final List<Path> plugins;
    private final String master, secret;
    private final long executorTimeout;
    private final PrintStream err;
    private final boolean terminal;
    private final List<Refusal> refused = new ArrayList<>();

    private Sweep(SweepSpec spec, SweepExpansion.Plan plan, SweepFolder folder, List<Path> plugins, String master, String secret,
                  long executorTimeout, PrintStream err, boolean terminal) {
        this.spec = spec;
        this.plan = plan;
        this.folder = folder;
        this.plugins = plugins;
        this.master = master;
        this.secret = secret;
        this.executorTimeout = executorTimeout;
        this.err = err;
        this.terminal = terminal;
    }

    /** Checks and expands everything before any work; bad input is an IllegalArgumentException. */
    static Sweep plan(SweepSpec spec, Path dir, List<Path> plugins, String master, String secret, long executorTimeout,
                      PrintStream err, boolean terminal) {
        SweepCatalog cat = SweepCatalog.of(SweepCatalog.withJars(plugins));
        SweepExpansion.Plan plan = SweepExpansion.plan(spec, cat.boards(), cat.features(), new RunKey());
        SweepFolder folder;
        try {
            folder = SweepFolder.open(dir);
        } catch (java.io.UncheckedIOException e) {
            throw new IllegalArgumentException(e.getMessage());
        }
        return new Sweep(spec, plan, folder, plugins, master, secret, executorTimeout, err, terminal);
    }

    int run() {
        refused.addAll(plan.refused());
        for (Refusal r : plan.refused()) err.println("sweep: refused " + describe(r.spec()) + ": " + r.reason());
        folder.writeRefused(refused);
        List<TaskInput> todo = new ArrayList<>();
        int already = 0;
        for (SweepExpansion.Planned p : plan.runs()) {
            if (folder.has(p.key())) already++;
            else todo.add(new TaskInput(p.key(), Json.GSON.toJson(p.spec())));
        }
        Progress progress = new Progress(folder.dir(), spec.name(), plan.total(), err, terminal);
        progress.start(already, refused.size());
        if (already > 0) err.println("sweep: " + already + " runs already in " + folder.dir() + ", skipped");
        long t0 = System.nanoTime();
        String error = null;
        SparkEngine engine = null;
        try {
            engine = SparkSetup.isLocal(master) ? new SparkEngine(SparkSetup.conf(master, spec.name(), secret, plugins))
                    : SparkEngine.connect(SparkSetup.conf(master, spec.name(), secret, plugins), master, executorTimeout);
            long startNs = System.nanoTime() - t0;
            if (!todo.isEmpty()) {
                SparkEngine.JobCost warm = engine.warmUp();
                List<List<TaskInput>> slices = RunSlice.of(todo, engine.parallelism());
                SliceWriter writer = new SliceWriter(folder, progress, err, refused);
                SparkEngine.JobCost job = engine.run(slices, RunTask::apply, writer::accept);
                err.println(costLine(todo.size(), slices.size(), engine.parallelism(), startNs, warm, job, writer));
            }
            if (SparkSetup.isLocal(master)) {
                writeTables(engine.session());
            } else {
                engine.close(); // the Parquet goes to this machine's disk: a local session writes it
                engine = null;
                try (SparkEngine local = new SparkEngine(SparkSetup.conf("local[1]", spec.name(), null, List.of()))) {
                    writeTables(local.session());
                }
            }
        } catch (RuntimeException e) {
            error = firstLine(e);
            err.println("ringlab sweep: " + error);
            folder.rewriteResults();
            folder.writeRefused(refused);
        } finally {
            if (engine != null) engine.close();
        }
        progress.finish(error);
        err.println("sweep: " + folder.results().size() + " results, " + refused.size() + " refused"
                + (progress.failedCount() > 0 ? ", " + progress.failedCount() + " failed" : "") + " in " + folder.dir());
        return error != null || progress.failedCount() > 0 ? 1 : 0;
    }

    private void writeTables(SparkSession session) {
        folder.rewriteResults();
        List<Refusal> inSpecOrder = List.copyOf(refused); // the plan's refusals in the spec's order, then the runs' own
        refused.sort(SweepFolder.BY_SPEC);
        folder.writeRefused(refused);
        var results = folder.results();
        AtomicFiles.write(folder.dir().resolve("results.csv"), ResultsCsv.of(results));
        ResultsParquet.write(session, results, folder.dir());
        AtomicFiles.write(folder.dir().resolve("report.html"), SweepReport.html(spec.name(), inSpecOrder(results), inSpecOrder));
    }

    /**
     * The results in the spec's order (its boards, feature sets and workloads as written), not the files' key
     * order: the report lays out its rows, columns and sections in the order it first meets them. Results of
     * an earlier spec kept in the folder come last.
     */
    private List<RunResult> inSpecOrder(List<RunResult> results) {
        Map<String, Integer> position = new HashMap<>();
        for (SweepExpansion.Planned p : plan.runs()) position.putIfAbsent(p.key(), position.size());
        List<RunResult> ordered = new ArrayList<>(results);
        ordered.sort(Comparator.comparing(r -> position.getOrDefault(r.key(), Integer.MAX_VALUE)));
        return ordered;
    }

    /**
     * The sweep's figures, never part of the results: the runs' job alone (Spark's start and the warm-up
     * apart), per run. Spark's tasks' CPU time beyond the runs' own (the figure; see {@link TaskCost});
     * this JVM's other Java threads' CPU time, with local executors beyond the runs' (Spark's scheduler and
     * RPC, its tasks' own share again, the driver's writing, shown apart), with a cluster the driver's alone;
     * its JIT's and garbage collector's CPU time; the cores' wall time not spent in a run (also any wait, and
     * on a shared machine other processes' time).
     */
    private String costLine(int runs, int slices, int cores, long startNs, SparkEngine.JobCost warm, SparkEngine.JobCost job,
                            SliceWriter w) {
        boolean local = SparkSetup.isLocal(master);
        String tasks = job.taskCpuNs() < 0 ? "n/a" : String.format("%.1f ms", (job.taskCpuNs() - w.runCpuNs()) / 1e6 / runs);
        JvmTimes jvm = job.jvm();
        return String.format("sweep: %d runs on %d cores in %.2f s, %d slices (Spark start %.2f s, warm-up %.2f s); the runs took %.2f s"
                + " of CPU (%.2f s wall) summed; overhead per run: %s of Spark's tasks' CPU, %.1f ms of %s Java threads' CPU (writing"
                + " %.1f ms), %.1f ms of its JIT and GC, %.1f ms of the cores' time not in a run", runs, cores, job.wallNs() / 1e9, slices,
                startNs / 1e9, warm.wallNs() / 1e9, w.runCpuNs() / 1e9, w.runWallNs() / 1e9, tasks,
                (jvm.javaThreadsNs() - (local ? w.runCpuNs() : 0)) / 1e6 / runs, local ? "this JVM's other" : "the driver's",
                job.writerCpuNs() / 1e6 / runs, jvm.jvmThreadsNs() / 1e6 / runs, (job.wallNs() * (double) cores - w.runWallNs()) / 1e6 / runs);
    }

    /** A run in a line: board, features, workload and what differs from the defaults. */
    /** An exception's message as one line (its first), or the exception itself where it has none. */
    static String firstLine(Throwable e) {
        return String.valueOf(e.getMessage()).strip().lines().findFirst().orElse(e.toString());
    }

    static String describe(RunSpec s) {
        StringBuilder sb = new StringBuilder(s.hardware()).append(" [").append(s.features()).append("] ").append(s.workload())
                .append(" seed ").append(s.seed());
        s.sets().forEach((k, v) -> sb.append(' ').append(k).append('=').append(v));
        if (!s.topology().equals("direct")) sb.append(" topology ").append(s.topology());
        if (s.pingMs() != 0) sb.append(" ping ").append(s.pingMs()).append(" ms");
        return sb.toString();
    }
}
