package ringlab.spi.driver;

/** A high-resolution timer (hrtimer_start / hrtimer_cancel); its callback runs in hard IRQ context. */
public interface HrTimer {
    void start(long delayNs);

    void cancel();

    boolean active();
}
