package ringlab.sweep;

import com.google.gson.Gson;
import com.google.gson.annotations.SerializedName;
import java.io.PrintStream;
import java.nio.file.Path;

/**
 * A sweep's progress: DIR/progress.json rewritten atomically at every change (the node polls it), and on
 * stderr a bar with an ETA on a terminal, plain lines ("sweep: 40/200 runs, 2 refused, eta 35 s") at most
 * every {@value #PLAIN_EVERY_MS} ms otherwise. The ETA is the remaining runs times this sweep's mean wall
 * time per finished run (runs done by an earlier sweep do not count).
 */
final class Progress {
    static final long PLAIN_EVERY_MS = 2_000;
    private final Path file;
    private final String name;
    private final int total;
    private final PrintStream err;
    private final boolean terminal;
    private final long startNs = System.nanoTime();
    private int done, refused, failed, doneAtStart;
    private long lastPlainMs = -PLAIN_EVERY_MS;

    /**
     * @param total every run of the sweep: to run, done before, refused
     */
    Progress(Path dir, String name, int total, PrintStream err, boolean terminal) {
        this.file = dir.resolve("progress.json");
        this.name = name;
        this.total = total;
        this.err = err;
        this.terminal = terminal;
    }

    /** Runs an earlier sweep did and refusals known before any run. */
    void start(int alreadyDone, int refusedUpFront) {
        done = doneAtStart = alreadyDone;
        refused = refusedUpFront;
        write("running", null);
        show(false);
    }

    void ran() { done++; changed(); }

    void refused() { refused++; changed(); }

    void failed(int n) { failed += n; changed(); }

    int failedCount() { return failed; }

    /** The end: "done" when every run that could run ran, else "failed" with the one-line error. */
    void finish(String error) {
        String state = error == null && failed == 0 ? "done" : "failed";
        write(state, error != null ? error : failed > 0 ? failed + " runs failed" : null);
        show(true);
        if (terminal) err.println();
    }

    private void changed() {
        write("running", null);
        show(false);
    }

    /** Seconds left, -1 while unknown (no run of this sweep finished yet). */
    long etaSeconds() {
        int ranHere = done - doneAtStart;
        int left = total - done - refused - failed;
        if (left <= 0) return 0;
        if (ranHere <= 0) return -1;
        double perRun = (System.nanoTime() - startNs) / 1e9 / ranHere;
        return Math.round(perRun * left);
    }

    /**
     * progress.json, the contract the node reads (web-console's SweepInfo): keys in this order, error null
     * unless failed.
     *
     * @param etaSeconds seconds left, -1 while unknown (s)
     */
    record Snapshot(String name, String state, int total, int done, int refused, int failed,
                @SerializedName("eta_seconds") long etaSeconds, String error) { }

    /** The sweep's Gson, writing the null error too. */
    private static final Gson GSON = Json.GSON.newBuilder().serializeNulls().create();

    private void write(String state, String error) {
        AtomicFiles.write(file, GSON.toJson(new Snapshot(name, state, total, done, refused, failed, etaSeconds(), error)) + "\n");
    }

    String line() {
        long eta = etaSeconds();
        return "sweep: " + done + "/" + (total - refused) + " runs, " + refused + " refused"
                + (failed > 0 ? ", " + failed + " failed" : "") + (eta < 0 ? "" : ", eta " + eta + " s");
    }

    private void show(boolean last) {
        if (terminal) {
            int width = 30, runnable = Math.max(1, total - refused);
            int filled = (int) Math.min(width, (long) width * done / runnable);
            err.print("\r[" + "#".repeat(filled) + "-".repeat(width - filled) + "] " + line() + "   ");
            err.flush();
            return;
        }
        long now = System.nanoTime() / 1_000_000;
        if (last || now - lastPlainMs >= PLAIN_EVERY_MS) {
            lastPlainMs = now;
            err.println(line());
        }
    }
}
