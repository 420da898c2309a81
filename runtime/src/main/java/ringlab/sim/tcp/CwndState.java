// Congestion window state in segments (Linux snd_cwnd, snd_ssthresh, snd_cwnd_cnt) with tcp_slow_start/tcp_cong_avoid_ai; no cwnd clamp.
package ringlab.sim.tcp;

/** Shared between the sender (which reduces/inflates it during recovery) and its {@link CongestionControl}. */
public final class CwndState {
    /** TCP_INFINITE_SSTHRESH. */
    public static final int INFINITE_SSTHRESH = 0x7fffffff;

    /** Congestion window, segments. */
    public int cwnd;
    /** Slow start threshold, segments. */
    public int ssthresh = INFINITE_SSTHRESH;
    /** Linear increase counter (snd_cwnd_cnt). */
    public int cwndCnt;

    public boolean inSlowStart() { return cwnd < ssthresh; }

    /** tcp_slow_start: grows cwnd by acked up to ssthresh; returns the acked segments left over. */
    public int slowStart(int acked) {
        int c = (int) Math.min((long) cwnd + acked, ssthresh);
        acked -= c - cwnd;
        cwnd = c;
        return acked;
    }

    /** tcp_cong_avoid_ai: one segment per w segments acked. */
    public void congAvoidAi(int w, int acked) {
        if (cwndCnt >= w) {
            cwndCnt = 0;
            cwnd++;
        }
        cwndCnt += acked;
        if (cwndCnt >= w) {
            int delta = cwndCnt / w;
            cwndCnt -= delta * w;
            cwnd += delta;
        }
    }
}
