package ringlab.cli;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * The whole-process time of a benchmark scenario as a user runs it: {@code ./ringlab run --hardware B
 * --features F -- ARGS} in a child process (the launcher script, so its JVM options and class-data archive
 * are those of a real run), timed from the start of the process to its exit. One run first is not counted
 * (it fills the file cache and, on a fresh build, writes the launcher's class-data archive).
 *
 * The launcher is known from RINGLAB_LAUNCHER, which ./ringlab sets; a JVM started otherwise (a test, an IDE)
 * has none, and the cold figures are skipped with that reason.
 */
final class ColdRun {
    static final String LAUNCHER_ENV = "RINGLAB_LAUNCHER";

    /**
     * One scenario's cold figures, or why there are none.
     *
     * @param skipped             why the cold runs did not happen or failed; null when they were measured
     * @param runs                whole-process runs counted (after one not counted)
     * @param wallSeconds         their wall time, process start to exit (seconds)
     * @param framesPerWallSecond the scenario's wire frames over the median wall time (frames per second)
     */
    record Result(String skipped, Integer runs, Spread wallSeconds, Double framesPerWallSecond) {
        static Result skipped(String why) { return new Result(why, null, null, null); }
    }

    private ColdRun() { }

    /** The child's command line: the launcher's `run` with the case's board, features and iperf3 arguments. */
    static List<String> command(String launcher, BenchCommand.Case c) {
        List<String> cmd = new ArrayList<>(List.of(launcher, "run"));
        cmd.addAll(c.runArgs());
        return cmd;
    }

    /** Runs the case {@code runs} times (after one not counted) through the launcher; wireFrames is its frame count. */
    static Result measure(String launcher, BenchCommand.Case c, int runs, long wireFrames) {
        if (launcher == null || launcher.isEmpty()) return Result.skipped("not started by ./ringlab (" + LAUNCHER_ENV + " unset)");
        List<String> cmd = command(launcher, c);
        double[] wall = new double[runs];
        try {
            for (int i = -1; i < runs; i++) {
                long t0 = System.nanoTime();
                Process p = new ProcessBuilder(cmd).redirectOutput(ProcessBuilder.Redirect.DISCARD)
                        .redirectError(ProcessBuilder.Redirect.DISCARD).start();
                int rc = p.waitFor();
                double s = (System.nanoTime() - t0) / 1e9;
                if (rc != 0) return Result.skipped(String.join(" ", cmd) + " exited with " + rc);
                if (i >= 0) wall[i] = s;
            }
        } catch (IOException e) {
            return Result.skipped("cannot start " + launcher + ": " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Result.skipped("interrupted");
        }
        Spread w = Spread.of(wall);
        return new Result(null, runs, w, wireFrames / w.median());
    }
}
