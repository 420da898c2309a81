// Models the CoDel AQM core of Linux include/net/codel.h + codel_impl.h (1024 ns time units, Q0.16 Newton 1/sqrt); leaves out ECN marking and ce_threshold.
package ringlab.sim.qdisc;

import ringlab.spi.net.Packet;

/**
 * CoDel, ported from Linux {@code include/net/codel.h} and {@code include/net/codel_impl.h}.
 *
 * <p>Time is kept in kernel units: {@code codel_time_t} is a u32 holding nanoseconds {@code >> CODEL_SHIFT}
 * (10), i.e. ticks of 1.024 us, wrapping every ~73 minutes, compared with signed differences exactly like
 * {@code codel_time_after()}. Java {@code int}s hold the u32 values; unsigned semantics are applied where
 * the kernel relies on them. {@code 1/sqrt(count)} is the kernel's Q0.16 reciprocal refined by one Newton
 * step per count change, so the drop schedule matches the kernel bit for bit, including its coarse
 * approximation for small counts (e.g. count 2 gives 0.5, not 0.707).
 *
 * <p>ECN is off: {@code params->ecn == false}, so every CoDel signal is a drop; {@code ce_threshold} is
 * disabled ({@code CODEL_DISABLED_THRESHOLD}), so nothing is CE-marked.
 */
public final class Codel {
    private Codel() {}

    /** {@code CODEL_SHIFT}: codel time is ns >> 10. */
    public static final int CODEL_SHIFT = 10;
    /** {@code REC_INV_SQRT_BITS}: rec_inv_sqrt is a u16. */
    static final int REC_INV_SQRT_BITS = 16;
    /** {@code REC_INV_SQRT_SHIFT}: shift turning rec_inv_sqrt into a Q0.32 number. */
    static final int REC_INV_SQRT_SHIFT = 32 - REC_INV_SQRT_BITS;

    /** {@code codel_get_time()} for a simulated time in ns: a u32 of 1024-ns ticks. */
    public static int time(long ns) { return (int) (ns >> CODEL_SHIFT); }

    /** Codel time back to nanoseconds (for reporting). */
    public static long timeToNs(int t) { return Integer.toUnsignedLong(t) << CODEL_SHIFT; }

    /** {@code codel_time_after(a, b)}. */
    static boolean after(int a, int b) { return a - b > 0; }

    /** {@code codel_time_after_eq(a, b)}. */
    static boolean afterEq(int a, int b) { return a - b >= 0; }

    /** {@code codel_time_before(a, b)}. */
    static boolean before(int a, int b) { return a - b < 0; }

    /** {@code struct codel_params} (ecn is always false, ce_threshold always disabled). */
    public static final class Params {
        /** {@code target}, codel time units. */
        public final int target;
        /** {@code interval}, codel time units. */
        public final int interval;
        /** {@code mtu}: no drop while the qdisc backlog is at most this many bytes. */
        public final int mtu;

        public Params(int target, int interval, int mtu) {
            this.target = target;
            this.interval = interval;
            this.mtu = mtu;
        }
    }

    /** {@code struct codel_stats}. */
    public static final class Stats {
        /** Largest packet seen at dequeue ({@code maxpacket}). */
        public int maxpacket;
        /** Drops not yet reported to the parent ({@code drop_count}; reset by fq_codel's dequeue). */
        public int dropCount;
        /** Bytes of those drops ({@code drop_len}). */
        public long dropLen;
        /** ECN marks ({@code ecn_mark}); always 0 since ecn is off. */
        public int ecnMark;
        /** CE marks over ce_threshold ({@code ce_mark}); always 0 since ce_threshold is disabled. */
        public int ceMark;
    }

    /** The queue CoDel runs over: {@code dequeue_func}, {@code drop_func} and the {@code *backlog} it reads. */
    interface Queue {
        /** {@code dequeue_func(vars, ctx)}: head of the queue owning vars, or null. */
        Packet dequeueFunc(CodelVars vars);

        /** {@code drop_func(skb, ctx)}. */
        void dropFunc(Packet p);

        /** {@code *backlog}: bytes queued in the whole qdisc, read live. */
        long backlogBytes();
    }

    /**
     * {@code codel_Newton_step()}: new_invsqrt = (invsqrt / 2) * (3 - count * invsqrt^2), in Q0.32
     * with the kernel's u32/u64 truncations.
     */
    static void newtonStep(CodelVars v) {
        long invsqrt = Integer.toUnsignedLong((v.recInvSqrt & 0xFFFF) << REC_INV_SQRT_SHIFT);
        long invsqrt2 = (invsqrt * invsqrt) >>> 32; // u64 product, high half is a u32
        long val = (3L << 32) - Integer.toUnsignedLong(v.count) * invsqrt2;
        val >>>= 2; // avoid overflow in following multiply
        val = (val * invsqrt) >>> (32 - 2 + 1);
        v.recInvSqrt = (int) (val >>> REC_INV_SQRT_SHIFT) & 0xFFFF;
    }

    /** {@code reciprocal_scale(val, ep_ro)}: (u32)(((u64)val * ep_ro) >> 32). */
    static int reciprocalScale(int val, int epRo) {
        return (int) ((Integer.toUnsignedLong(val) * Integer.toUnsignedLong(epRo)) >>> 32);
    }

    /** {@code codel_control_law()}: t + interval / sqrt(count), via rec_inv_sqrt. */
    static int controlLaw(int t, int interval, int recInvSqrt) {
        return t + reciprocalScale(interval, (recInvSqrt & 0xFFFF) << REC_INV_SQRT_SHIFT);
    }

    /** Packet length as {@code qdisc_pkt_len()}. */
    static int pktLen(Packet p) { return p.frameBytes(); }

    /** {@code codel_should_drop()}. */
    static boolean shouldDrop(Packet p, CodelVars v, Params params, Stats stats, Queue q, int now) {
        if (p == null) {
            v.firstAboveTime = 0;
            return false;
        }
        int len = pktLen(p);
        v.ldelay = now - time(p.enqueuedNs);
        if (len > stats.maxpacket) stats.maxpacket = len;

        // u32 compare of *backlog against mtu
        if (before(v.ldelay, params.target) || q.backlogBytes() <= params.mtu) {
            // went below - stay below for at least interval
            v.firstAboveTime = 0;
            return false;
        }
        boolean okToDrop = false;
        if (v.firstAboveTime == 0) {
            // just went above from below; if we stay above for at least interval we'll say it's ok to drop
            v.firstAboveTime = now + params.interval;
        } else if (after(now, v.firstAboveTime)) {
            okToDrop = true;
        }
        return okToDrop;
    }

    /** {@code codel_dequeue()} with ecn off and ce_threshold disabled. */
    static Packet dequeue(Queue q, Params params, CodelVars v, Stats stats, int now) {
        Packet skb = q.dequeueFunc(v);
        if (skb == null) {
            v.dropping = false;
            return null;
        }
        boolean drop = shouldDrop(skb, v, params, stats, q, now);
        if (v.dropping) {
            if (!drop) {
                // sojourn time below target - leave dropping state
                v.dropping = false;
            } else if (afterEq(now, v.dropNext)) {
                // It's time for the next drop. Drop the current packet and dequeue the next. A large
                // backlog might make the next drop due now too, hence the loop.
                while (v.dropping && afterEq(now, v.dropNext)) {
                    v.count++; // wrap ignored, like the kernel
                    newtonStep(v);
                    stats.dropLen += pktLen(skb);
                    q.dropFunc(skb);
                    stats.dropCount++;
                    skb = q.dequeueFunc(v);
                    if (!shouldDrop(skb, v, params, stats, q, now)) {
                        v.dropping = false; // leave dropping state
                    } else {
                        v.dropNext = controlLaw(v.dropNext, params.interval, v.recInvSqrt);
                    }
                }
            }
        } else if (drop) {
            stats.dropLen += pktLen(skb);
            q.dropFunc(skb);
            stats.dropCount++;
            skb = q.dequeueFunc(v);
            shouldDrop(skb, v, params, stats, q, now); // result unused, as in the kernel (updates state)
            v.dropping = true;
            // If min went above target close to when we last went below it, assume the drop rate that
            // controlled the queue on the last cycle is a good starting point to control it now.
            int delta = v.count - v.lastcount;
            if (Integer.compareUnsigned(delta, 1) > 0 && before(now - v.dropNext, 16 * params.interval)) {
                v.count = delta;
                newtonStep(v); // imprecise, later Newton steps correct it quadratically
            } else {
                v.count = 1;
                v.recInvSqrt = 0xFFFF; // ~0U >> REC_INV_SQRT_SHIFT
            }
            v.lastcount = v.count;
            v.dropNext = controlLaw(now, params.interval, v.recInvSqrt);
        }
        return skb;
    }
}
