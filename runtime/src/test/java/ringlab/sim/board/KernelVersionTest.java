package ringlab.sim.board;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class KernelVersionTest {
    @Test
    void comparesMajorThenMinor() {
        assertTrue(KernelVersion.atLeast("5.13", 5, 13));
        assertTrue(KernelVersion.atLeast("6.1", 5, 18));
        assertTrue(KernelVersion.atLeast("6", 6, 0));
        assertFalse(KernelVersion.atLeast("5.12", 5, 13));
        assertFalse(KernelVersion.atLeast("5.9", 5, 10), "9 < 10 as numbers, not as text");
        assertFalse(KernelVersion.atLeast("4.19", 5, 4));
    }
}
