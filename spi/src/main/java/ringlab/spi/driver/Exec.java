package ringlab.spi.driver;

import org.osgi.annotation.versioning.ProviderType;
import ringlab.spi.board.CostKey;

/** The CPU context a strategy runs in: it charges the modelled work it does, and reads the step's time. */
@ProviderType
public interface Exec {
    void charge(CostKey k);

    void charge(CostKey k, double units);

    /** Virtual time in ns inside the running step (its start plus what it has charged so far). */
    long now();

    /** True in hard IRQ, softirq or bottom-half-disabled context (napi_alloc_frag vs netdev_alloc_frag). */
    boolean inSoftirq();
}
