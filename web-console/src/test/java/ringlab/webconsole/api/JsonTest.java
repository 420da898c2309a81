package ringlab.webconsole.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The API's JSON: non-finite numbers, request bodies. */
class JsonTest {
    @Test
    void nonFiniteNumbersBecomeNullAtAnyDepth() {
        Map<String, Object> inner = new LinkedHashMap<>();
        inner.put("rate", Double.NaN);
        inner.put("ok", 1.5);
        Map<String, Object> status = Map.of("cpu", inner, "series", List.of(Float.POSITIVE_INFINITY, 2L), "n", 3);
        Map<?, ?> out = (Map<?, ?>) Json.finite(status);
        Map<?, ?> cpu = (Map<?, ?>) out.get("cpu");
        assertEquals(null, cpu.get("rate"));
        assertTrue(cpu.containsKey("rate"));
        assertEquals(1.5, cpu.get("ok"));
        assertEquals(Arrays.asList(null, 2L), out.get("series"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> Json.object("{\"a\": ")).getMessage().startsWith("malformed JSON"));
    }

}
