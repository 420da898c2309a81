package ringlab.node.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import ringlab.node.RegisteredFeature;
import ringlab.spi.feature.Counter;
import ringlab.spi.feature.DriverFeature;
import ringlab.spi.feature.DriverHooks;

/** Declared counters are feature metadata: read once at registration, and bad declarations refuse the feature. */
class CounterDeclarationTest {

    record Declaring(List<Counter> counters) implements DriverFeature {
        @Override public String id() { return "declaring"; }
        @Override public String summary() { return "test"; }
        @Override public void install(DriverHooks hooks) { }
    }

    static String refusal(List<Counter> counters) {
        return assertThrows(IllegalArgumentException.class, () -> RegisteredFeature.read(new Declaring(counters), "b", 1)).getMessage();
    }

    @Test
    void theDeclaredCountersAreASnapshot() {
        List<Counter> mine = new ArrayList<>(List.of(Counter.count("rx_x", "packets", "test")));
        RegisteredFeature f = RegisteredFeature.read(new Declaring(mine), "b", 1);
        mine.clear();
        assertEquals(List.of(Counter.count("rx_x", "packets", "test")), f.counters());
    }

    @Test
    void aBadDeclarationRefusesTheFeatureNamingWhy() {
        assertEquals("it declares a counter without a name", refusal(List.of(Counter.count(" ", "packets", "test"))));
        assertEquals("it declares counter 'a' twice", refusal(List.of(Counter.count("a", "packets", "x"), Counter.gauge("a", "bytes", "y"))));
        assertEquals("its counter 'a' has no unit, kind or doc", refusal(List.of(new Counter("a", "packets", null, "x"))));
        assertTrue(refusal(null).startsWith("its counters() failed: java.lang.NullPointerException"), "a null list");
    }
}
