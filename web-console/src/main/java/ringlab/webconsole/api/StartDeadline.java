package ringlab.webconsole.api;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import org.osgi.framework.Bundle;
import org.osgi.framework.BundleException;

/**
 * Bundle.start() with a deadline: an activator that blocks must not hold an HTTP thread (and the bundle
 * lock of the API) for ever. The start runs in a thread of its own; past the deadline that thread is
 * interrupted once and abandoned, and whatever the start finally does is handed to {@code late} (which
 * uninstalls the refused bundle or rolls the update back). Nothing can take a stuck activator's thread
 * away: if it ignores the interrupt, the bundle stays STARTING until it returns.
 */
final class StartDeadline {
    private static final int RUNNING = 0, ANSWERED = 1, ABANDONED = 2;

    /** The start did not finish in time; the message names the bundle's state. */
    static final class Expired extends Exception {
        private static final long serialVersionUID = 1L;

        Expired(String message) { super(message); }
    }

    private StartDeadline() { }

    /**
     * Starts {@code b}; returns when it started, throws what the start threw, or {@link Expired} after
     * {@code limit}, in which case {@code late} gets the start's outcome (null when it started) later.
     */
    static void start(Bundle b, Duration limit, Consumer<Throwable> late) throws BundleException, Expired {
        CompletableFuture<Void> done = new CompletableFuture<>();
        AtomicInteger phase = new AtomicInteger(RUNNING);
        Thread worker = new Thread(() -> {
            Throwable failure = null;
            try {
                b.start();
            } catch (Throwable t) {
                failure = t;
            }
            if (phase.compareAndSet(RUNNING, ANSWERED)) {
                if (failure == null) done.complete(null);
                else done.completeExceptionally(failure);
            } else {
                late.accept(failure);
            }
        }, "ringlab-start-" + b.getBundleId());
        worker.setDaemon(true);
        worker.start();
        try {
            done.get(limit.toMillis(), TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            if (phase.compareAndSet(RUNNING, ABANDONED)) {
                Expired expired = new Expired("bundle " + b.getBundleId() + " (" + b.getSymbolicName() + ") did not start within " + limit.toSeconds()
                        + " s: its activator is still running (bundle " + BundleRoutes.state(b.getState()) + "; interrupted)");
                worker.interrupt();
                throw expired;
            }
            rethrow(done);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new BundleException("interrupted while starting bundle " + b.getBundleId());
        } catch (ExecutionException e) {
            throw unwrap(e);
        }
    }

    private static void rethrow(CompletableFuture<Void> done) throws BundleException {
        try {
            done.get();
        } catch (ExecutionException e) {
            throw unwrap(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new BundleException("interrupted");
        }
    }

    private static BundleException unwrap(ExecutionException e) {
        Throwable c = e.getCause();
        if (c instanceof BundleException be) return be;
        if (c instanceof RuntimeException re) throw re;
        return new BundleException(String.valueOf(c), c);
    }
}
