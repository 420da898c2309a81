package ringlab.webconsole.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The API's JSON: snake_case, non-finite numbers, absent parts, one-line events, request bodies. */
class JsonTest {
    record Inner(double bitsPerSecond, Double rate) { }

    record Outer(String boardId, Inner inner, List<Double> series, String absent) { }

    @Test
    void recordsAreSnakeCaseWithNonFiniteNumbersAsNullAndAbsentPartsLeftOut() {
        Outer o = new Outer("bcm6328", new Inner(Double.NaN, 1.5), List.of(2.0, Double.POSITIVE_INFINITY), null);
        JsonObject j = JsonParser.parseString(Json.write(o)).getAsJsonObject();
        assertEquals("bcm6328", j.get("board_id").getAsString());
        assertTrue(j.getAsJsonObject("inner").get("bits_per_second").isJsonNull(), "NaN is null: " + j);
        assertEquals(1.5, j.getAsJsonObject("inner").get("rate").getAsDouble());
        assertEquals("[2,null]", j.get("series").toString());
        assertFalse(j.has("absent"), "a null part is left out");
        assertEquals(j, JsonParser.parseString(Json.line(o)), "the same document on one line");
        assertFalse(Json.line(o).contains("\n"), "a server-sent event's data is one line");
    }

    @Test
    void requestBodiesMustBeJsonObjects() {
        assertTrue(assertThrows(IllegalArgumentException.class, () -> Json.object("{\"a\": ")).getMessage().startsWith("malformed JSON"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> Json.object("")).getMessage().contains("empty"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> Json.object("[1]")).getMessage().contains("JSON object"));
        assertEquals(1, Json.object("{\"seed\": 1}").get("seed").getAsInt());
    }

    /** Lenient JSON was taken before: a comment, single quotes, a duplicate key (the last won), trailing text. */
    @Test
    void requestBodiesAreParsedStrictly() {
        for (String lenient : new String[] {"{/* c */ \"seed\": 1}", "{\"seed\": 1} // c", "{'seed': 1}", "{seed: 1}", "{\"seed\": 1,}",
                "{\"seed\": NaN}", "{\"seed\": 1} trailing", "{\"seed\": 1}{\"seed\": 2}", "{\"seed\": 1};"}) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Json.object(lenient), lenient);
            assertTrue(e.getMessage().startsWith("malformed JSON"), lenient + ": " + e.getMessage());
            assertFalse(e.getMessage().contains("setStrictness"), "no advice to parse leniently: " + e.getMessage());
        }
        IllegalArgumentException dup = assertThrows(IllegalArgumentException.class, () -> Json.object("{\"seed\": 1, \"seed\": 2}"));
        assertTrue(dup.getMessage().contains("duplicate key 'seed'"), dup.getMessage());
        assertThrows(IllegalArgumentException.class, () -> Json.object("{\"a\": {\"b\": 1, \"b\": 1}}"), "nested duplicate");
        assertTrue(assertThrows(IllegalArgumentException.class, () -> Json.object("{\"a\": 1} x")).getMessage().contains("line 1 column"));
        JsonObject ok = Json.object(" {\"seed\": 12345678901234, \"features\": [\"gro\", \"bql\"], \"x\": {\"y\": null, \"z\": true}} \n");
        assertEquals(12345678901234L, ok.get("seed").getAsLong());
        assertEquals("[\"gro\",\"bql\"]", ok.get("features").toString());
        assertTrue(ok.getAsJsonObject("x").get("y").isJsonNull());
    }

    @Test
    void aListElementThatWouldSplitWhenTheLineIsSplitAgainIsRefused() {
        JsonElement args = JsonParser.parseString("[\"-M\", \"512\", \"-T\", \"two words\"]");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Json.stringOrList("workload", args, " "));
        assertEquals("field 'workload[3]' must not contain white space, not \"two words\": the node keeps the list as one line split at white space", e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> Json.stringOrList("workload", JsonParser.parseString("[\"-M\\n512\"]"), " "));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> Json.stringOrList("features", JsonParser.parseString("[\"gro,bql\"]"), ","))
                .getMessage().startsWith("field 'features[0]' must not contain ','"));
        assertEquals("-M 512 -t 3", Json.stringOrList("workload", JsonParser.parseString("[\"-M\", \"512\", \"-t\", \"3\"]"), " "));
    }
}
