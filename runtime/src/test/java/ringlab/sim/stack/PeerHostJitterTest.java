package ringlab.sim.stack;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The peer's transmit jitter draws exactly what SplittableRandom.nextLong(TX_JITTER_NS) draws. */
class PeerHostJitterTest {

    @Test
    void theSpelledOutDrawIsTheLibrarysDraw() {
        for (long seed : new long[] {0, 1, 42, -7, Long.MAX_VALUE}) {
            SplittableRandom mine = new SplittableRandom(seed), library = new SplittableRandom(seed);
            for (int i = 0; i < 100_000; i++) {
                long j = PeerHost.jitter(mine);
                assertEquals(library.nextLong(PeerHost.TX_JITTER_NS), j, "seed " + seed + ", draw " + i);
                // the generators stay in step, rejections included
                assertEquals(library.nextLong(), mine.nextLong(), "seed " + seed + ", after draw " + i);
            }
        }
    }
}
