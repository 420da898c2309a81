package ringlab.experiment.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class ParallelRunsTest {
    private static void sleep(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Test
    void resultsComeInInputOrderWhateverFinishesFirst() {
        List<Integer> in = IntStream.range(0, 8).boxed().toList();
        // the first inputs take longest: with several threads they finish last
        assertEquals(in.stream().map(i -> i * i).toList(), ParallelRuns.map(in, i -> {
            sleep(5L * (8 - i));
            return i * i;
        }));
    }

    @Test
    void theFailureReportedIsTheFirstInInputOrderNotInTime() {
        List<Integer> in = List.of(0, 1, 2, 3);
        // input 3 fails at once, input 1 later: input 1's failure is the one the caller sees
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> ParallelRuns.map(in, i -> {
            if (i == 3) throw new IllegalArgumentException("three");
            sleep(50);
            if (i == 1) throw new IllegalArgumentException("one");
            return i;
        }));
        assertEquals("one", e.getMessage());
    }
}
