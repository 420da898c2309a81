package ringlab.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Map;
import org.junit.jupiter.api.Test;

/** --set's stack settings: what a value is refused for says which of "not a number" and "out of range" it is. */
class StackSettingsTest {
    @Test
    void aTxqueuelenOutOfRangeSaysSoWithTheRangeAndNotANumberSaysThat() {
        // 99999999999 was "is not a positive whole number": it is one, only too large for the setting
        assertEquals("--set txqueuelen: 99999999999 is out of range [1, 2147483647] packets", refusal("txqueuelen", "99999999999"));
        assertEquals("--set txqueuelen: 0 is out of range [1, 2147483647] packets", refusal("txqueuelen", "0"));
        assertEquals("--set txqueuelen: -1 is out of range [1, 2147483647] packets", refusal("txqueuelen", "-1"));
        assertEquals("--set txqueuelen: 'many' is not a whole number", refusal("txqueuelen", "many"));
        assertEquals(2147483647, StackSettings.from(Map.of("txqueuelen", "2147483647")).txqueuelen);
    }

    @Test
    void aValueCanBeCheckedBeforeAnyRunAndAKeyThatIsNoStackSettingIsLeftAlone() {
        assertNull(StackSettings.refusal("qdisc", "fq_codel"));
        assertEquals("'fifo' is not pfifo_fast or fq_codel", StackSettings.refusal("qdisc", "fifo"));
        assertNull(StackSettings.refusal("gro_flush_timeout", "anything"), "a feature's tunable: not the stack's to judge");
    }

    private static String refusal(String key, String value) {
        return assertThrows(IllegalArgumentException.class, () -> StackSettings.from(Map.of(key, value))).getMessage();
    }
}
