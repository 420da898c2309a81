package ringlab.webconsole.api;

import java.time.Duration;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;

/**
 * Bounds how many large bodies (jar uploads, up to 64 MiB each, held in memory twice while read) are read at
 * once, so parallel uploads cannot exhaust the node's heap (1 GiB by default). One more waits for a place
 * (bundle operations run one at a time anyway) and is answered 503 (retry later) only if none frees within
 * the wait, instead of an OutOfMemoryError somewhere in the node.
 */
final class UploadGate {
    /** Large bodies read at once: 4 x 64 MiB x 2 copies stay within half of the default heap. */
    static final int PARALLEL = 4;

    /** How long one more upload waits for a place. */
    static final Duration WAIT = Duration.ofSeconds(20);

    private final Semaphore permits;
    private final Duration wait;

    UploadGate(int parallel, Duration wait) {
        permits = new Semaphore(parallel, true); // fair: first come, first read
        this.wait = wait;
    }

    /** A pass to read one large body, closed when read; 503 when {@link #PARALLEL} stay busy for the whole wait. */
    Pass enter() throws ApiError {
        boolean entered;
        try {
            entered = permits.tryAcquire(wait.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            entered = false;
        }
        if (!entered) {
            throw new ApiError(503, "too many uploads at once (" + PARALLEL + " were being read for " + wait.toSeconds() + " s); retry in a moment");
        }
        return permits::release;
    }

    /** A held place; closing it frees it. */
    interface Pass extends AutoCloseable {
        @Override
        void close();
    }
}
