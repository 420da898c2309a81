package ringlab.spi.feature;

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
public record Tunable(String name, String unit, long defaultValue, long min, long max, String doc) {
}
