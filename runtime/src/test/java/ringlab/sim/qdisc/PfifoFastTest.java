package ringlab.sim.qdisc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import ringlab.spi.net.Packet;

/** pfifo_fast's three bands, chosen by rt_tos2priority and prio2band as in Linux. */
class PfifoFastTest {

    static Packet pkt(int tos) {
        Packet p = new Packet();
        p.proto = Packet.UDP;
        p.payload = 100;
        p.tos = tos;
        return p;
    }

    @Test
    void tosPicksTheBandAsLinuxDoes() {
        assertEquals(1, PfifoFast.band(0), "best effort");
        assertEquals(0, PfifoFast.band(0x10), "IPTOS_LOWDELAY -> TC_PRIO_INTERACTIVE");
        assertEquals(2, PfifoFast.band(0x08), "IPTOS_THROUGHPUT -> TC_PRIO_BULK");
        assertEquals(1, PfifoFast.band(0x04), "IPTOS_RELIABILITY -> best effort");
        assertEquals(1, PfifoFast.band(0xB8), "DSCP EF: TOS bits 0x18 -> TC_PRIO_INTERACTIVE_BULK, band 1");
        assertEquals(2, PfifoFast.band(0x28), "AF11 (0x28): 0x08 set -> bulk");
        assertEquals(1, PfifoFast.band(0x03), "ECN bits do not count");
        assertEquals(1, PfifoFast.band(0x20), "CS1 (0x20) is outside the RFC 1349 TOS bits Linux maps: best effort");
    }

    @Test
    void theLowestNonEmptyBandGoesFirstAndEachBandHasItsOwnLimit() {
        PfifoFast q = new PfifoFast(2);
        Packet bulk1 = pkt(0x08), bulk2 = pkt(0x08), normal = pkt(0), fast = pkt(0x10);
        assertTrue(q.enqueue(bulk1, 0));
        assertTrue(q.enqueue(bulk2, 0));
        assertFalse(q.enqueue(pkt(0x08), 0), "band 2 is full");
        assertTrue(q.enqueue(normal, 0), "band 1 is not");
        assertTrue(q.enqueue(fast, 0));
        assertEquals(4, q.backlog());
        assertSame(fast, q.dequeue(0));
        assertSame(normal, q.dequeue(0));
        assertSame(bulk1, q.dequeue(0));
        assertSame(bulk2, q.dequeue(0));
        assertEquals(null, q.dequeue(0));
        assertEquals(0, q.backlogBytes());
        assertEquals(2, q.enqueued(2));
    }
}
