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
        assertEquals(List.of("gro", "bql"), resolved("", all), "an empty list is the default, stock");
        assertEquals(List.of(), resolved("stock,-gro,-bql", all));
    }

    @Test
    void aRemovalOfWhatIsNotInTheSetBeforeItIsRefused() {
        Map<String, DriverFeature> all = installed("gro", "bql", "batched-rx");
        assertEquals("feature list '-gro': '-gro' removes 'gro', which is not in the set before it (empty); a removal applies"
                + " to what precedes it, as in stock,-gro", refused("-gro", all));
        assertEquals("feature list 'stock,-batched-rx': '-batched-rx' removes 'batched-rx', which is not in the set before it"
                + " (gro,bql); a removal applies to what precedes it, as in stock,-batched-rx", refused("stock,-batched-rx", all));
    }

    @Test
    void emptyItemsAndIdsNamedTwiceAreRefused() {
        Map<String, DriverFeature> all = installed("gro", "bql", "batched-rx");
        for (String list : new String[] {",", "gro,,bql", "gro,", ",gro"}) {
            assertEquals("feature list '" + list + "' has an empty item (ids are separated by single commas)", refused(list, all));
        }
        assertEquals("feature list 'batched-rx,batched-rx': 'batched-rx' is named twice", refused("batched-rx,batched-rx", all));
        assertEquals("feature list 'stock,stock': 'stock' is named twice", refused("stock,stock", all));
        assertEquals("feature list 'stock,-gro,gro': 'gro' is named twice", refused("stock,-gro,gro", all));
    }

    static String refused(String list, Map<String, DriverFeature> installed) {
        return assertThrows(IllegalArgumentException.class, () -> resolved(list, installed)).getMessage();
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
