/** Unit tests of GroTable and NormalList: merging rules, flushes, flow separation, bucket limit, lists of gro_normal_batch, checksum charging. */
package ringlab.feature.gro;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import ringlab.spi.board.CostKey;
import ringlab.spi.driver.Exec;
import ringlab.spi.driver.RxStack;
import ringlab.spi.net.Packet;
import ringlab.testkit.RecordingExec;

class GroTableTest {
    static final int MSS = 512;

    /** What the stack saw: packets in order with their cold flag, and the objects merged away. */
    static final class Stack implements RxStack {
        final List<Packet> got = new ArrayList<>();
        final List<Boolean> cold = new ArrayList<>();
        final List<Packet> merged = new ArrayList<>();
        @Override public void receive(Exec x, Packet p, boolean c) {
            assertNull(p.next, "detached");
            got.add(p);
            cold.add(c);
        }
        @Override public void merged(Exec x, Packet absorbed) { merged.add(absorbed); }
    }

    final RecordingExec x = new RecordingExec();
    final Stack s = new Stack();
    /** gro_normal_batch = 1: whatever GRO completes reaches the stack at once, to see the merge rules. */
    GroTable gro = new GroTable(1, 65536, 16, 250);

    static Packet tcp(int sport, long seq, int len) {
        Packet p = new Packet();
        p.proto = Packet.TCP;
        p.src = 1; p.dst = 2; p.sport = sport; p.dport = 5201;
        p.seq = seq; p.ack = 77; p.flags = Packet.ACK; p.payload = len;
        p.truesize = 2080;
        p.flowHash = sport * 31; // distinct flows, distinct buckets unless a test says otherwise
        p.csumState = Packet.CSUM_UNNECESSARY;
        return p;
    }

    static Packet udp(long serial) {
        Packet p = new Packet();
        p.proto = Packet.UDP; p.src = 1; p.dst = 2; p.sport = 9; p.dport = 5201; p.payload = 1470;
        p.serial = serial;
        p.csumState = Packet.CSUM_UNNECESSARY;
        return p;
    }

    void feed(Packet... ps) { for (Packet p : ps) gro.deliver(x, p, s); }

    /** napi_gro_flush(napi, true): packets held in an earlier jiffy go up, the current jiffy's stay and keep merging. */
    @Test
    void flushOldKeepsThisJiffysPacketsAndCompletesOlderOnes() {
        gro = new GroTable(8, 65536, 16, 250); // a jiffy is 4 ms
        x.at(3_000_000);                       // jiffy 0
        feed(tcp(1000, 1000, MSS), tcp(1000, 1000 + MSS, MSS));
        x.at(5_000_000);                       // jiffy 1
        Packet young = tcp(2000, 1000, MSS);
        young.flowHash = 1000 * 31;            // same bucket as flow 1000, behind it
        feed(young, tcp(3000, 1000, MSS));
        gro.flushOld(x, s);
        assertEquals(1, s.got.size(), "only the flow held in jiffy 0 goes up");
        assertEquals(1000, s.got.get(0).sport);
        assertEquals(2 * MSS, s.got.get(0).payload);
        assertEquals(2, gro.held(), "the two flows held in jiffy 1 stay");

        feed(tcp(3000, 1000 + MSS, MSS));
        gro.flushOld(x, s);
        assertEquals(1, s.got.size(), "still jiffy 1: nothing more goes up, and flow 3000 merged across the flush");
        assertEquals(3, gro.held());

        x.at(8_000_000);                       // jiffy 2
        gro.flushOld(x, s);
        assertEquals(3, s.got.size(), "a jiffy later both go up");
        assertEquals(2 * MSS, s.got.get(2).payload, "flow 3000's two segments, merged over two polls");
        assertEquals(0, gro.held());
    }

    /** The default of a delivery that holds nothing across polls, and GRO's full flush, deliver everything. */
    @Test
    void fullFlushIgnoresAge() {
        gro = new GroTable(8, 65536, 16, 250);
        x.at(5_000_000);
        feed(tcp(1000, 1000, MSS));
        gro.flush(x, s);
        assertEquals(1, s.got.size());
        assertEquals(0, gro.held());
    }

    @Test
    void inOrderSegmentsMergeIntoOnePacket() {
        gro = new GroTable(8, 65536, 16, 250);
        for (int i = 0; i < 5; i++) feed(tcp(1000, 1000 + (long) i * MSS, MSS));
        assertEquals(0, s.got.size(), "held until the poll ends");
        assertEquals(5, gro.held(), "one packet held, carrying five segments (the ledger counts segments)");
        gro.flush(x, s);
        assertEquals(1, s.got.size());
        Packet m = s.got.get(0);
        assertEquals(5 * MSS, m.payload);
        assertEquals(5, m.segs);
        assertEquals(MSS, m.gsoSize);
        assertEquals(5 * 2080, m.truesize, "truesize is the sum");
        assertEquals(4, s.merged.size(), "four objects merged away");
        assertEquals(5.0, x.units(CostKey.GRO_RX), "GRO_RX per packet examined");
        assertEquals(0, gro.held());
    }

    @Test
    void mergesUpToGroMaxSizeThenStartsANewPacket() {
        for (int i = 0; i < 130; i++) feed(tcp(1000, (long) i * MSS, MSS));
        // 20 + 20 + 127 * 512 = 65064; one more segment would reach 65576 >= 65536
        assertEquals(1, s.got.size(), "the 128th segment sent the full packet up");
        gro.flush(x, s);
        assertEquals(2, s.got.size());
        assertEquals(127, s.got.get(0).segs);
        assertEquals(3, s.got.get(1).segs);
        assertTrue(s.got.get(0).payload + 40 < 65536);
        assertEquals(130 * MSS, s.got.get(0).payload + s.got.get(1).payload);
    }

    @Test
    void aGapFlushesTheHeldPacketAndHoldsTheNewOne() {
        feed(tcp(1000, 0, MSS), tcp(1000, MSS, MSS), tcp(1000, 5 * MSS, MSS), tcp(1000, 6 * MSS, MSS));
        assertEquals(1, s.got.size(), "the gap sent the first two up");
        assertEquals(2, s.got.get(0).segs);
        gro.flush(x, s);
        assertEquals(2, s.got.size());
        assertEquals(5L * MSS, s.got.get(1).seq);
        assertEquals(2, s.got.get(1).segs);
    }

    @Test
    void pshMergesThenFlushesAndAShortSegmentEndsTheFlow() {
        Packet a = tcp(1000, 0, MSS), b = tcp(1000, MSS, MSS);
        b.flags |= Packet.PSH;
        feed(a, b);
        assertEquals(1, s.got.size(), "PSH is merged and flushes at once");
        assertEquals(2, s.got.get(0).segs);
        assertTrue(s.got.get(0).has(Packet.PSH));
        feed(tcp(1000, 2 * MSS, MSS), tcp(1000, 3 * MSS, 100));
        assertEquals(2, s.got.size(), "a segment shorter than gso_size merges and flushes");
        assertEquals(MSS + 100, s.got.get(1).payload);
        feed(tcp(1000, 4 * MSS, MSS), tcp(1000, 5 * MSS, MSS + 1));
        gro.flush(x, s);
        assertEquals(4, s.got.size(), "a segment longer than gso_size does not merge");
    }

    @Test
    void aFlagOrAckChangeFlushesAndPureAcksGoStraightUpInOrder() {
        Packet syn = tcp(1000, MSS, MSS);
        syn.flags |= Packet.RST;
        feed(tcp(1000, 0, MSS), syn);
        assertEquals(2, s.got.size(), "held first, then the RST packet (not held)");
        assertEquals(0L, s.got.get(0).seq);
        assertEquals(0, gro.held());
        Packet otherAck = tcp(1000, 3 * MSS, MSS);
        otherAck.ack = 99;
        feed(tcp(1000, 2 * MSS, MSS), otherAck);
        assertEquals(3, s.got.size(), "ack change: the held one goes up, the new one is held");
        Packet pureAck = tcp(1000, 4 * MSS, 0);
        feed(pureAck);
        assertEquals(5, s.got.size());
        assertEquals(99, s.got.get(3).ack);
        assertEquals(pureAck, s.got.get(4));
        assertTrue(s.merged.isEmpty());
    }

    @Test
    void flowsAreKeptApart() {
        for (int i = 0; i < 4; i++) {
            feed(tcp(1000, (long) i * MSS, MSS), tcp(2000, 10_000 + (long) i * MSS, MSS));
        }
        Packet sameBucket = tcp(3000, 0, MSS);
        sameBucket.flowHash = tcp(1000, 0, 0).flowHash + 8 * 1000; // same bucket as flow 1000, another flow
        feed(sameBucket);
        gro.flush(x, s);
        assertEquals(3, s.got.size());
        for (Packet p : s.got) {
            assertEquals(p.sport == 3000 ? 1 : 4, p.segs, "flow " + p.sport);
        }
    }

    @Test
    void aFullBucketFlushesItsOldest() {
        for (int f = 0; f < GroTable.MAX_GRO_SKBS + 1; f++) {
            Packet p = tcp(1000 + f, 0, MSS);
            p.flowHash = 5 + 8 * f; // all in bucket 5
            feed(p);
        }
        assertEquals(1, s.got.size());
        assertEquals(1000, s.got.get(0).sport, "the oldest went up");
        assertEquals(GroTable.MAX_GRO_SKBS, gro.held());
        assertEquals(1L, gro.counters().get("gro_flush_oldest"));
    }

    @Test
    void udpGoesUpInListsOfGroNormalBatch() {
        gro = new GroTable(8, 65536, 16, 250);
        for (int i = 1; i <= 20; i++) {
            feed(udp(i));
            assertEquals(i < 8 ? 0 : i < 16 ? 8 : 16, s.got.size(), "after " + i);
        }
        gro.flush(x, s);
        assertEquals(20, s.got.size());
        for (int i = 0; i < 20; i++) {
            assertEquals(i + 1, s.got.get(i).serial);
            assertEquals(i % 8 == 0, s.cold.get(i), "cold at each list's first packet, " + i);
        }
        assertEquals(3L, gro.counters().get("gro_normal_lists"));
    }

    @Test
    void mergedPacketsCountTheirSegmentsInTheNormalBatch() {
        gro = new GroTable(8, 65536, 16, 250);
        for (int i = 0; i < 4; i++) feed(tcp(1000, (long) i * MSS, MSS));
        Packet psh = tcp(1000, 4L * MSS, MSS);
        psh.flags |= Packet.PSH;
        feed(psh); // 5 segments go to rx_list: below the batch of 8
        assertEquals(0, s.got.size());
        for (int i = 0; i < 3; i++) feed(udp(i));
        assertEquals(4, s.got.size(), "5 + 3 segments reach gro_normal_batch");
        assertTrue(s.cold.get(0) && s.cold.get(1) && !s.cold.get(2), "a protocol change starts a cold sublist");
    }

    @Test
    void softwareChecksumWithoutOffloadOnceFromEachPacket() {
        for (int i = 0; i < 3; i++) {
            Packet p = tcp(1000, (long) i * MSS, MSS);
            p.csumState = Packet.CSUM_NONE;
            feed(p);
        }
        gro.flush(x, s);
        assertEquals(3 * (Packet.TCP_HEADER + MSS), x.units(CostKey.CSUM_BYTE), 1e-9);
        assertEquals(3, x.units(CostKey.DRAM_MISS), 1e-9, "the payload's first touch: its first line");
        assertEquals(3 * (MSS / 16 - 1), x.units(CostKey.DRAM_STREAM), 1e-9, "and the rest of each, streamed");
        Packet m = s.got.get(0);
        assertEquals(Packet.CSUM_UNNECESSARY, m.csumState, "the stack does not sum again");
        assertTrue(m.payloadCached);
        assertEquals(3L, gro.counters().get("gro_csum_sw"));
    }

    @Test
    void noChecksumWorkWithOffloadAndTrapsOnlyWhenMisaligned() {
        Packet a = tcp(1000, 0, MSS);
        Packet b = tcp(1000, MSS, MSS);
        b.csumState = Packet.CSUM_COMPLETE;
        b.ipMisalign = 2;
        feed(a, b);
        assertEquals(0, x.units(CostKey.CSUM_BYTE));
        assertEquals(0, x.units(CostKey.DRAM_MISS));
        assertEquals(0, x.units(CostKey.DRAM_STREAM));
        assertEquals(GroTable.TRAPS_IP + GroTable.TRAPS_TCP, x.units(CostKey.UNALIGNED_TRAP), 1e-9);
        assertFalse(a.payloadCached);
    }

    @Test
    void icmpIsNotExaminedBeyondTheProtocolByte() {
        Packet p = udp(1);
        p.proto = Packet.ICMP;
        p.ipMisalign = 2;
        p.csumState = Packet.CSUM_NONE;
        feed(p);
        gro.flush(x, s);
        assertEquals(1, s.got.size());
        assertEquals(0, x.units(CostKey.UNALIGNED_TRAP));
        assertEquals(0, x.units(CostKey.CSUM_BYTE));
    }
}
