package ringlab.sim.tcp;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** tcp_mark_push: PSH on the segment that carries the end of a sendmsg call or a forced push, on no other. */
class PushMarksTest {
    static final int MSS = 1448;

    @Test
    void onlyTheSegmentCarryingTheCallsLastByteGetsPsh() {
        PushMarks m = new PushMarks(0);
        m.mark(10 * MSS, 0, MSS); // one call of ten segments
        for (int i = 0; i < 9; i++) assertFalse(m.take((long) i * MSS, (long) (i + 1) * MSS), "segment " + i);
        assertTrue(m.take(9L * MSS, 10L * MSS));
        assertFalse(m.take(10L * MSS, 11L * MSS), "a mark is used once");
    }

    @Test
    void aMarkInsideASegmentCountsAndMarksQueueInOrder() {
        PushMarks m = new PushMarks(0);
        m.mark(1000, 0, MSS);
        m.mark(5000, 0, MSS);
        assertTrue(m.take(0, MSS), "the first call ends inside the first segment");
        assertFalse(m.take(MSS, 2 * MSS));
        assertFalse(m.take(2 * MSS, 3 * MSS));
        assertTrue(m.take(3 * MSS, 4 * MSS), "5000 lies in the fourth segment");
    }

    @Test
    void smallWritesToAnUnsentTailShareOneMark() {
        PushMarks m = new PushMarks(0);
        for (int end = 100; end <= 1000; end += 100) m.mark(end, 0, MSS); // ten 100-byte calls, nothing sent yet
        assertTrue(m.take(0, 1000));
        assertFalse(m.take(1000, 2000), "they all became one mark at the tail's end");
    }

    @Test
    void forcedPushAfterHalfTheLargestWindow() {
        PushMarks m = new PushMarks(0);
        assertFalse(m.forced(32_000, 64_000));
        assertTrue(m.forced(32_001, 64_000));
        m.mark(32_001, 0, MSS);
        assertFalse(m.forced(64_000, 64_000), "counted again from the last mark");
    }
}
