package ringlab.sim.nic;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import ringlab.sim.engine.Sim;
import ringlab.sim.net.Ledger;
import ringlab.spi.net.Packet;

/** 802.3x on one link direction: the frame on the wire finishes, the others wait for the XON and then go back to back. */
class LinkPauseTest {
    private static final long PROP = 500;

    @Test
    void framesNotStartedWaitForTheResumeAndKeepTheirOrder() {
        Sim sim = new Sim(1);
        Link link = new Link(sim, 1_000_000_000L, PROP);
        List<Long> arrivals = new ArrayList<>(), txDone = new ArrayList<>();
        List<Integer> order = new ArrayList<>();
        link.connect(p -> { arrivals.add(sim.now()); order.add(p.sport); });
        link.onTxDone((tag, now) -> txDone.add(now));
        Ledger ledger = new Ledger();
        long w = link.wireNs(frame(ledger, 0));
        for (int i = 1; i <= 4; i++) link.send(frame(ledger, i), 0, "tag");
        sim.at(w + 100, (k, a, now) -> link.pause(now), 0, null);              // frame 2 is on the wire
        sim.at(5 * w, (k, a, now) -> link.send(frame(ledger, 5), now, "tag"), 0, null); // sent while paused
        sim.at(10 * w, (k, a, now) -> link.resume(now), 0, null);
        sim.runUntil(20 * w);

        assertEquals(List.of(w + PROP, 2 * w + PROP, 11 * w + PROP, 12 * w + PROP, 13 * w + PROP), arrivals);
        assertEquals(List.of(w, 2 * w, 11 * w, 12 * w, 13 * w), txDone, "tx completions follow the frames' real ends");
        assertEquals(List.of(1, 2, 3, 4, 5), order);
        assertEquals(1, link.pauses());
    }

    @Test
    void aPauseOnAnIdleLinkHoldsTheNextFrameUntilTheResume() {
        Sim sim = new Sim(1);
        Link link = new Link(sim, 1_000_000_000L, PROP);
        List<Long> arrivals = new ArrayList<>();
        link.connect(p -> arrivals.add(sim.now()));
        Ledger ledger = new Ledger();
        long w = link.wireNs(frame(ledger, 0));
        link.send(frame(ledger, 1), 0, null);
        sim.at(3 * w, (k, a, now) -> link.pause(now), 0, null);
        sim.at(3 * w + 1, (k, a, now) -> link.send(frame(ledger, 2), now, null), 0, null);
        sim.at(4 * w, (k, a, now) -> link.resume(now), 0, null);
        sim.at(4 * w + 10, (k, a, now) -> link.pause(now), 0, null);   // paused again while frame 2 is on the wire
        sim.at(4 * w + 20, (k, a, now) -> link.send(frame(ledger, 3), now, null), 0, null);
        sim.at(9 * w, (k, a, now) -> link.resume(now), 0, null);
        sim.runUntil(20 * w);
        assertEquals(List.of(w + PROP, 5 * w + PROP, 10 * w + PROP), arrivals);
    }

    /** A full-size UDP frame whose source port is its number. */
    private static Packet frame(Ledger ledger, int id) {
        Packet p = ledger.create(0);
        p.proto = Packet.UDP;
        p.payload = 1472;
        p.sport = id;
        return p;
    }
}
