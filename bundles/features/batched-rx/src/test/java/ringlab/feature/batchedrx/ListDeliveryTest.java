/** Unit tests of ListDelivery: the poll's packets are held until flush, then delivered in order, cold only at a sublist start. */
package ringlab.feature.batchedrx;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import ringlab.spi.driver.Exec;
import ringlab.spi.driver.RxStack;
import ringlab.spi.net.Packet;
import ringlab.testkit.RecordingExec;

class ListDeliveryTest {
    static final Exec X = new RecordingExec();

    /** Records (serial, cold) per receive; checks the list link is cleared before the stack sees it. */
    static final class Recorder implements RxStack {
        final List<String> got = new ArrayList<>();

        @Override public void receive(Exec x, Packet p, boolean cold) {
            assertNull(p.next, "the stack gets a detached packet");
            got.add(p.serial + (cold ? "c" : "w"));
        }
    }

    static Packet pkt(long serial, int proto) {
        Packet p = new Packet();
        p.serial = serial;
        p.proto = proto;
        return p;
    }

    @Test
    void holdsUntilFlushThenFirstColdRestWarm() {
        ListDelivery d = new ListDelivery();
        Recorder s = new Recorder();
        for (int i = 1; i <= 5; i++) d.deliver(X, pkt(i, Packet.TCP), s);
        assertEquals(5, d.held());
        assertEquals(List.of(), s.got);
        d.flush(X, s);
        assertEquals(0, d.held());
        assertEquals(List.of("1c", "2w", "3w", "4w", "5w"), s.got);
        d.flush(X, s); // nothing left
        assertEquals(5, s.got.size());
    }

    @Test
    void aProtocolChangeStartsAColdSublist() {
        ListDelivery d = new ListDelivery();
        Recorder s = new Recorder();
        int[] protos = {Packet.TCP, Packet.TCP, Packet.UDP, Packet.UDP, Packet.TCP, Packet.ICMP};
        for (int i = 0; i < protos.length; i++) d.deliver(X, pkt(i + 1, protos[i]), s);
        d.flush(X, s);
        assertEquals(List.of("1c", "2w", "3c", "4w", "5c", "6c"), s.got);
        assertEquals(4L, d.counters().get("rx_sublists"));
        assertEquals(1L, d.counters().get("rx_list_calls"));
    }

    @Test
    void eachPollIsItsOwnBatch() {
        ListDelivery d = new ListDelivery();
        Recorder s = new Recorder();
        d.deliver(X, pkt(1, Packet.TCP), s);
        d.flush(X, s);
        d.deliver(X, pkt(2, Packet.TCP), s);
        d.flush(X, s);
        assertEquals(List.of("1c", "2c"), s.got, "one packet per poll: every packet cold, as without the feature");
    }
}
