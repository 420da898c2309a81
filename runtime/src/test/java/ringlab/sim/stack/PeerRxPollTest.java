package ringlab.sim.stack;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import ringlab.sim.engine.Sim;
import ringlab.sim.net.Ledger;
import ringlab.spi.net.Packet;

/** The peer NIC's interrupt throttling and GRO: what TCP sees of the frames that land in one interval. */
class PeerRxPollTest {
    static final int MSS = 1448;
    final Sim sim = new Sim(1);
    final Ledger ledger = new Ledger();
    final List<Packet> up = new ArrayList<>();
    final List<Long> upAt = new ArrayList<>();

    PeerRxPoll poll(long intervalNs) {
        return new PeerRxPoll(sim, ledger, intervalNs, p -> {
            up.add(p);
            upAt.add(sim.now());
        });
    }

    Packet segment(int sport, long seq, int payload, int flags) {
        Packet p = ledger.create(sim.now());
        p.proto = Packet.TCP;
        p.src = 1;
        p.dst = 2;
        p.sport = sport;
        p.dport = 5201;
        p.seq = seq;
        p.ack = 77;
        p.payload = payload;
        p.flags = Packet.ACK | flags;
        return p;
    }

    /** Lands each frame at its time (ns), in order, then runs the simulation past the last interval. */
    void landAt(PeerRxPoll rx, long[] at, Packet... frames) {
        for (int i = 0; i < frames.length; i++) {
            Packet f = frames[i];
            sim.at(at[i], (k, a, now) -> rx.land(f), 0, null);
        }
        sim.runUntil(10_000_000L);
    }

    @Test
    void theThrottleHoldsFramesUntilTheIntervalSinceTheLastInterruptIsOver() {
        PeerRxPoll rx = poll(50_000);
        landAt(rx, new long[] {1_000, 13_000, 25_000, 37_000, 49_000},
                segment(40000, 0, MSS, 0), segment(40000, MSS, MSS, 0), segment(40000, 2 * MSS, MSS, 0),
                segment(40000, 3 * MSS, MSS, 0), segment(40000, 4 * MSS, MSS, 0));
        assertEquals(List.of(1_000L, 51_000L), upAt, "one interrupt at the first frame, the next 50 us later");
        assertEquals(1, up.get(0).segs);
        Packet merged = up.get(1);
        assertEquals(4, merged.segs, "the four frames of the second interval merge");
        assertEquals(4 * MSS, merged.payload);
        assertEquals(MSS, merged.seq);
        assertEquals(MSS, merged.gsoSize);
        assertEquals(2, rx.polls());
        assertEquals(3, rx.merged());
        assertEquals(0, rx.pending());
    }

    @Test
    void withoutThrottlingEveryFrameGoesUpAsItLands() {
        PeerRxPoll rx = poll(0);
        landAt(rx, new long[] {1_000, 2_000, 3_000},
                segment(40000, 0, MSS, 0), segment(40000, MSS, MSS, 0), segment(40000, 2 * MSS, MSS, 0));
        assertEquals(List.of(1_000L, 2_000L, 3_000L), upAt);
        for (Packet p : up) assertEquals(1, p.segs);
    }

    @Test
    void pshEndsTheMergeAndAGapOrAPureAckBreaksIt() {
        PeerRxPoll rx = poll(50_000);
        long t = 10_000; // the first frame's interrupt comes at once; these land before the next one, at 50 us
        landAt(rx, new long[] {0, t, t + 1, t + 2, t + 3, t + 4, t + 5, t + 6},
                segment(40000, 0, MSS, 0),
                segment(40000, MSS, MSS, 0), segment(40000, 2 * MSS, MSS, Packet.PSH), // merged, then flushed by PSH
                segment(40000, 3 * MSS, MSS, 0), segment(40000, 5 * MSS, MSS, 0),      // a hole: no merge
                segment(40000, 6 * MSS, 0, 0),                                         // a pure ACK: goes up after the held one
                segment(40001, 0, MSS, 0), segment(40001, MSS, MSS, 0));               // another flow merges on its own
        List<String> seen = new ArrayList<>();
        for (Packet p : up) seen.add(p.sport + ":" + p.seq / MSS + "x" + p.segs);
        assertEquals(List.of("40000:0x1", "40000:1x2", "40000:3x1", "40000:5x1", "40000:6x1", "40001:0x2"), seen);
    }

    @Test
    void aMergedSkbStaysBelowGroMaxSize() {
        PeerRxPoll rx = poll(50_000);
        int n = 60;
        long[] at = new long[n + 1];
        Packet[] frames = new Packet[n + 1];
        frames[0] = segment(40000, 0, MSS, 0);
        for (int i = 1; i <= n; i++) {
            at[i] = 10_000 + i;
            frames[i] = segment(40000, (long) i * MSS, MSS, 0);
        }
        landAt(rx, at, frames);
        int limit = (PeerRxPoll.GRO_MAX_SIZE - Packet.IP_HEADER - Packet.TCP_HEADER - 1) / MSS;
        assertEquals(limit, up.get(1).segs, "a merged skb holds as many segments as fit below 64 KB");
        int total = 0;
        for (Packet p : up) total += p.segs;
        assertEquals(n + 1, total, "no segment is lost");
    }
}
