package ringlab.spi.driver;

import org.osgi.annotation.versioning.ConsumerType;

/**
 * napi_complete_done's decision after a poll that did less than its budget: true lets the driver
 * unmask the device interrupt; false keeps it masked (napi_defer_hard_irqs with gro_flush_timeout:
 * a timer will schedule the next poll). Drivers that ignore the answer (bcm63xx: the board's nic.irqUnmask is
 * {@link ringlab.spi.board.IrqUnmask#ALWAYS}) unmask anyway.
 */
@ConsumerType
public interface NapiCompletion {
    boolean complete(Exec x, NapiHandle napi, int work);

    /**
     * The timeout napi_complete_done computes before it flushes GRO, for the poll about to complete with
     * {@code work} packets while the rx delivery holds packets ({@code held}, napi->gro_bitmask): non-zero
     * (gro_flush_timeout, ns) makes it keep the packets held since the current jiffy
     * ({@link RxDelivery#flushOld}). The driver asks just before it calls {@link #complete} for the same poll.
     * Default 0: without a gro_flush_timeout everything held is flushed.
     */
    default long groFlushTimeout(int work, boolean held) {
        return 0;
    }
}
