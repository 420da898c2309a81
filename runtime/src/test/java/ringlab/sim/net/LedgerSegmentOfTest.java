// A segment cut from a merged packet carries the merged packet's TCP header, options included (skb_segment's header copy).
package ringlab.sim.net;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;
import ringlab.spi.net.Packet;

class LedgerSegmentOfTest {
    @Test void segmentsKeepTheTimestampAndSackOptions() {
        Ledger ledger = new Ledger();
        Packet merged = ledger.create(0);
        merged.proto = Packet.TCP;
        merged.seq = 1000;
        merged.payload = 3 * 1448;
        merged.segs = 3;
        merged.tcpOptionBytes = 12 + 4 + 8;
        merged.tsVal = 77;
        merged.tsEcr = 55;
        merged.sackBlocks = 1;
        merged.sack[0] = 9000;
        merged.sack[1] = 10448;
        Packet s = ledger.segmentOf(merged, 0);
        s.payload = 1448;
        assertEquals(merged.l4HeaderBytes(), s.l4HeaderBytes(), "the header is the merged packet's, options included");
        assertEquals(77, s.tsVal);
        assertEquals(55, s.tsEcr);
        assertEquals(1, s.sackBlocks);
        assertEquals(10448, s.sack[1]);
        assertEquals(merged.frameBytes(), s.frameBytes(), "a full-size segment's frame, as the merged one's average");
    }
}
