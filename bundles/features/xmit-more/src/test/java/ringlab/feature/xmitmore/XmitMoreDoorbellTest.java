package ringlab.feature.xmitmore;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The bcm63xx kick rule: if (!netdev_xmit_more() || !priv->tx_desc_count). */
class XmitMoreDoorbellTest {
    @Test
    void ringsOnlyAtTheEndOfABulkOrOnAFullRing() {
        XmitMoreDoorbell d = new XmitMoreDoorbell();
        assertFalse(d.ring(true, false), "more coming, room left: deferred");
        assertFalse(d.ring(true, false));
        assertTrue(d.ring(false, false), "last packet of the bulk");
        assertTrue(d.ring(true, true), "ring full: kick now, the rest of the bulk is requeued");
        assertTrue(d.ring(false, true));
        assertEquals(2L, d.counters().get("xmit_more_deferred"));
        assertEquals(3L, d.counters().get("xmit_more_doorbells"));
        assertEquals(1L, d.counters().get("xmit_more_ring_full_kicks"));
    }
}
