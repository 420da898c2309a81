package ringlab.sweep;

import java.time.Instant;
import ringlab.experiment.Experiments;
import ringlab.experiment.Figures;
import ringlab.experiment.RunResult;
import ringlab.experiment.RunSpec;
import ringlab.sim.report.RunReport;
import ringlab.sim.report.format.IperfJsonFormatter;

/**
 * A run on an executor: a pure function of its spec (and of the boards' and features' code), so it gives the
 * same bytes on any executor and may safely run twice (a lost executor's slice is retried elsewhere). It
 * writes nothing: the driver writes what tasks return. Its wall and CPU time cover everything a `ringlab
 * run --json` of the spec also does (reading the spec, the simulation, the figures and the document), so
 * what a task spends beyond its runs' time is the sweep's (Spark's) overhead.
 */
final class RunTask {
    /** The start time every run's JSON document shows: pinned, so documents are byte-identical. */
    static final Instant START = Instant.EPOCH;

    private RunTask() { }

    static TaskOutput apply(TaskInput in) {
        long t0 = System.nanoTime(), c0 = JvmTimes.threadCpuNs();
        SweepCatalog cat = SweepCatalog.of(loader());
        RunSpec spec = Json.GSON.fromJson(in.spec(), RunSpec.class);
        try {
            Experiments.Prepared p = Experiments.prepare(spec, cat.boards(), cat.features());
            RunReport r = Experiments.run(p);
            RunResult result = new RunResult(in.key(), spec, Figures.of(r, p.board()));
            String document = IperfJsonFormatter.format(r, START);
            return new TaskOutput(in.key(), Json.GSON.toJson(result), document, null, null, System.nanoTime() - t0, JvmTimes.threadCpuNs() - c0);
        } catch (IllegalArgumentException e) {
            return new TaskOutput(in.key(), null, null, e.getMessage(), null, System.nanoTime() - t0, JvmTimes.threadCpuNs() - c0);
        }
    }

    private static ClassLoader loader() {
        ClassLoader cl = Thread.currentThread().getContextClassLoader();
        return cl != null ? cl : RunTask.class.getClassLoader();
    }
}
