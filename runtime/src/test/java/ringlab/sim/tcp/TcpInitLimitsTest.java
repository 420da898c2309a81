package ringlab.sim.tcp;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class TcpInitLimitsTest {
    @Test
    void aSmallRouterGetsAFractionOfItsRamABoardWithAGigabyteTheCaps() {
        TcpConfig router = new TcpConfig();
        TcpInitLimits.apply(router, 64L << 20);
        assertEquals(458_752, router.rmemMax, "7/8 of 64 MB / 128");
        assertEquals(458_752, router.wmemMax);
        TcpConfig big = new TcpConfig();
        TcpInitLimits.apply(big, 1L << 30);
        assertEquals(6 << 20, big.rmemMax);
        assertEquals(4 << 20, big.wmemMax);
    }

    @Test
    void theFloorsAndABoardThatDoesNotSay() {
        TcpConfig tiny = new TcpConfig();
        TcpInitLimits.apply(tiny, 8L << 20);
        assertEquals(128 << 10, tiny.rmemMax, "tcp_rmem[2] at least 128 KB");
        assertEquals(64 << 10, tiny.wmemMax, "tcp_wmem[2] at least 64 KB");
        TcpConfig unsaid = new TcpConfig();
        TcpInitLimits.apply(unsaid, 0);
        assertEquals(new TcpConfig().rmemMax, unsaid.rmemMax);
        assertEquals(new TcpConfig().wmemMax, unsaid.wmemMax);
    }
}
