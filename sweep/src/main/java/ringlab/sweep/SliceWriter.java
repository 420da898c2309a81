package ringlab.sweep;

import java.io.PrintStream;
import java.util.List;
import ringlab.experiment.Refusal;
import ringlab.experiment.RunSpec;

/**
 * The driver's side of a slice's outcome: each run written to the folder (once, see {@link SweepFolder#add}),
 * a refusal printed with its reason and kept for refused.jsonl, a run's failure printed with its exception's
 * line, a failed job's runs counted as failed; the progress follows. It also sums the runs' own time for the
 * overhead figures.
 */
final class SliceWriter {
    private final SweepFolder folder;
    private final Progress progress;
    private final PrintStream err;
    private final List<Refusal> refused;
    private long runWallNs, runCpuNs;

    SliceWriter(SweepFolder folder, Progress progress, PrintStream err, List<Refusal> refused) {
        this.folder = folder;
        this.progress = progress;
        this.err = err;
        this.refused = refused;
    }

    void accept(SparkEngine.SliceOutcome slice) {
        if (slice.error() != null) {
            err.println("sweep: " + slice.inputs().size() + " runs failed: " + slice.error());
            progress.failed(slice.inputs().size());
            return;
        }
        for (TaskOutput o : slice.outputs()) {
            runWallNs += o.runWallNs();
            runCpuNs += o.runCpuNs();
            if (o.result() != null) {
                folder.add(o);
                progress.ran();
            } else if (o.refusal() != null) {
                Refusal r = new Refusal(specOf(slice, o.key()), o.refusal());
                refused.add(r);
                err.println("sweep: refused " + Sweep.describe(r.spec()) + ": " + r.reason());
                progress.refused();
            } else {
                err.println("sweep: run failed " + Sweep.describe(specOf(slice, o.key())) + ": " + o.failure());
                progress.failed(1);
            }
        }
    }

    /** The runs' own wall time summed (ns). */
    long runWallNs() { return runWallNs; }

    /** The runs' own CPU time summed (ns). */
    long runCpuNs() { return runCpuNs; }

    private static RunSpec specOf(SparkEngine.SliceOutcome slice, String key) {
        for (TaskInput t : slice.inputs()) if (t.key().equals(key)) return Json.GSON.fromJson(t.spec(), RunSpec.class);
        throw new IllegalStateException("a task returned a key not in its slice: " + key);
    }
}
