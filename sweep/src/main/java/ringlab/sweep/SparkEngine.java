package ringlab.sweep;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.apache.spark.SimpleFutureAction;
import org.apache.spark.SparkConf;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.sql.SparkSession;
import scala.Function0;
import scala.Function2;
import scala.jdk.javaapi.CollectionConverters;
import scala.runtime.BoxedUnit;

/**
 * Runs a sweep's slices ({@link RunSlice}) on Spark as one job and hands each slice's outcome to the driver
 * as its task finishes, so the driver writes results while the executors go on, and an interrupted sweep
 * keeps every finished slice's runs. A lost executor loses only its running slices, which Spark reruns
 * elsewhere.
 */
final class SparkEngine implements AutoCloseable {
    /** How long the driver waits for a slice before it looks at the job's state again (ms). */
    static final long POLL_MS = 20;
    private final SparkSession session;
    private final JavaSparkContext jsc;

    private final TaskCost cost = new TaskCost();

    SparkEngine(SparkConf conf) {
        session = SparkSession.builder().config(conf).getOrCreate();
        jsc = JavaSparkContext.fromSparkContext(session.sparkContext());
        jsc.sc().addSparkListener(cost);
    }

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

    /** What a slice brought back (its runs' outputs, in its order), or the job's error (its runs count as failed). */
    record SliceOutcome(List<TaskInput> inputs, List<TaskOutput> outputs, String error) { }

    /**
     * What a job cost: its wall time (ns), its tasks' CPU time on the executors (ns, -1 when Spark's listener
     * did not report it in time, see {@link TaskCost}) and this JVM's times during it: with local executors
     * every thread's (runs, Spark, JIT, GC, the driver's writing), with a cluster the driver's; and the CPU
     * time of the driver's thread that handled the slices (wrote the results) (ns).
     */
    record JobCost(long wallNs, long taskCpuNs, JvmTimes jvm, long writerCpuNs) { }

    /**
     * A small job of empty slices, two per core, through the same path as the runs: Spark loads its classes
     * and JIT-compiles its task path (and a cluster's executors fetch ringlab's jars) before the runs'
     * job, which is measured alone.
     */
    JobCost warmUp() {
        List<List<TaskInput>> empty = new ArrayList<>();
        for (int i = 0; i < 2 * parallelism(); i++) empty.add(new ArrayList<>());
        return run(empty, RunTask::apply, s -> { });
    }

    /**
     * Runs the slices as one job, a partition (a task) per slice, and hands each slice's outcome to onSlice
     * on this thread as it arrives: Spark's result handler only queues it, the driver writes while the
     * executors run the next slices. Spark calls the handler once per partition, a slice rerun after an
     * executor's loss included. When the job fails (a task failed more often than Spark retries it), the
     * slices without a result come back with the job's error.
     */
    JobCost run(List<List<TaskInput>> slices, RunSlice.Runner runner, Consumer<SliceOutcome> onSlice) {
        long t0 = System.nanoTime();
        JvmTimes jvm0 = JvmTimes.now();
        long writer0 = JvmTimes.threadCpuNs();
        BlockingQueue<Map.Entry<Integer, ArrayList<TaskOutput>>> arrived = new LinkedBlockingQueue<>();
        List<Object> partitions = new ArrayList<>();
        for (int i = 0; i < slices.size(); i++) partitions.add(i);
        SimpleFutureAction<BoxedUnit> job = jsc.sc().submitJob(jsc.parallelize(slices, Math.max(1, slices.size())).rdd(),
                new RunSlice(runner), CollectionConverters.asScala(partitions).toSeq(),
                (Function2<Object, ArrayList<TaskOutput>, BoxedUnit>) (i, out) -> {
                    arrived.add(Map.entry((Integer) i, out));
                    return BoxedUnit.UNIT;
                }, (Function0<BoxedUnit>) () -> BoxedUnit.UNIT);
        boolean[] handled = new boolean[slices.size()];
        int left = slices.size();
        while (left > 0) {
            Map.Entry<Integer, ArrayList<TaskOutput>> next = take(arrived, job);
            if (next != null) {
                if (handled[next.getKey()]) continue;
                handled[next.getKey()] = true;
                left--;
                onSlice.accept(new SliceOutcome(slices.get(next.getKey()), next.getValue(), null));
            } else if (job.isCompleted() && arrived.isEmpty()) {
                String error = error(job);
                for (int i = 0; i < slices.size(); i++) {
                    if (!handled[i]) onSlice.accept(new SliceOutcome(slices.get(i), List.of(), error));
                }
                break;
            }
        }
        long wall = System.nanoTime() - t0;
        JvmTimes jvm = JvmTimes.now().since(jvm0);
        return new JobCost(wall, cost.cpuNs((Integer) job.jobIds().head()), jvm, JvmTimes.threadCpuNs() - writer0);
    }

    private static Map.Entry<Integer, ArrayList<TaskOutput>> take(BlockingQueue<Map.Entry<Integer, ArrayList<TaskOutput>>> q,
                                                                 SimpleFutureAction<BoxedUnit> job) {
        try {
            return q.poll(POLL_MS, TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            job.cancel();
            throw new IllegalStateException("interrupted");
        }
    }

    /** The finished job's error's first line, or why a job that succeeded left slices without a result. */
    private static String error(SimpleFutureAction<BoxedUnit> job) {
        scala.util.Try<BoxedUnit> outcome = job.value().get();
        if (outcome.isSuccess()) return "the job ended without this slice's result";
        Throwable c = outcome.failed().get();
        return Sweep.firstLine(c);
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
