package ringlab.feature.xmitmore;

import java.util.LinkedHashMap;
import java.util.Map;
import ringlab.spi.driver.TxDoorbell;

/**
 * bcm63xx_enet_start_xmit's kick: "if (!netdev_xmit_more() || !priv->tx_desc_count)" writes the DMA
 * channel enable only for the last packet of a bulk or when the ring is full. Leaves out the cost of
 * reading the per-CPU xmit_more flag (a few instructions inside the driver's per-packet work).
 */
final class XmitMoreDoorbell implements TxDoorbell {
    private long deferred, rung, ringFullKicks;

    @Override
    public boolean ring(boolean more, boolean ringFull) {
        if (more && !ringFull) {
            deferred++;
            return false;
        }
        rung++;
        if (more) ringFullKicks++;
        return true;
    }

    Map<String, Long> counters() {
        Map<String, Long> m = new LinkedHashMap<>();
        m.put("xmit_more_deferred", deferred);
        m.put("xmit_more_doorbells", rung);
        m.put("xmit_more_ring_full_kicks", ringFullKicks);
        return m;
    }
}
