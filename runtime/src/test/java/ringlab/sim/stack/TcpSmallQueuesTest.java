package ringlab.sim.stack;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The remembered TSQ limit is the computed one whatever the order and repetition of its inputs. */
class TcpSmallQueuesTest {

    @Test
    void theRememberedLimitIsAlwaysTheComputedOne() {
        SplittableRandom r = new SplittableRandom(7);
        for (int mss : new int[] {512, 1448, 8948}) {
            TcpSmallQueues.Limit memo = new TcpSmallQueues.Limit(mss);
            long srtt = 0;
            int cwnd = 10, ssthresh = Integer.MAX_VALUE;
            for (int i = 0; i < 20_000; i++) {
                // each input changes now and then, as on an ACK: often none, sometimes one, sometimes all
                switch (r.nextInt(6)) {
                    case 0 -> srtt = r.nextInt(3) == 0 ? 0 : r.nextLong(1_000, 500_000_000L);
                    case 1 -> cwnd = r.nextInt(1, 3000);
                    case 2 -> ssthresh = r.nextBoolean() ? Integer.MAX_VALUE : r.nextInt(2, 3000);
                    case 3 -> { srtt = r.nextLong(1_000, 50_000_000L); cwnd = r.nextInt(1, 3000); ssthresh = cwnd; }
                    default -> { }
                }
                assertEquals(TcpSmallQueues.limit(mss, srtt, cwnd, ssthresh), memo.get(srtt, cwnd, ssthresh),
                        "mss " + mss + " srtt " + srtt + " cwnd " + cwnd + " ssthresh " + ssthresh);
            }
        }
    }

    @Test
    void theLimitFollowsThePacingRateBetweenTwoSkbsAndOneMegabyte() {
        // no RTT sample yet: tcp_limit_output_bytes
        assertEquals(TcpSmallQueues.TCP_LIMIT_OUTPUT_BYTES, TcpSmallQueues.limit(1448, 0, 10, Integer.MAX_VALUE));
        // slow start, 100 segments of 1448 B in 1 ms: 144.8 MB/s x 200 % >> 10 = 282,812 bytes
        assertEquals(282_812, TcpSmallQueues.limit(1448, 1_000_000, 100, Integer.MAX_VALUE));
        // after slow start the ratio is 120 %: 169,687 bytes
        assertEquals(169_687, TcpSmallQueues.limit(1448, 1_000_000, 100, 50));
        // a tiny window over a long RTT: at least two full-sized skbs (2 x (1448 + 54 + 576))
        assertEquals(2 * (1448 + 54 + 576), TcpSmallQueues.limit(1448, 100_000_000, 2, 1));
    }
}
