package ringlab.feature.pagepool;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/**
 * The skb sizes come from the SPI at run time: javac copies a constant's value into the class, which hid
 * the dependency from the bundle's manifest and froze the sizes at compile time.
 */
class SkbSizesDependencyTest {
    @Test
    void fragBuffersReadTheSkbSizesFromTheSpi() throws IOException {
        String pool;
        try (InputStream in = PagePool.class.getResourceAsStream("PagePool.class")) {
            pool = new String(in.readAllBytes(), StandardCharsets.ISO_8859_1);
        }
        assertTrue(pool.contains("ringlab/spi/driver/SkbSizes"), "PagePool calls ringlab.spi.driver.SkbSizes");
        assertFalse(pool.contains("ringlab/sim/"), "PagePool names no class of the simulation core");
    }
}
