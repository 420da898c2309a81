// Models struct codel_vars (per-queue CoDel state of Linux include/net/codel.h); leaves out nothing but the C layout.
package ringlab.sim.qdisc;

/** Per-queue CoDel state, {@code struct codel_vars}. u32/u16 fields are held in ints with kernel wrap semantics;
 * a new instance is all zero, like {@code codel_vars_init()}. */
public class CodelVars {
    /** {@code count}: packets dropped since entering drop state (u32). */
    int count;
    /** {@code lastcount}: count when the previous drop state was entered (u32). */
    int lastcount;
    /** {@code dropping}: in drop state. */
    boolean dropping;
    /** {@code rec_inv_sqrt}: 1/sqrt(count) in Q0.16 (u16, kept in the low 16 bits). */
    int recInvSqrt;
    /** {@code first_above_time}: when sojourn went above target plus interval, or 0 (codel time). */
    int firstAboveTime;
    /** {@code drop_next}: time of the next drop in drop state (codel time). */
    int dropNext;
    /** {@code ldelay}: sojourn time of the last dequeued packet (codel time). */
    int ldelay;

    public int count() { return count; }

    public int lastcount() { return lastcount; }

    public boolean dropping() { return dropping; }

    public int recInvSqrt() { return recInvSqrt; }

    /** Next scheduled drop, in ns of codel time (meaningful while dropping). */
    public long dropNextNs() { return Codel.timeToNs(dropNext); }

    /** Sojourn time of the last packet CoDel looked at, in ns (1024-ns resolution). */
    public long ldelayNs() { return Codel.timeToNs(ldelay); }
}
