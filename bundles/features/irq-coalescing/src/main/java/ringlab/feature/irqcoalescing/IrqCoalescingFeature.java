package ringlab.feature.irqcoalescing;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import aQute.bnd.annotation.spi.ServiceProvider;
import org.osgi.service.component.annotations.Component;
import ringlab.spi.driver.NicModeration;
import ringlab.spi.feature.Counter;
import ringlab.spi.feature.DriverFeature;
import ringlab.spi.feature.DriverHooks;
import ringlab.spi.feature.Tunable;

/**
 * Interrupt coalescing, one of two modes chosen by tunables. Hardware (ethtool -C rx-usecs / rx-frames,
 * selected when either is above 0): programs the NIC's interrupt moderation. Software (otherwise):
 * napi_defer_hard_irqs + gro_flush_timeout in napi_complete_done, defaults as ravb GbEth sets them
 * (1 and 20000 ns; the kernel's own defaults are 0 and 0). Leaves out tx-usecs/tx-frames and adaptive
 * moderation.
 */
@Component(service = DriverFeature.class)
@ServiceProvider(DriverFeature.class)
public final class IrqCoalescingFeature implements DriverFeature {
    public static final String DEFER_HARD_IRQS = "napi_defer_hard_irqs", GRO_FLUSH_TIMEOUT = "gro_flush_timeout",
            RX_USECS = "rx-usecs", RX_FRAMES = "rx-frames";

    @Override public String id() { return "irq-coalescing"; }

    @Override public String summary() { return "interrupt coalescing: software (napi_defer_hard_irqs + gro_flush_timeout) or NIC moderation (rx-usecs, rx-frames)"; }

    @Override
    public List<Tunable> tunables() {
        return List.of(
                new Tunable(DEFER_HARD_IRQS, "count", 1, 0, Integer.MAX_VALUE,
                        "software mode: empty polls with the device IRQ kept masked after a poll that found work (kernel default 0; ravb GbEth 1)"),
                new Tunable(GRO_FLUSH_TIMEOUT, "ns", 20_000, 0, 1_000_000_000L,
                        "software mode: hrtimer after a deferring napi_complete_done, its expiry polls again (kernel default 0; ravb GbEth 20000)"),
                new Tunable(RX_USECS, "us", 0, 0, 100_000,
                        "hardware mode (ethtool -C) when > 0: NIC rx interrupt at most this long after the first frame; needs NIC moderation"),
                new Tunable(RX_FRAMES, "frames", 0, 0, 4096,
                        "hardware mode (ethtool -C) when > 0: NIC rx interrupt after this many frames; needs NIC moderation"));
    }

    /** Hardware mode needs NIC moderation, which only install() can tell (the mode is a tunable); see there. */
    @Override
    public String unsupportedReason(ringlab.spi.board.Board board) { return null; }

    /** Hardware mode (rx-usecs or rx-frames above 0) needs NIC moderation. */
    @Override
    public String unsupportedReason(ringlab.spi.board.Board board, java.util.function.ToLongFunction<String> tunables) {
        boolean hardware = tunables.applyAsLong(RX_USECS) > 0 || tunables.applyAsLong(RX_FRAMES) > 0;
        return hardware ? hardwareModeUnsupported(board) : null;
    }

    /** What the NIC lacks for hardware mode, in the resolver's words; null if it can. */
    static String hardwareModeUnsupported(ringlab.spi.board.Board board) {
        return board.nic().irqModeration() ? null : "NIC " + board.nic().model() + " has no interrupt moderation (rx-usecs/rx-frames)";
    }

    @Override
    public List<Counter> counters() {
        return List.of(
                Counter.gauge("napi_defer_hard_irqs", "count", "software mode: the napi_defer_hard_irqs in force"),
                Counter.gauge("gro_flush_timeout", "ns", "software mode: the gro_flush_timeout in force"),
                Counter.count("irq_deferred", "completions", "software mode: napi_complete_done answers that kept the device IRQ masked"),
                Counter.count("irq_unmask_allowed", "completions", "software mode: napi_complete_done answers that let the driver unmask"),
                Counter.count("hrtimer_starts", "timers", "software mode: gro_flush_timeout hrtimers armed"),
                Counter.count("watchdog_polls", "polls", "software mode: polls scheduled by the timer"),
                Counter.count("watchdog_already_scheduled", "timers", "software mode: timer expiries that found NAPI already scheduled"),
                Counter.gauge("rx_usecs", "us", "hardware mode: the programmed ethtool -C rx-usecs"),
                Counter.gauge("rx_frames", "frames", "hardware mode: the programmed ethtool -C rx-frames"));
    }

    @Override
    public void install(DriverHooks hooks) {
        long usecs = hooks.tunable(RX_USECS), frames = hooks.tunable(RX_FRAMES);
        if (usecs > 0 || frames > 0) {
            NicModeration m = hooks.nicModeration();
            if (m == null) {
                throw new IllegalArgumentException("feature '" + id() + "' cannot run on board " + hooks.board().id()
                        + ": " + hardwareModeUnsupported(hooks.board()));
            }
            m.setRx((int) usecs, (int) frames);
            Map<String, Long> c = new LinkedHashMap<>();
            c.put("rx_usecs", usecs);
            c.put("rx_frames", frames);
            hooks.counters(id(), () -> c);
            return;
        }
        DeferredCompletion d = new DeferredCompletion(hooks.napi(), (int) hooks.tunable(DEFER_HARD_IRQS),
                hooks.tunable(GRO_FLUSH_TIMEOUT));
        hooks.napiCompletion(d);
        hooks.counters(id(), d::counters);
    }
}
