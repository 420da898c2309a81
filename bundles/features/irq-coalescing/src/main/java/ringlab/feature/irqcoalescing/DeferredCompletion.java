package ringlab.feature.irqcoalescing;

import java.util.LinkedHashMap;
import java.util.Map;
import ringlab.spi.board.CostKey;
import ringlab.spi.driver.Exec;
import ringlab.spi.driver.HrTimer;
import ringlab.spi.driver.NapiCompletion;
import ringlab.spi.driver.NapiHandle;

/**
 * napi_complete_done with napi_defer_hard_irqs and gro_flush_timeout (net/core/dev.c), and napi_watchdog,
 * the NAPI hrtimer's callback. A poll that did work while GRO held packets computes timeout =
 * gro_flush_timeout (its GRO flush then keeps young packets, {@link #groFlushTimeout}, and the timer arms
 * even with the IRQ unmasked, so held packets go up within a timeout); deferring reloads the count and keeps
 * the IRQ masked. Leaves out busy polling (prefer_busy_poll, napi_busy_loop).
 */
final class DeferredCompletion implements NapiCompletion {
    private final NapiHandle napi;
    private final int deferHardIrqs;
    private final long groFlushTimeoutNs;
    private final HrTimer timer;
    /** napi->defer_hard_irqs_count. */
    private int deferCount;
    /** napi->gro_bitmask as the driver reported it with {@link #groFlushTimeout} for the poll completing now. */
    private boolean groHeld;
    private long deferred, unmasked, timerStarts, watchdogSchedules, watchdogLate;

    DeferredCompletion(NapiHandle napi, int deferHardIrqs, long groFlushTimeoutNs) {
        this.napi = napi;
        this.deferHardIrqs = deferHardIrqs;
        this.groFlushTimeoutNs = groFlushTimeoutNs;
        this.timer = napi.hrtimer(this::watchdog);
    }

    @Override
    public long groFlushTimeout(int work, boolean held) {
        groHeld = held;
        return timeout(work, held);
    }

    /**
     * napi_complete_done's timeout for a poll of {@code work} packets, GRO holding packets or not: gro_flush_timeout
     * when the poll did work while GRO held packets, or when the deferral count (reloaded by work) is above zero.
     */
    private long timeout(int work, boolean held) {
        if (work > 0 && held) return groFlushTimeoutNs;
        return (work > 0 ? deferHardIrqs : deferCount) > 0 ? groFlushTimeoutNs : 0;
    }

    @Override
    public boolean complete(Exec x, NapiHandle n, int work) {
        long timeout = timeout(work, groHeld);
        groHeld = false;
        if (work > 0) deferCount = deferHardIrqs;
        boolean ret = true;
        if (deferCount > 0) {
            deferCount--;
            if (timeout > 0) ret = false;
        }
        if (!n.completeDone(work)) return false; // NAPIF_STATE_MISSED: polled again at once, no timer
        if (timeout > 0) {
            x.charge(CostKey.HRTIMER); // hrtimer_start(&n->timer, timeout, HRTIMER_MODE_REL_PINNED)
            timer.start(timeout);
            timerStarts++;
        }
        if (ret) unmasked++; else deferred++;
        return ret;
    }

    /**
     * napi_watchdog, in hard IRQ context: schedules the NAPI without marking it missed (no device IRQ
     * happened); if it is already scheduled (a driver that unmasked anyway took an IRQ), nothing.
     */
    private void watchdog() {
        if (napi.isScheduled()) { watchdogLate++; return; }
        watchdogSchedules++;
        napi.schedule();
    }

    Map<String, Long> counters() {
        Map<String, Long> m = new LinkedHashMap<>();
        m.put("napi_defer_hard_irqs", (long) deferHardIrqs);
        m.put("gro_flush_timeout", groFlushTimeoutNs);
        m.put("irq_deferred", deferred);
        m.put("irq_unmask_allowed", unmasked);
        m.put("hrtimer_starts", timerStarts);
        m.put("watchdog_polls", watchdogSchedules);
        m.put("watchdog_already_scheduled", watchdogLate);
        return m;
    }
}
