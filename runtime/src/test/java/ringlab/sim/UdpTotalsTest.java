package ringlab.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import ringlab.sim.report.EndStream;
import ringlab.sim.report.RunReport;
import ringlab.sim.report.Totals;
import ringlab.sim.report.format.IperfTextFormatter;

/**
 * UDP end totals as iperf3 3.12 computes them: the sender's side has only the datagrams it sent; the receiver's
 * total is its packet count (the highest sequence number it saw), lost the gaps below that, its bytes what
 * arrived, and the loss percentage lost over the sender's count. A datagram still in flight when the test ends
 * is neither received nor lost (a real loopback run, -u -b 0 -l 64: sender 682140 packets; sum_received
 * packets 682097, lost 83167, bytes 38331520 = 64 x (682097 - 83167), lost_percent 100 x 83167 / 682140).
 */
class UdpTotalsTest {

    @ParameterizedTest
    @ValueSource(strings = {"-u -b 100M -l 1470 -t 2", "-u -b 20M -l 1000 -t 2 -R", "-u -b 20M -l 1000 -t 2 --bidir",
            "-u -b 20M -l 1000 -k 1"})
    void receiverTotalsCountWhatArrivedAndTheGapsBelowIt(String iperf) {
        RunReport r = RunInvariantsTest.sim(iperf, 3).run();
        int len = r.options.length();
        for (EndStream e : r.end.streams) {
            Totals sent = e.sent, rcvd = e.received;
            assertEquals(sent.packets * len, sent.bytes, "whole datagrams sent");
            assertEquals((rcvd.packets - rcvd.lostPackets) * len, rcvd.bytes, "bytes are the datagrams counted as arrived");
            assertTrue(rcvd.packets <= sent.packets, "the receiver counts no datagram it has not seen");
            assertEquals(sent.packets > 0 ? 100.0 * rcvd.lostPackets / sent.packets : 0, rcvd.lostPercent, 1e-12);
            assertEquals(0, sent.lostPackets);
            assertEquals(0, sent.jitterMs);
        }
        assertEquals(r.end.sumReceived.packets, r.end.streams.stream().filter(e -> e.sender == !r.options.reverse())
                .mapToLong(e -> e.received.packets).sum());
    }

    /** -k 1: the one datagram is still on its way when the sender ends the test: nothing arrived, nothing lost. */
    @ParameterizedTest
    @ValueSource(strings = {"-u -k 1"})
    void aDatagramInFlightAtTheEndIsNotCountedAsReceived(String iperf) {
        RunReport r = RunInvariantsTest.sim(iperf, 3).run();
        Totals rcvd = r.end.sumReceived;
        if (rcvd.bytes == 0) {
            assertEquals(0, rcvd.packets);
            String text = IperfTextFormatter.formatIperf(r);
            assertTrue(text.contains("0.00 Bytes  0.00 bits/sec  0.000 ms  0/0 (0%)  receiver"), text);
        } else {
            assertEquals(1, rcvd.packets);
        }
        assertEquals(1, r.end.sumSent.packets);
    }

    /** The [SUM] receiver jitter is the streams' mean, as iperf_print_results divides avg_jitter by their number (it was their maximum). */
    @org.junit.jupiter.api.Test
    void theSumsJitterIsTheStreamsMean() {
        RunReport r = RunInvariantsTest.sim("-u -b 50M -l 1000 -t 2 -P 3", 3).run();
        double mean = r.end.streams.stream().mapToDouble(e -> e.received.jitterMs).average().orElseThrow();
        double max = r.end.streams.stream().mapToDouble(e -> e.received.jitterMs).max().orElseThrow();
        assertEquals(mean, r.end.sumReceived.jitterMs, 1e-12);
        assertTrue(max > mean, "the streams' jitters differ, so the test tells a mean from the maximum: " + max + " vs " + mean);
    }
}
