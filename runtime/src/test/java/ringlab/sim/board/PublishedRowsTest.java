package ringlab.sim.board;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonArray;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import java.util.List;
import org.junit.jupiter.api.Test;
import ringlab.spi.board.Board;
import ringlab.spi.board.Calibration;

/** The "published" list's two row kinds (absolute, change), format 1 rows unchanged, and bad rows named with board and row. */
class PublishedRowsTest {
    static final String FILE = "bundles/hardware/acme/src/main/resources/META-INF/ringlab/board.json";

    static JsonObject withRows(String rowsJson) {
        JsonObject d = Descriptors.bcm6328();
        d.add("published", JsonParser.parseString(rowsJson).getAsJsonArray());
        return d;
    }

    static String problem(JsonObject d) {
        BoardDescriptorException e = assertThrows(BoardDescriptorException.class, () -> BoardLoader.parse(d.toString(), FILE));
        assertFalse(e.getMessage().contains("\n"), "one line");
        assertTrue(e.getMessage().startsWith("board 'bcm6328' (" + FILE + "): "), e.getMessage());
        return String.join("; ", e.problems());
    }

    @Test
    void aRowCarriesOnlyTheReceiverFigureOrIsAChangeBetweenTwoFeatureSets() {
        Board b = BoardLoader.parse(withRows("""
                [{"features": "stock", "iperf": "-t 20", "receiverMbps": 231, "retransmits": 0, "source": "a"},
                 {"baseline": "stock", "features": "stock,batched-rx", "iperf": "-t 10 -R", "receiverChangePercent": -9.7, "source": "b"}]""")
                .toString(), FILE);
        assertEquals(List.of(new Board.Published("stock", "-t 20", -1, 231, 0, "a"),
                Board.Published.change("stock", "stock,batched-rx", "-t 10 -R", -9.7, "b")), b.published());
        assertFalse(b.published().get(0).isChange());
        assertTrue(Double.isNaN(b.published().get(0).receiverChangePercent()));
        Board.Published c = b.published().get(1);
        assertTrue(c.isChange());
        assertEquals("stock", c.baseline());
        assertEquals(-1, c.receiverMbps());
        assertEquals(-1, c.senderMbps());
        assertEquals(-1, c.retransmits());
        assertEquals(Calibration.CALIBRATED, b.calibration());
    }

    @Test
    void aFormat1DescriptorReadsAsBeforeAndIsPredicted() {
        JsonObject d = Descriptors.bcm6328();
        d.remove("calibration");
        d.addProperty("schemaVersion", 1);
        Board b = BoardLoader.parse(d.toString(), FILE);
        assertEquals(Calibration.PREDICTED, b.calibration());
        assertEquals(new Board.Published("stock", "-M 512 -t 30", 33.7, 33.5, 277, "mechanisms.md s12, stock"), b.published().get(0));
    }

    @Test
    void aRowWithNeitherFigureIsNamed() {
        assertEquals("published[1] has no figure: an absolute row needs receiverMbps, a change row baseline and receiverChangePercent",
                problem(withRows("""
                        [{"features": "stock", "iperf": "-t 20", "receiverMbps": 231, "source": "a"},
                         {"features": "stock,batched-rx", "iperf": "-t 20", "senderMbps": 240, "source": "b"}]""")));
    }

    @Test
    void aChangeRowCarriesNoAbsoluteFigureAndNeedsBothHalves() {
        assertEquals("published[0] is a change row (baseline, receiverChangePercent): it carries no receiverMbps",
                problem(withRows("""
                        [{"baseline": "stock", "features": "batched-rx", "iperf": "-t 10", "receiverChangePercent": 11,
                          "receiverMbps": 231, "source": "a"}]""")));
        assertEquals("published[0].receiverChangePercent is missing", problem(withRows("""
                [{"baseline": "stock", "features": "batched-rx", "iperf": "-t 10", "source": "a"}]""")));
        assertEquals("published[0].baseline is missing", problem(withRows("""
                [{"features": "batched-rx", "iperf": "-t 10", "receiverChangePercent": 11, "source": "a"}]""")));
    }

    @Test
    void format2RowsInAFormat1DescriptorAreRefused() {
        JsonObject d = withRows("""
                [{"baseline": "stock", "features": "batched-rx", "iperf": "-t 10", "receiverChangePercent": 11, "source": "a"},
                 {"features": "stock", "iperf": "-t 20", "receiverMbps": 231, "source": "b"}]""");
        d.remove("calibration");
        d.addProperty("schemaVersion", 1);
        assertEquals("published[0]: a change row (baseline, receiverChangePercent) needs \"schemaVersion\": 2; "
                + "published[1].senderMbps is missing; published[1].retransmits is missing", problem(d));
    }

    @Test
    void theInTreeSetIiRowsAreOfBothKinds() {
        Board b = BoardLoader.parse(Descriptors.read(Descriptors.ROOT.resolve("bundles/hardware/rzg2ul/src/main/resources/META-INF/ringlab/board.json")), FILE);
        JsonArray rows = JsonParser.parseString(Descriptors.read(Descriptors.ROOT.resolve(
                "bundles/hardware/rzg2ul/src/main/resources/META-INF/ringlab/board.json"))).getAsJsonObject().getAsJsonArray("published");
        assertEquals(rows.size(), b.published().size());
        assertTrue(b.published().stream().anyMatch(Board.Published::isChange));
        assertTrue(b.published().stream().anyMatch(p -> !p.isChange() && p.senderMbps() < 0 && p.receiverMbps() > 0));
    }
}
