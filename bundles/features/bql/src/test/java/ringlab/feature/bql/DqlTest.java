package ringlab.feature.bql;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

/** Dql against sequences computed by hand from lib/dynamic_queue_limits.c. */
class DqlTest {

    @Test
    void startsClosedAndGrowsOnStarvationByWhatCompleted() {
        Dql d = new Dql(250, 0);
        assertEquals(0, d.limit());
        assertEquals(0, d.avail());
        d.queued(1514);
        assertEquals(-1514, d.avail(), "over the (zero) limit: the stack stops the queue");
        // ovlimit = 1514 - 0, inprogress = 0: starved; limit += POSDIFF(1514, prev_num_queued 0) + prev_ovlimit 0
        d.completed(1514, 0);
        assertEquals(1514, d.limit());
        assertEquals(1514 + 1514, d.adjLimit);
        assertEquals(1514, d.avail());
        assertEquals(0, d.prevOvlimit, "the limit changed: ovlimit is forgotten");
        assertEquals(0, d.inflight());
    }

    @Test
    void growsByThePreviousOverlimitWhenAllOfThePreviousIntervalCompleted() {
        Dql d = new Dql(250, 0);
        d.queued(1514);
        d.completed(1514, 0);                 // limit 1514, num_completed 1514, prev_num_queued 1514
        for (int i = 0; i < 3; i++) d.queued(1514); // num_queued 6056: 4542 in flight
        d.completed(1514, 0);
        // ovlimit = POSDIFF(4542, 1514) = 3028; inprogress 3028; prev_inprogress 0: neither branch
        assertEquals(1514, d.limit());
        assertEquals(3028, d.prevOvlimit);
        assertEquals(6056, d.prevNumQueued);
        d.queued(1514);                       // num_queued 7570
        d.completed(3028, 0);
        // completed 6056 >= prev_num_queued 6056 and prev_ovlimit 3028: starved although 1514 is in flight;
        // limit += POSDIFF(6056, 6056) + 3028
        assertEquals(1514 + 3028, d.limit());
        assertEquals(4542 + 6056 - 7570, d.avail());
    }

    /** Limit 30000 after one starved interval, then a queue that stays busy; hold time 10 jiffies. */
    private static Dql busyAt30000(int minLimit) {
        Dql d = new Dql(10, 0);
        d.minLimit(minLimit);
        d.queued(30000);
        d.completed(30000, 0);                // starved: limit 30000, slack_start_time 0
        assertEquals(Math.max(30000, minLimit), d.limit());
        for (int i = 0; i < 10; i++) d.queued(1000); // num_queued 40000
        d.completed(1000, 1);                 // prev_inprogress 0: no slack measured yet
        assertEquals(-1, d.lowestSlack);
        d.completed(1000, 2);                 // busy: slack = POSDIFF(30000, 2 * 1000) = 28000
        assertEquals(28000, d.lowestSlack);
        d.queued(1000);                       // num_queued 41000
        d.completed(2000, 5);                 // slack = 30000 - 2 * 2000 = 26000
        assertEquals(26000, d.lowestSlack);
        d.completed(1000, 10);                // slack 28000; time_after(10, 0 + 10) is false
        assertEquals(26000, d.lowestSlack);
        assertEquals(30000, d.limit());
        return d;
    }

    @Test
    void shrinksByTheLowestSlackOnlyAfterTheHoldTime() {
        Dql d = busyAt30000(0);
        d.completed(1000, 11);                // time_after(11, 10): limit = POSDIFF(30000, 26000)
        assertEquals(4000, d.limit());
        assertEquals(-1, d.lowestSlack, "lowest_slack back to UINT_MAX");
        assertEquals(11, d.slackStartTime);
        assertEquals(4000 + 36000 - 41000, d.avail(), "over the new limit: the queue stays stopped");
    }

    @Test
    void shrinkStopsAtLimitMin() {
        Dql d = busyAt30000(10000);
        d.completed(1000, 11);
        assertEquals(10000, d.limit());
    }

    @Test
    void growthStopsAtLimitMaxAndStarvationRespectsLimitMin() {
        Dql d = new Dql(250, 0);
        d.minLimit(5000);
        d.queued(1514);
        d.completed(1514, 0);
        assertEquals(5000, d.limit(), "clamp(1514, 5000, max)");
        d.maxLimit(6000);
        d.queued(20000);
        d.completed(20000, 1);                // starved: 5000 + 20000, clamped
        assertEquals(6000, d.limit());
        assertEquals(Dql.MAX_LIMIT, 1879048192);
    }

    @Test
    void countersWrapAsUnsigned32Bit() {
        Dql fresh = new Dql(250, 0), wrapped = new Dql(250, 0);
        wrapped.numQueued = wrapped.numCompleted = wrapped.prevNumQueued = wrapped.adjLimit = -1000; // 2^32 - 1000
        for (Dql d : new Dql[] {fresh, wrapped}) {
            d.queued(3000);
            d.completed(3000, 0);
        }
        assertEquals(fresh.limit(), wrapped.limit());
        assertEquals(fresh.avail(), wrapped.avail());
        assertEquals(2000, wrapped.numQueued, "num_queued wrapped past 2^32");
    }

    @Test
    void cannotCompleteMoreThanQueued() {
        Dql d = new Dql(250, 0);
        d.queued(100);
        assertThrows(IllegalStateException.class, () -> d.completed(101, 0));
    }
}
