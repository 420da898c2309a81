package ringlab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class SpreadTest {
    @Test
    void anOddCountsMedianIsTheMiddleOneInAnyOrder() {
        assertEquals(new Spread(1, 3, 9), Spread.of(9, 1, 3));
    }

    @Test
    void anEvenCountsMedianIsTheMeanOfTheMiddleTwo() {
        assertEquals(new Spread(1, 2.5, 4), Spread.of(4, 1, 3, 2));
    }

    @Test
    void noValuesIsRefused() {
        assertThrows(IllegalArgumentException.class, Spread::of);
    }
}
