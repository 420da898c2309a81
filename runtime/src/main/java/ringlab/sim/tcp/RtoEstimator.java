// RFC 6298 retransmission timeout with G = TCP_RTO_MIN (so RTO = SRTT + max(200 ms, 4*RTTVAR), as Linux), Karn backoff; no mdev_max windowing.
package ringlab.sim.tcp;

/** Times in ns. Samples must come only from never-retransmitted segments (the sender enforces Karn's rule). */
public final class RtoEstimator {
    private final long minRto, initRto, maxRto;
    private long srtt, rttvar;
    private int backoff;

    public RtoEstimator(TcpConfig cfg) {
        this.minRto = cfg.rtoMinNs;
        this.initRto = cfg.rtoInitNs;
        this.maxRto = cfg.rtoMaxNs;
    }

    /** RFC 6298 (2.2)/(2.3); a valid sample also ends the exponential backoff (RFC 6298 5.7 / Linux). */
    public void sample(long r) {
        if (r <= 0) r = 1;
        if (srtt == 0) {
            srtt = r;
            rttvar = r / 2;
        } else {
            long err = srtt > r ? srtt - r : r - srtt;
            rttvar = (3 * rttvar + err) / 4;
            srtt = (7 * srtt + r) / 8;
        }
        backoff = 0;
    }

    /** RTO before backoff. */
    public long baseRto() {
        if (srtt == 0) return initRto;
        long r = srtt + Math.max(minRto, 4 * rttvar);
        return Math.min(Math.max(r, minRto), maxRto);
    }

    /** Current RTO including exponential backoff, capped at TCP_RTO_MAX. */
    public long rto() {
        long r = baseRto();
        for (int i = 0; i < backoff && r < maxRto; i++) r <<= 1;
        return Math.min(r, maxRto);
    }

    public void backoff() { if (backoff < 30) backoff++; }

    public int backoffCount() { return backoff; }

    /** Smoothed RTT, ns (0 = no sample yet). */
    public long srtt() { return srtt; }

    public long rttvar() { return rttvar; }

    public long maxRto() { return maxRto; }
}
