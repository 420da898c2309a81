package ringlab.webconsole.api;

import java.util.concurrent.Semaphore;

/**
 * Bounds how many large bodies (jar uploads, up to 64 MiB each, held in memory twice while read) are read at
 * once, so parallel uploads cannot exhaust the node's heap (1 GiB by default): one more is answered 503
 * (retry later) instead of an OutOfMemoryError somewhere in the node.
 */
final class UploadGate {
    /** Large bodies read at once: 4 x 64 MiB x 2 copies stay within half of the default heap. */
    static final int PARALLEL = 4;

    private final Semaphore permits;

    UploadGate(int parallel) { permits = new Semaphore(parallel); }

    /** A pass to read one large body, closed when read; 503 when {@link #PARALLEL} are being read already. */
    Pass enter() throws ApiError {
        if (!permits.tryAcquire()) {
            throw new ApiError(503, "too many uploads at once (" + PARALLEL + " are being read); retry in a moment");
        }
        return permits::release;
    }

    /** A held place; closing it frees it. */
    interface Pass extends AutoCloseable {
        @Override
        void close();
    }
}
