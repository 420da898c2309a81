package ringlab.feature.irqcoalescing;

import org.osgi.service.component.annotations.Component;
import ringlab.spi.feature.DriverFeature;
import ringlab.spi.feature.DriverHooks;

/** interrupt coalescing: software (napi_defer_hard_irqs + gro_flush_timeout) or NIC moderation (rx-usecs, rx-frames). */
@Component(service = DriverFeature.class)
public final class IrqCoalescingFeature implements DriverFeature {
    @Override public String id() { return "irq-coalescing"; }

    @Override public String summary() { return "interrupt coalescing: software (napi_defer_hard_irqs + gro_flush_timeout) or NIC moderation (rx-usecs, rx-frames)"; }

    @Override
    public void install(DriverHooks hooks) {
        throw new UnsupportedOperationException("irq-coalescing: mechanism not implemented yet");
    }
}
