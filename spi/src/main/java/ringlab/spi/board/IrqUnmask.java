package ringlab.spi.board;

import org.osgi.annotation.versioning.ProviderType;

/**
 * When the driver's poll, finished below budget, unmasks the device interrupt again. Most drivers
 * (lan743x, ravb) unmask only when napi_complete_done() returns true; bcm63xx_enet ignores its answer
 * and always unmasks, so a feature that keeps NAPI scheduled (gro_flush_timeout with
 * napi_defer_hard_irqs) does not keep the interrupt off there. A descriptor spells it
 * {@link #descriptorName}.
 */
@ProviderType
public enum IrqUnmask {
    /** Unmask only if napi_complete_done() returns true (the kernel's documented pattern). */
    NAPI_COMPLETE_DONE("napi_complete_done"),
    /** Unmask after every poll below budget, whatever napi_complete_done() answers (bcm63xx_enet). */
    ALWAYS("always");

    /** The spelling in board.json's {@code nic.irqUnmask}. */
    public final String descriptorName;

    IrqUnmask(String descriptorName) { this.descriptorName = descriptorName; }

    /** The value spelled {@code name} in a descriptor, or null if there is none. */
    public static IrqUnmask byDescriptorName(String name) {
        for (IrqUnmask u : values()) if (u.descriptorName.equals(name)) return u;
        return null;
    }
}
