package ringlab.spi.feature;

import org.osgi.annotation.versioning.ProviderType;

/**
 * A feature tunable, named as in the kernel (sysfs, ethtool or module parameter).
 *
 * @param name         kernel name, e.g. "gro_flush_timeout"
 * @param unit         unit, e.g. "ns", "packets", "bytes"
 * @param defaultValue default as a decimal number
 * @param min          smallest accepted value
 * @param max          largest accepted value
 * @param doc          one line on what it does
 */
// data: plug-ins build and read it but cannot extend it, so additions are compatible for them
@ProviderType
public record Tunable(String name, String unit, long defaultValue, long min, long max, String doc) {
}
