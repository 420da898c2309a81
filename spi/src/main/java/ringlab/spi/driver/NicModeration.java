package ringlab.spi.driver;

import org.osgi.annotation.versioning.ProviderType;

/** Hardware interrupt moderation (ethtool -C rx-usecs / rx-frames), where the NIC has it. */
@ProviderType
public interface NicModeration {
    /** Raise the rx interrupt after `frames` frames or `usecs` microseconds from the first, whichever first (0 = off). */
    void setRx(int usecs, int frames);
}
