package ringlab.sweep;

import java.time.Instant;
import ringlab.experiment.Experiments;
import ringlab.experiment.Figures;
import ringlab.experiment.RunResult;
import ringlab.experiment.RunSpec;
import ringlab.sim.report.RunReport;
import ringlab.sim.report.format.IperfJsonFormatter;

/**
 * A run as a Spark task: a pure function of its spec (and of the boards' and features' code), so it gives the
 * same bytes on any executor and may safely run twice (a lost executor's task is retried elsewhere). It
 * writes nothing: the driver writes what tasks return.
 */
final class RunTask {
    /** The start time every run's JSON document shows: pinned, so documents are byte-identical. */
    static final Instant START = Instant.EPOCH;

    private RunTask() { }

    static TaskOutput apply(TaskInput in) {
        SweepCatalog cat = SweepCatalog.of(loader());
        RunSpec spec = Json.GSON.fromJson(in.spec(), RunSpec.class);
        long t0 = System.nanoTime();
        try {
            Experiments.Prepared p = Experiments.prepare(spec, cat.boards(), cat.features());
            RunReport r = Experiments.run(p);
            long wall = System.nanoTime() - t0;
            RunResult result = new RunResult(in.key(), spec, Figures.of(r, p.board()));
            return new TaskOutput(in.key(), Json.GSON.toJson(result), IperfJsonFormatter.format(r, START), null, wall);
        } catch (IllegalArgumentException e) {
            return new TaskOutput(in.key(), null, null, e.getMessage(), System.nanoTime() - t0);
        }
    }

    private static ClassLoader loader() {
        ClassLoader cl = Thread.currentThread().getContextClassLoader();
        return cl != null ? cl : RunTask.class.getClassLoader();
    }
}
