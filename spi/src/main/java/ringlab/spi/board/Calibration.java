package ringlab.spi.board;

import org.osgi.annotation.versioning.ProviderType;

/**
 * How a board's cost profile relates to the measurements published for it: what `ringlab reproduce` may
 * expect of it. A descriptor spells it {@link #descriptorName} (board.json's {@code calibration}).
 */
@ProviderType
public enum Calibration {
    /** Its costs were chosen, number by number, so that its published table comes out (bcm6328). */
    CALIBRATED("calibrated"),
    /** A few free parameters of its core type's profile were fitted on its published measurements. */
    FITTED("fitted"),
    /** Derived from other boards (clock, IPC ratios, latencies in ns): its published figures are predictions. */
    PREDICTED("predicted");

    /** The spelling in board.json's {@code calibration}. */
    public final String descriptorName;

    Calibration(String descriptorName) { this.descriptorName = descriptorName; }

    /** The value spelled {@code name} in a descriptor, or null if there is none. */
    public static Calibration byDescriptorName(String name) {
        for (Calibration c : values()) if (c.descriptorName.equals(name)) return c;
        return null;
    }
}
