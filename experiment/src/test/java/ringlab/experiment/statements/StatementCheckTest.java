package ringlab.experiment.statements;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;
import org.junit.jupiter.api.Test;
import ringlab.sim.board.ClasspathBoards;
import ringlab.spi.board.Board;
import ringlab.spi.feature.DriverFeature;

/** Statements judged by the change they predict; a statement that cannot be prepared refuses the check, naming it. */
class StatementCheckTest {
    static final Map<String, Board> BOARDS = ClasspathBoards.load(StatementCheckTest.class.getClassLoader());
    static final Map<String, DriverFeature> FEATURES = new LinkedHashMap<>();

    static {
        for (DriverFeature f : ServiceLoader.load(DriverFeature.class)) FEATURES.put(f.id(), f);
    }

    static Statement listRx(String id, String bFeatures, Expected e) {
        // 3 s: the first second, while the receive buffer grows, is no steady state (stock 34.7 against list rx 35.0)
        return Statement.of(id, "3", "q", "bcm6328", Side.of("stock", "-M 512 -t 3"), Side.of(bFeatures, "-M 512 -t 3"), Metric.RECEIVER_MBPS, e);
    }

    @Test
    void theThresholdIsIncludedAndNaNNeverHolds() {
        assertTrue(Expected.rises(5).holds(5));
        assertFalse(Expected.rises(5).holds(4.99));
        assertTrue(Expected.falls(5).holds(-5));
        assertFalse(Expected.falls(5).holds(5));
        assertTrue(Expected.stays(2).holds(-1.99));
        assertFalse(Expected.stays(2).holds(2));
        assertFalse(Expected.stays(2).holds(Double.NaN));
        assertEquals("falls >= 7.5 %", Expected.falls(7.5).toString());
        assertThrows(IllegalArgumentException.class, () -> Expected.rises(0));
    }

    @Test
    void aStatementHoldsOrMissesByTheChangeFromAToB() {
        List<StatementResult> r = StatementCheck.run(List.of(listRx("gains", "batched-rx", Expected.rises(5)),
                listRx("loses", "batched-rx", Expected.falls(5))), BOARDS, FEATURES, 1);
        StatementResult gains = r.get(0), loses = r.get(1);
        assertTrue(gains.b() > gains.a() * 1.05, gains.toString());
        assertEquals(100 * (gains.b() - gains.a()) / gains.a(), gains.changePercent(), 1e-9);
        assertTrue(gains.holds());
        assertFalse(loses.holds());
        assertEquals(gains.changePercent(), loses.changePercent(), "the same two runs");
    }

    @Test
    void aStatementThatCannotBePreparedRefusesTheCheckNamingIt() {
        var e = assertThrows(IllegalArgumentException.class, () -> StatementCheck.run(
                List.of(listRx("fine", "batched-rx", Expected.rises(5)), listRx("broken", "no-such", Expected.rises(5))), BOARDS, FEATURES, 1));
        assertTrue(e.getMessage().startsWith("statement 'broken' (no-such, iperf3 -M 512 -t 3): feature 'no-such' is not installed"), e.getMessage());
        Statement ping = Statement.of("ping", "4", "q", "bcm6328", Side.of("stock", "-t 1"), Side.of("bql", "-t 1"), Metric.PING_P50, Expected.falls(5));
        assertThrows(IllegalArgumentException.class, () -> StatementCheck.run(List.of(ping), BOARDS, FEATURES, 1), "ping p50 without --ping");
        var twice = assertThrows(IllegalArgumentException.class, () -> StatementCheck.run(
                List.of(listRx("same", "batched-rx", Expected.rises(5)), listRx("same", "batched-rx", Expected.rises(1))), BOARDS, FEATURES, 1));
        assertEquals("statement 'same' is listed twice", twice.getMessage());
    }
}
