package ringlab.spi.feature;

import java.util.Map;
import java.util.function.Supplier;
import org.osgi.annotation.versioning.ProviderType;
import ringlab.spi.board.Board;
import ringlab.spi.driver.Kthreads;
import ringlab.spi.driver.NapiCompletion;
import ringlab.spi.driver.NapiHandle;
import ringlab.spi.driver.NapiRunner;
import ringlab.spi.driver.NicModeration;
import ringlab.spi.driver.RxBuffers;
import ringlab.spi.driver.RxDelivery;
import ringlab.spi.driver.RxLayout;
import ringlab.spi.driver.TxDoorbell;
import ringlab.spi.driver.TxLimit;

/**
 * What the runtime offers a feature while it installs itself on one driver instance. The driver starts
 * from its stock strategies on every (re)configuration and installs the active features in dependency
 * order; a feature replaces the strategies whose mechanism it models, or wraps the current one.
 */
@ProviderType
public interface DriverHooks {

    /** The board the driver runs on. */
    Board board();

    /** The value of one of this feature's own tunables (its default unless set for this feature). */
    long tunable(String name);

    /** The rx buffer layout (mutable: headroom, size, sync mode). */
    RxLayout rxLayout();

    RxBuffers rxBuffers();

    void rxBuffers(RxBuffers b);

    RxDelivery rxDelivery();

    void rxDelivery(RxDelivery d);

    void txLimit(TxLimit l);

    void txDoorbell(TxDoorbell d);

    void napiCompletion(NapiCompletion c);

    /** The driver's NAPI instance. */
    NapiHandle napi();

    /** Where the NAPI instance is polled when scheduled. */
    void napiRunner(NapiRunner r);

    Kthreads kthreads();

    /** The NIC's interrupt moderation, or null if the NIC has none. */
    NicModeration nicModeration();

    /**
     * Exposes the feature's counters in the run's device detail: {@code feature} is the installing feature's
     * own id; with {@link DriverFeature#counters()} declared, a name it does not declare fails the install.
     * Event counts ({@link Counter.Kind#COUNTER}) continue from the previous instance's values when the
     * feature is reinstalled on the same port (a tunable change), so the supplier counts from zero.
     */
    void counters(String feature, Supplier<Map<String, Long>> counters);
}
