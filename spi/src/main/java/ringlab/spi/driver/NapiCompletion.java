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
}
