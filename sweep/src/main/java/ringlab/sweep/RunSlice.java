package ringlab.sweep;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import scala.collection.Iterator;
import scala.runtime.AbstractFunction1;

/**
 * A slice: a few runs in one Spark task, so that Spark's cost per task (shipping and deserialising the task,
 * returning its result, the scheduler's bookkeeping) is shared by its runs. A partition holds exactly one
 * slice. A run that throws becomes that run's failure (its exception's line) and the slice goes on with its
 * other runs: a thrown exception would fail the whole task, and in local mode (one attempt per task) the
 * whole sweep's job. Errors other than a stack overflow (out of memory) still fail the task: Spark retries it.
 */
final class RunSlice extends AbstractFunction1<Iterator<List<TaskInput>>, ArrayList<TaskOutput>> implements Serializable {
    private static final long serialVersionUID = 1L;

    /** What runs one run on the executor; a test may replace it. */
    interface Runner extends Function<TaskInput, TaskOutput>, Serializable { }

    /** Runs per slice: at most this many, fewer when the sweep is small. */
    static final int MAX_RUNS = 4;
    /** Slices per core at least, while slices can shrink: the cores stay balanced to the end of the sweep. */
    static final int SLICES_PER_CORE = 4;

    private final Runner runner;

    RunSlice(Runner runner) { this.runner = runner; }

    @Override
    public ArrayList<TaskOutput> apply(Iterator<List<TaskInput>> partition) {
        ArrayList<TaskOutput> out = new ArrayList<>();
        while (partition.hasNext()) {
            for (TaskInput in : partition.next()) {
                long t0 = System.nanoTime(), c0 = JvmTimes.threadCpuNs();
                try {
                    out.add(runner.apply(in));
                } catch (RuntimeException | StackOverflowError e) {
                    out.add(TaskOutput.failed(in.key(), e, System.nanoTime() - t0, JvmTimes.threadCpuNs() - c0));
                }
            }
        }
        return out;
    }

    /**
     * The runs cut into slices of 1 to {@value #MAX_RUNS} runs, in order, sizes differing by at most one:
     * as large as {@value #SLICES_PER_CORE} slices per core allow.
     */
    static List<List<TaskInput>> of(List<TaskInput> runs, int cores) {
        if (runs.isEmpty()) return List.of();
        int size = Math.max(1, Math.min(MAX_RUNS, runs.size() / Math.max(1, SLICES_PER_CORE * cores)));
        int n = (runs.size() + size - 1) / size;
        List<List<TaskInput>> slices = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            slices.add(new ArrayList<>(runs.subList((int) ((long) i * runs.size() / n), (int) ((long) (i + 1) * runs.size() / n))));
        }
        return slices;
    }
}
