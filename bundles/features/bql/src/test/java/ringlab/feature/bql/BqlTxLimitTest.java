package ringlab.feature.bql;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import ringlab.spi.board.CostKey;
import ringlab.testkit.RecordingExec;

/** The netdev_tx_*_queue wiring: stop and restart, cost per dql call, jiffies at the board's HZ. */
class BqlTxLimitTest {
    @Test
    void stopsWhenAvailGoesNegativeAndRestartsWhenItIsBack() {
        RecordingExec x = new RecordingExec();
        BqlTxLimit l = new BqlTxLimit(250, 1000, 0, Dql.MAX_LIMIT);
        assertEquals(0, l.avail(), "no bulk before the first completion");
        assertFalse(l.sent(x, 1514), "limit 0: the first frame stops the queue");
        assertTrue(l.completed(x, 1, 1514), "starved: the limit grew to 1514, avail 1514 >= 0");
        assertEquals(1514, l.avail());
        assertTrue(l.sent(x, 1000));
        assertFalse(l.sent(x, 1000), "514 - 1000 < 0");
        assertEquals(4, x.units(CostKey.DQL), "one DQL charge per dql_queued / dql_completed");
        assertEquals(2L, l.counters().get("limit_stops"));
        assertEquals(2000L, l.counters().get("inflight"));
    }

    @Test
    void holdTimeIsInJiffiesOfTheBoardsHz() {
        assertEquals(250, BqlTxLimit.msecsToJiffies(1000, 250));
        assertEquals(1, BqlTxLimit.msecsToJiffies(1, 250), "msecs_to_jiffies rounds up");
        assertEquals(100, BqlTxLimit.msecsToJiffies(100, 1000));
        RecordingExec x = new RecordingExec();
        BqlTxLimit l = new BqlTxLimit(250, 1000, 0, Dql.MAX_LIMIT);
        l.sent(x, 30000);
        l.completed(x, 20, 30000);            // limit 30000 at jiffy 0
        for (int i = 0; i < 10; i++) l.sent(x, 1000);
        x.at(4_000_000L);                     // jiffy 1
        l.completed(x, 1, 1000);
        l.completed(x, 1, 1000);              // busy: lowest slack 28000
        x.at(1_000_000_000L);                 // jiffy 250: not yet after start + hold
        l.completed(x, 1, 1000);
        assertEquals(30000, l.dql().limit());
        x.at(1_004_000_000L);                 // jiffy 251
        l.completed(x, 1, 1000);
        assertEquals(2000, l.dql().limit(), "30000 - lowest slack 28000");
    }

    @Test
    void completionsOfBytesQueuedBeforeAResetAreIgnored() {
        RecordingExec x = new RecordingExec();
        BqlTxLimit l = new BqlTxLimit(250, 1000, 0, Dql.MAX_LIMIT);
        l.sent(x, 3000);
        l.reset();
        l.sent(x, 1000);
        l.completed(x, 3, 4000);              // only the 1000 queued since the reset are the dql's
        assertEquals(0L, l.counters().get("inflight"));
        assertEquals(3000L, l.counters().get("completed_before_reset_bytes"));
    }
}
