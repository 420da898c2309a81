// One tcp_recvmsg call as the kernel makes it: the socket owned by the reader (segments to the backlog) and one tcp_cleanup_rbuf at the end.
package ringlab.sim.tcp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import ringlab.spi.net.Packet;

class TcpRecvmsgTest {
    static final int MSS = 1448;

    /** A receiver with n full segments queued and every ACK they caused cleared. */
    private static TcpConnection withQueued(TcpUnitTest.FakeHost h, int n) {
        TcpConnection c = new TcpConnection(h, new TcpConfig(), 1, 1, 2, 2);
        long seq = c.rcvNxt();
        for (int i = 0; i < n; i++) {
            Packet s = h.seg(seq, MSS, 0, 64240);
            assertFalse(c.addBacklog(s), "not owned: processed at once");
            c.input(s);
            seq += MSS;
        }
        h.clearOut();
        return c;
    }

    @Test
    void aCallThatReadsManySegmentsUpdatesTheWindowOnceAtItsEnd() {
        TcpUnitTest.FakeHost h = new TcpUnitTest.FakeHost();
        TcpConnection c = withQueued(h, 20);
        c.lockSock();
        int copied = 0;
        while (c.readableBytes() > 0) copied += c.readPart(MSS, null);
        assertEquals(20 * MSS, copied);
        assertEquals(0, h.out.size(), "tcp_cleanup_rbuf runs once, after the loop: no ACK while copying");
        c.endRead(copied);
        c.releaseSock();
        assertEquals(1, h.out.size(), "the one window update (or pending ACK) of the call");

        TcpUnitTest.FakeHost each = new TcpUnitTest.FakeHost();
        TcpConnection d = withQueued(each, 20);
        while (d.readableBytes() > 0) d.read(MSS, null); // a call per segment: a cleanup each
        assertTrue(each.out.size() >= 1, "reads of one segment each may each ACK");
    }

    @Test
    void segmentsThatArriveWhileTheReaderOwnsTheSocketWaitInTheBacklog() {
        TcpUnitTest.FakeHost h = new TcpUnitTest.FakeHost();
        TcpConnection c = withQueued(h, 2);
        long next = c.rcvNxt();
        c.lockSock();
        c.readPart(MSS, null);
        Packet late = h.seg(next, MSS, 0, 64240);
        assertTrue(c.addBacklog(late), "owned by the reader: tcp_add_backlog");
        assertTrue(c.hasBacklog());
        assertEquals(next, c.rcvNxt(), "not processed yet");
        assertEquals(0, h.out.size(), "no ACK from the softirq for it");
        c.readPart(MSS, null);
        assertEquals(0, c.readableBytes());
        c.flushBacklog(); // __sk_flush_backlog when the queue is used up
        assertFalse(c.hasBacklog());
        assertEquals(next + MSS, c.rcvNxt());
        assertEquals(MSS, c.readableBytes(), "the call goes on copying it");
        c.readPart(MSS, null);
        c.endRead(3 * MSS);
        c.releaseSock();
        assertFalse(c.addBacklog(h.seg(next + MSS, MSS, 0, 64240)), "released: the softirq processes it again");
    }
}
