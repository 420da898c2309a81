// Linux CUBIC (net/ipv4/tcp_cubic.c): beta 717/1024, C = 0.4 (bic_scale 41), fast convergence, TCP-friendly region; no HyStart, no idle epoch shift.
package ringlab.sim.tcp;

/**
 * A port of tcp_cubic.c's bictcp_update/cong_avoid/recalc_ssthresh with the kernel's fixed-point arithmetic,
 * on a 1000 Hz jiffy clock derived from virtual time. Omitted: HyStart (slow start exits only on loss or
 * ssthresh) and the CA_EVENT_TX_START epoch shift after application-limited idle periods (bulk iperf3 flows
 * do not idle). cubic_root uses StrictMath.cbrt (deterministic) instead of the kernel's table + Newton step.
 */
public final class Cubic implements CongestionControl {
    static final int BETA_SCALE = 1024;
    static final int BETA = 717;
    static final int BIC_SCALE = 41;
    static final int HZ_SHIFT = 10; // BICTCP_HZ
    static final long HZ = 1000;
    static final long JIFFY_NS = 1_000_000_000L / HZ;
    static final long CUBE_RTT_SCALE = BIC_SCALE * 10;
    static final long BETA_SCALE_FRIENDLY = 8L * (BETA_SCALE + BETA) / 3 / (BETA_SCALE - BETA);
    static final long CUBE_FACTOR = (1L << (10 + 3 * HZ_SHIFT)) / (BIC_SCALE * 10);
    static final long NONE = Long.MIN_VALUE;

    private int cnt;
    private int lastMaxCwnd;
    private int lastCwnd;
    private long lastTime = NONE;
    private int originPoint;
    private long k;
    /** Minimum RTT seen, microseconds (0 = none). */
    private long delayMinUs;
    private long epochStart = NONE;
    private int ackCnt;
    private int tcpCwnd;

    @Override public String name() { return "cubic"; }

    private void reset() {
        cnt = 0; lastMaxCwnd = 0; lastCwnd = 0; lastTime = NONE; originPoint = 0; k = 0;
        delayMinUs = 0; epochStart = NONE; ackCnt = 0; tcpCwnd = 0;
    }

    @Override public void congAvoid(CwndState s, int acked, long now) {
        if (s.inSlowStart()) {
            acked = s.slowStart(acked);
            if (acked == 0) return;
        }
        update(s.cwnd, acked, now / JIFFY_NS);
        s.congAvoidAi(cnt, acked);
    }

    private void update(int cwnd, int acked, long jiffies) {
        ackCnt += acked;
        if (lastCwnd == cwnd && lastTime != NONE && jiffies - lastTime <= HZ / 32) return;
        if (epochStart == NONE || jiffies != lastTime) {
            lastCwnd = cwnd;
            lastTime = jiffies;
            if (epochStart == NONE) {
                epochStart = jiffies;
                ackCnt = acked;
                tcpCwnd = cwnd;
                if (lastMaxCwnd <= cwnd) {
                    k = 0;
                    originPoint = cwnd;
                } else {
                    k = (long) StrictMath.cbrt((double) (CUBE_FACTOR * (lastMaxCwnd - cwnd)));
                    originPoint = lastMaxCwnd;
                }
            }
            long t = jiffies - epochStart + (delayMinUs * HZ + 999_999) / 1_000_000; // usecs_to_jiffies
            t = (t << HZ_SHIFT) / HZ;
            long offs = t < k ? k - t : t - k;
            if (offs > (1L << 20)) offs = 1L << 20; // keeps offs^3 * 410 inside 64 bits (about 1000 s)
            long delta = (CUBE_RTT_SCALE * offs * offs * offs) >> (10 + 3 * HZ_SHIFT);
            long target = t < k ? originPoint - delta : originPoint + delta;
            if (target > cwnd) cnt = (int) Math.max(cwnd / (target - cwnd), 0);
            else cnt = 100 * cwnd;
            if (lastMaxCwnd == 0 && cnt > 20) cnt = 20;
        }
        // TCP-friendly region
        long d = ((long) cwnd * BETA_SCALE_FRIENDLY) >> 3;
        if (d < 1) d = 1;
        while (ackCnt > d) {
            ackCnt -= d;
            tcpCwnd++;
        }
        if (tcpCwnd > cwnd) {
            int maxCnt = cwnd / (tcpCwnd - cwnd);
            if (cnt > maxCnt) cnt = maxCnt;
        }
        cnt = Math.max(cnt, 2);
    }

    @Override public int ssthresh(CwndState s) {
        epochStart = NONE;
        if (s.cwnd < lastMaxCwnd) lastMaxCwnd = (int) ((long) s.cwnd * (BETA_SCALE + BETA) / (2 * BETA_SCALE));
        else lastMaxCwnd = s.cwnd;
        return Math.max((int) ((long) s.cwnd * BETA / BETA_SCALE), 2);
    }

    @Override public void rttSample(long rttNs) {
        long us = Math.max(1, rttNs / 1000);
        if (delayMinUs == 0 || delayMinUs > us) delayMinUs = us;
    }

    @Override public void onRto() { reset(); }

    /** W_max of the last loss epoch, segments (for tests and traces). */
    public int lastMaxCwnd() { return lastMaxCwnd; }
}
