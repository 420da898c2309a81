package ringlab.sim.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Sim.advanceInPlace and reserved sequence numbers: what an event handled in place may skip, and may not. */
class SimInPlaceTest {

    @Test
    void advancesInPlaceOnlyWhenNothingPendingComesFirst() {
        Sim sim = new Sim(1);
        List<String> seen = new ArrayList<>();
        EventHandler other = (k, a, now) -> seen.add("other@" + now);
        sim.at(100, other, 0, null);
        sim.at(10, (k, a, now) -> {
            assertTrue(sim.advanceInPlace(50), "nothing pending before 100");
            assertEquals(50, sim.now());
            assertFalse(sim.advanceInPlace(100), "the pending event at 100 was scheduled first: it goes first");
            assertFalse(sim.advanceInPlace(150));
            assertEquals(50, sim.now());
            seen.add("in-place@" + sim.now());
        }, 0, null);
        sim.runUntil(1000);
        assertEquals(List.of("in-place@50", "other@100"), seen);
        assertEquals(2, sim.events());
        assertEquals(1, sim.handledInPlace());
    }

    @Test
    void neverPastTheRunWindowNorAfterStop() {
        Sim sim = new Sim(1);
        assertFalse(sim.advanceInPlace(0), "outside runUntil nothing runs in place");
        List<Boolean> answers = new ArrayList<>();
        sim.at(10, (k, a, now) -> {
            answers.add(sim.advanceInPlace(20));
            answers.add(sim.advanceInPlace(21));
            sim.stop();
            answers.add(sim.advanceInPlace(20));
        }, 0, null);
        sim.runUntil(20);
        assertEquals(List.of(true, false, false), answers);
    }

    @Test
    void aReservedSequenceKeepsItsPlaceAmongSameTimeEvents() {
        Sim sim = new Sim(1);
        List<String> seen = new ArrayList<>();
        sim.at(1, (k, a, now) -> {
            long reserved = sim.reserveSeq();
            sim.at(30, (k2, a2, n2) -> seen.add("later"), 0, null); // into the slot: earliest so far
            sim.at(30, reserved, (k2, a2, n2) -> seen.add("reserved"), 0, null);
            long reserved2 = sim.reserveSeq();
            sim.at(40, (k2, a2, n2) -> seen.add("heap-later"), 0, null);
            sim.at(40, reserved2, (k2, a2, n2) -> seen.add("heap-reserved"), 0, null);
        }, 0, null);
        sim.runUntil(100);
        assertEquals(List.of("reserved", "later", "heap-reserved", "heap-later"), seen);
    }
}
