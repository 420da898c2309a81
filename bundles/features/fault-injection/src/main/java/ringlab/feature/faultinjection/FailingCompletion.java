package ringlab.feature.faultinjection;

import ringlab.spi.driver.Exec;
import ringlab.spi.driver.NapiCompletion;
import ringlab.spi.driver.NapiHandle;

/**
 * The stock NAPI completion (napi_complete_done), throwing at the configured poll. It replaces the
 * completion of features installed before it (the hooks offer no getter to wrap it).
 */
final class FailingCompletion implements NapiCompletion {
    private final long failAt;
    private long polls;

    FailingCompletion(long failAt) {
        this.failAt = failAt;
    }

    @Override
    public boolean complete(Exec x, NapiHandle napi, int work) {
        if (++polls == failAt) throw new IllegalStateException("fault-injection: fail_poll_after=" + failAt + " reached");
        return napi.completeDone(work);
    }
}
