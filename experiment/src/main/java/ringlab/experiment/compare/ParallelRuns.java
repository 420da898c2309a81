package ringlab.experiment.compare;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Function;

/**
 * Runs independent simulations on all cores: a fixed pool of {@link Runtime#availableProcessors()} threads.
 * Each run is a pure function of its input, so the results (returned in input order) do not depend on the
 * scheduling; only the wall time does.
 */
public final class ParallelRuns {
    private ParallelRuns() { }

    /**
     * {@code run} applied to every input, results in input order. When runs fail, the failure of the first
     * failing input (in input order, not in time) is thrown, so the error is the same whatever ran first;
     * the runs not started yet are cancelled then.
     */
    public static <I, R> List<R> map(List<I> inputs, Function<I, R> run) {
        int threads = Math.max(1, Math.min(inputs.size(), Runtime.getRuntime().availableProcessors()));
        ExecutorService pool = Executors.newFixedThreadPool(threads, r -> {
            Thread t = new Thread(r, "ringlab-run");
            t.setDaemon(true); // a run left behind by a failure never keeps the CLI's JVM alive
            return t;
        });
        try {
            List<Future<R>> futures = new ArrayList<>();
            for (I in : inputs) futures.add(pool.submit(() -> run.apply(in)));
            List<R> results = new ArrayList<>();
            for (Future<R> f : futures) results.add(get(f));
            return results;
        } finally {
            pool.shutdownNow();
        }
    }

    private static <R> R get(Future<R> f) {
        try {
            return f.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting for the runs", e);
        } catch (ExecutionException e) {
            if (e.getCause() instanceof RuntimeException r) throw r;
            if (e.getCause() instanceof Error err) throw err;
            throw new IllegalStateException(e.getCause());
        }
    }
}
