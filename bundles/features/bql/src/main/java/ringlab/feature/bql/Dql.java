package ringlab.feature.bql;

/**
 * An exact port of lib/dynamic_queue_limits.c and include/linux/dynamic_queue_limits.h (struct dql,
 * dql_queued, dql_avail, dql_completed, dql_reset, dql_init) as of Linux 5.15-6.6; leaves out the
 * 6.9+ stall detector (stall_thrs, history) and the cache-line layout. Counters are 32-bit unsigned
 * as in C (Java ints with wrap-around and unsigned comparisons); time is in jiffies, passed in.
 */
public final class Dql {
    /** DQL_MAX_OBJECT = UINT_MAX / 16. */
    public static final int MAX_OBJECT = (int) (0xFFFF_FFFFL / 16);
    /** DQL_MAX_LIMIT = (UINT_MAX / 2) - DQL_MAX_OBJECT = 1879048192. */
    public static final int MAX_LIMIT = (int) (0xFFFF_FFFFL / 2) - MAX_OBJECT;
    private static final int UINT_MAX = -1;

    // fields used by the enqueue side
    int numQueued;        // total ever queued
    int adjLimit;         // limit + num_completed
    int lastObjCnt;       // count at last queuing
    // fields used by the completion side
    int limit;            // current limit
    int numCompleted;     // total ever completed
    int prevOvlimit;      // previous over limit
    int prevNumQueued;    // previous queue total
    int prevLastObjCnt;   // previous queuing cnt
    int lowestSlack;      // lowest slack found
    long slackStartTime;  // time slacks seen (jiffies)
    // configuration
    int maxLimit;         // max limit
    int minLimit;         // minimum limit
    long slackHoldTime;   // time to measure slack (jiffies)

    /** dql_init(dql, hold_time): the struct starts zeroed (kzalloc), then init and reset. */
    public Dql(long holdTimeJiffies, long nowJiffies) {
        maxLimit = MAX_LIMIT;
        minLimit = 0;
        slackHoldTime = holdTimeJiffies;
        reset(nowJiffies);
    }

    /** dql_queued: records count objects (bytes) queued to the hardware. */
    public void queued(int count) {
        if (Integer.compareUnsigned(count, MAX_OBJECT) > 0) throw new IllegalArgumentException("BUG_ON(count > DQL_MAX_OBJECT)");
        lastObjCnt = count;
        numQueued += count;
    }

    /** dql_avail: bytes that may still be queued before the limit is reached (negative once over it). */
    public int avail() { return adjLimit - numQueued; }

    /** dql_completed: records count bytes completed and recalculates the limit. */
    public void completed(int count, long jiffies) {
        int numQueued = this.numQueued;
        if (Integer.compareUnsigned(count, numQueued - numCompleted) > 0)
            throw new IllegalStateException("BUG_ON: can't complete more than what's in queue");

        int completed = numCompleted + count;
        int limit = this.limit;
        int ovlimit = posdiff(numQueued - numCompleted, limit);
        int inprogress = numQueued - completed;
        int prevInprogress = prevNumQueued - numCompleted;
        boolean allPrevCompleted = completed - prevNumQueued >= 0; // AFTER_EQ

        if ((ovlimit != 0 && inprogress == 0) || (prevOvlimit != 0 && allPrevCompleted)) {
            // starved: grow by what was both sent and completed in the last interval plus the previous overshoot
            limit += posdiff(completed, prevNumQueued) + prevOvlimit;
            slackStartTime = jiffies;
            lowestSlack = UINT_MAX;
        } else if (inprogress != 0 && prevInprogress != 0 && !allPrevCompleted) {
            // busy through the whole interval: track the lowest slack, shrink by it after the hold time
            int slack = posdiff(limit + prevOvlimit, 2 * (completed - numCompleted));
            int slackLastObjs = prevOvlimit != 0 ? posdiff(prevLastObjCnt, prevOvlimit) : 0;
            slack = Integer.compareUnsigned(slack, slackLastObjs) >= 0 ? slack : slackLastObjs;
            if (Integer.compareUnsigned(slack, lowestSlack) < 0) lowestSlack = slack;
            if (slackStartTime + slackHoldTime - jiffies < 0) { // time_after(jiffies, start + hold)
                limit = posdiff(limit, lowestSlack);
                slackStartTime = jiffies;
                lowestSlack = UINT_MAX;
            }
        }

        // enforce bounds on limit: clamp(limit, min_limit, max_limit), unsigned
        if (Integer.compareUnsigned(limit, minLimit) < 0) limit = minLimit;
        if (Integer.compareUnsigned(limit, maxLimit) > 0) limit = maxLimit;

        if (limit != this.limit) {
            this.limit = limit;
            ovlimit = 0;
        }

        adjLimit = limit + completed;
        prevOvlimit = ovlimit;
        prevLastObjCnt = lastObjCnt;
        numCompleted = completed;
        prevNumQueued = numQueued;
    }

    /** dql_reset: all dynamic values back to start (adj_limit is left alone, as in the kernel). */
    public void reset(long jiffies) {
        limit = minLimit;
        numQueued = 0;
        numCompleted = 0;
        lastObjCnt = 0;
        prevNumQueued = 0;
        prevLastObjCnt = 0;
        prevOvlimit = 0;
        lowestSlack = UINT_MAX;
        slackStartTime = jiffies;
    }

    /** POSDIFF(A, B): A - B if positive as a signed difference, else 0. */
    static int posdiff(int a, int b) { return a - b > 0 ? a - b : 0; }

    public int limit() { return limit; }

    /** Bytes queued and not yet completed (byte_queue_limits/inflight). */
    public int inflight() { return numQueued - numCompleted; }

    public void minLimit(int v) { minLimit = v; }

    public void maxLimit(int v) { maxLimit = v; }

    public int minLimit() { return minLimit; }

    public int maxLimit() { return maxLimit; }
}
