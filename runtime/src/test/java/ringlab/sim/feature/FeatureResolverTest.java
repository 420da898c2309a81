package ringlab.sim.feature;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import ringlab.sim.TestBoards;
import ringlab.spi.board.Board;
import ringlab.spi.feature.DriverFeature;

/** Feature lists as --features and PUT /scenario take them: "stock", ids, "-id". */
class FeatureResolverTest {
    static final Board BOARD;
    static {
        Board b = TestBoards.flat(5, "6.1");
        BOARD = new Board(b.id(), b.name(), b.soc(), b.nic(), List.of("gro", "bql"), b.costs(), b.origin(), b.published());
    }

    static Map<String, DriverFeature> installed(String... ids) {
        Map<String, DriverFeature> m = new LinkedHashMap<>();
        for (String id : ids) m.put(id, InstallOrderTest.f(id));
        return m;
    }

    static List<String> resolved(String list, Map<String, DriverFeature> installed) {
        return InstallOrderTest.ids(FeatureResolver.resolve(list, BOARD, installed));
    }

    @Test
    void stockAddsTheBoardsSetAndMinusRemovesOne() {
        Map<String, DriverFeature> all = installed("gro", "bql", "batched-rx");
        assertEquals(List.of("gro", "bql"), resolved("stock", all));
        assertEquals(List.of("bql", "batched-rx"), resolved("stock,-gro,batched-rx", all));
        assertEquals(List.of(), resolved("-gro", all), "without stock a list starts empty; removing what is not there is no error");
        assertEquals(List.of("gro", "bql"), resolved("stock,-batched-rx", all), "an installed feature not in the set");
    }

    @Test
    void removingAnUnknownIdIsRefusedNotIgnored() {
        Map<String, DriverFeature> all = installed("gro", "bql", "batched-rx");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> resolved("stock,-batchd-rx", all));
        assertTrue(e.getMessage().startsWith("feature 'batchd-rx' in '-batchd-rx' is not installed (installed: gro, bql, batched-rx)"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> resolved("stock,-", all));
        assertEquals("'-' names no feature to remove (write -id)", e.getMessage());
    }

    @Test
    void aStockFeatureWhoseBundleIsGoneCanBeRemoved() {
        Map<String, DriverFeature> withoutGro = installed("bql");
        assertEquals(List.of("bql"), resolved("stock,-gro", withoutGro));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> resolved("stock", withoutGro));
        assertTrue(e.getMessage().startsWith("feature 'gro' is not installed"), e.getMessage());
    }
}
