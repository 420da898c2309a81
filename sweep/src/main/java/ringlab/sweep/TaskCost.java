package ringlab.sweep;

import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.spark.scheduler.SparkListener;
import org.apache.spark.scheduler.SparkListenerJobEnd;
import org.apache.spark.scheduler.SparkListenerJobStart;
import org.apache.spark.scheduler.SparkListenerTaskEnd;
import scala.jdk.javaapi.CollectionConverters;

/**
 * The CPU time of a job's successful tasks on their executors' task threads, from Spark's listener bus: the
 * deserialisation of each task and the run of its function (both measured by Spark with the thread's
 * ThreadMXBean CPU time), plus the serialisation of its result (which Spark measures only as wall time, in
 * ms). Less the runs' own CPU time, what is left is Spark's overhead on the executors. Not included: the
 * driver's side (scheduling, deserialising results), and a task attempt lost with its executor.
 */
final class TaskCost extends SparkListener {
    private final Map<Integer, Integer> jobOfStage = new ConcurrentHashMap<>();
    private final Map<Integer, AtomicLong> cpuNsOfJob = new ConcurrentHashMap<>();
    private final Set<Integer> ended = ConcurrentHashMap.newKeySet();

    @Override
    public void onJobStart(SparkListenerJobStart start) {
        for (var s : CollectionConverters.asJava(start.stageInfos())) jobOfStage.put(s.stageId(), start.jobId());
    }

    @Override
    public void onTaskEnd(SparkListenerTaskEnd end) {
        if (end.taskInfo() == null || end.taskMetrics() == null || !end.taskInfo().successful()) return;
        Integer job = jobOfStage.get(end.stageId());
        if (job == null) return;
        var m = end.taskMetrics();
        long ns = m.executorDeserializeCpuTime() + m.executorCpuTime() + m.resultSerializationTime() * 1_000_000L;
        cpuNsOfJob.computeIfAbsent(job, j -> new AtomicLong()).addAndGet(ns);
    }

    @Override
    public void onJobEnd(SparkListenerJobEnd end) { ended.add(end.jobId()); }

    /**
     * The job's tasks' CPU time (ns) once the listener bus delivered its end (its tasks' ends come before
     * it), waiting at most a second for that; -1 if it did not.
     */
    long cpuNs(int job) {
        long deadline = System.nanoTime() + 1_000_000_000L;
        while (!ended.contains(job)) {
            if (System.nanoTime() > deadline) return -1;
            try {
                Thread.sleep(5);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return -1;
            }
        }
        AtomicLong ns = cpuNsOfJob.get(job);
        return ns == null ? 0 : ns.get();
    }
}
