package ringlab.sweep;

import java.util.concurrent.atomic.AtomicLong;
import org.apache.spark.scheduler.SparkListener;
import org.apache.spark.scheduler.SparkListenerTaskEnd;

/**
 * Spark's own time per task, from its listener bus: a task's duration (from its launch on a free core to its
 * result at the driver) minus the time the executor ran the function. What is left is Spark's: shipping and
 * deserialising the task, serialising and returning its result, the scheduler's bookkeeping.
 */
final class TaskCost extends SparkListener {
    private final AtomicLong tasks = new AtomicLong(), sparkMs = new AtomicLong();

    @Override
    public void onTaskEnd(SparkListenerTaskEnd end) {
        if (end.taskInfo() == null || end.taskMetrics() == null || !end.taskInfo().successful()) return;
        tasks.incrementAndGet();
        sparkMs.addAndGet(Math.max(0, end.taskInfo().duration() - end.taskMetrics().executorRunTime()));
    }

    /** Mean Spark time per successful task so far (ms), NaN before any. */
    double meanMs() {
        long n = tasks.get();
        return n == 0 ? Double.NaN : (double) sparkMs.get() / n;
    }
}
