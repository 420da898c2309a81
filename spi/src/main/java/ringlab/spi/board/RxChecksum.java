package ringlab.spi.board;

import org.osgi.annotation.versioning.ProviderType;

/**
 * What the NIC tells the stack about a received frame's TCP/UDP checksum: the skb's ip_summed state
 * its driver sets. A descriptor spells it in lower case ({@link #descriptorName}).
 */
@ProviderType
public enum RxChecksum {
    /** CHECKSUM_NONE: no help; the stack sums the payload in software (at the socket or in GRO). */
    NONE("none", "CHECKSUM_NONE"),
    /** CHECKSUM_UNNECESSARY: the NIC verified the checksum; the stack skips it. */
    UNNECESSARY("unnecessary", "CHECKSUM_UNNECESSARY"),
    /** CHECKSUM_COMPLETE: the NIC hands over the 16-bit sum of the packet; the stack only folds it. */
    COMPLETE("complete", "CHECKSUM_COMPLETE");

    /** The spelling in board.json's {@code nic.rxChecksum}. */
    public final String descriptorName;
    /** The kernel's ip_summed constant it stands for. */
    public final String kernelName;

    RxChecksum(String descriptorName, String kernelName) {
        this.descriptorName = descriptorName;
        this.kernelName = kernelName;
    }

    /** The value spelled {@code name} in a descriptor, or null if there is none. */
    public static RxChecksum byDescriptorName(String name) {
        for (RxChecksum c : values()) if (c.descriptorName.equals(name)) return c;
        return null;
    }
}
