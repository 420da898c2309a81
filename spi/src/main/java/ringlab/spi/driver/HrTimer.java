package ringlab.spi.driver;

import org.osgi.annotation.versioning.ProviderType;

/** A high-resolution timer (hrtimer_start / hrtimer_cancel); its callback runs in hard IRQ context. */
@ProviderType
public interface HrTimer {
    void start(long delayNs);

    void cancel();

    boolean active();
}
