package ringlab.sweep;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.function.Consumer;
import org.apache.spark.SparkConf;
import org.apache.spark.api.java.JavaFutureAction;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.sql.SparkSession;

/**
 * Runs tasks on Spark and hands each outcome to the driver as its job finishes. The runs go out as small
 * asynchronous jobs (one partition per run, so a lost executor loses only its running tasks, which Spark
 * retries elsewhere); all jobs are submitted at once and Spark's FIFO scheduler keeps every core busy while
 * the driver writes the results of finished jobs. An interrupted sweep keeps every finished job's runs.
 */
final class SparkEngine implements AutoCloseable {
    /** Polling interval of the jobs' futures (ms). */
    static final long POLL_MS = 20;
    private final SparkSession session;
    private final JavaSparkContext jsc;

    private final TaskCost cost = new TaskCost();

    SparkEngine(SparkConf conf) {
        session = SparkSession.builder().config(conf).getOrCreate();
        jsc = JavaSparkContext.fromSparkContext(session.sparkContext());
        jsc.sc().addSparkListener(cost);
    }

    /** Spark's own mean time per task so far (ms): see {@link TaskCost}. */
    double sparkMsPerTask() { return cost.meanMs(); }

    SparkSession session() { return session; }

    /** The executors' cores (Spark's default parallelism). */
    int parallelism() { return jsc.defaultParallelism(); }

    /**
     * Set when a cluster never answered: the session's creation is still blocked in Spark (its standalone
     * backend waits for the master's registration, about 60 s with a wrong secret) and stopping it, or
     * Spark's shutdown hook, would wait as long again, so the JVM must halt instead of exiting.
     */
    static volatile boolean abandoned;

    /**
     * A session on a cluster with at least one executor, or an IllegalStateException with one line after
     * the timeout: an application with the wrong secret (or a master without workers) would otherwise wait
     * about 60 s before Spark gives up. The session is created on its own thread because Spark's
     * standalone backend blocks in its constructor until the master accepts the application.
     */
    static SparkEngine connect(SparkConf conf, String master, long timeoutSeconds) {
        long deadline = System.nanoTime() + timeoutSeconds * 1_000_000_000L;
        java.util.concurrent.CompletableFuture<SparkEngine> f = new java.util.concurrent.CompletableFuture<>();
        Thread t = new Thread(() -> {
            try {
                f.complete(new SparkEngine(conf));
            } catch (RuntimeException | Error e) {
                f.completeExceptionally(e);
            }
        }, "ringlab-spark-connect");
        t.setDaemon(true);
        t.start();
        String why = "no Spark executor registered with " + master + " within " + timeoutSeconds
                + " s (is the master up with workers, and do the secrets match?)";
        SparkEngine e;
        try {
            e = f.get(timeoutSeconds, java.util.concurrent.TimeUnit.SECONDS);
        } catch (java.util.concurrent.TimeoutException x) {
            abandoned = true;
            throw new IllegalStateException(why);
        } catch (java.util.concurrent.ExecutionException x) {
            throw new IllegalStateException(String.valueOf(x.getCause().getMessage()), x.getCause());
        } catch (InterruptedException x) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted");
        }
        while (e.jsc.sc().statusTracker().getExecutorInfos().length < 2) { // the driver counts as one
            if (System.nanoTime() > deadline || e.jsc.sc().isStopped()) {
                abandoned = true;
                throw new IllegalStateException(why);
            }
            sleep(100);
        }
        return e;
    }

    /** What one job brought back, or its error (its runs count as failed). */
    record JobOutcome(List<TaskInput> inputs, List<TaskOutput> outputs, String error) { }

    void run(List<TaskInput> todo, Consumer<JobOutcome> onJob) {
        if (todo.isEmpty()) return;
        int group = groupSize(todo.size(), jsc.defaultParallelism());
        List<List<TaskInput>> chunks = new ArrayList<>();
        List<JavaFutureAction<List<TaskOutput>>> jobs = new ArrayList<>();
        for (int i = 0; i < todo.size(); i += group) {
            List<TaskInput> chunk = todo.subList(i, Math.min(todo.size(), i + group));
            chunks.add(chunk);
            jobs.add(jsc.parallelize(chunk, chunk.size()).map(RunTask::apply).collectAsync());
        }
        boolean[] handled = new boolean[jobs.size()];
        int left = jobs.size();
        while (left > 0) {
            boolean any = false;
            for (int j = 0; j < jobs.size(); j++) {
                if (handled[j] || !jobs.get(j).isDone()) continue;
                handled[j] = true;
                left--;
                any = true;
                onJob.accept(outcome(chunks.get(j), jobs.get(j)));
            }
            if (!any) sleep(POLL_MS);
        }
    }

    private static JobOutcome outcome(List<TaskInput> inputs, JavaFutureAction<List<TaskOutput>> job) {
        try {
            return new JobOutcome(inputs, job.get(), null);
        } catch (ExecutionException e) {
            Throwable c = e.getCause() != null ? e.getCause() : e;
            String m = String.valueOf(c.getMessage()).strip().lines().findFirst().orElse(c.toString());
            return new JobOutcome(inputs, List.of(), m);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return new JobOutcome(inputs, List.of(), "interrupted");
        }
    }

    /**
     * Runs per job: about four jobs per core in flight, 1 to 16 runs each. Small jobs give results (and
     * progress) often; a few runs per job keep the per-job cost of the scheduler below the per-run target.
     */
    static int groupSize(int runs, int parallelism) {
        return Math.max(1, Math.min(16, runs / Math.max(1, 4 * parallelism)));
    }

    private static void sleep(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted");
        }
    }

    @Override
    public void close() {
        if (!abandoned) session.stop();
    }
}
