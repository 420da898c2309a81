package ringlab.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import ringlab.sim.engine.Sim;
import ringlab.sim.report.Interval;
import ringlab.sim.report.RunReport;
import ringlab.sim.report.format.IperfJsonFormatter;

/**
 * -n/-k end the test when the sending side has sent that much (whole -l blocks, as iperf3 3.12 writes them):
 * the run stops at the event that sent the last byte, its seconds are the time until then, and stepping to
 * the end reports what one run does.
 */
class DataEndTest {

    @ParameterizedTest
    @CsvSource({"-n 1000000 -P 2,1048576", "-n 1000000 -R,1048576", "-k 3 -l 64K,196608",
            "-u -b 20M -l 1000 -k 50,50000", "-u -b 20M -l 1000 -n 49500 -R,50000"})
    void theTestEndsWhenTheSenderHasSentTheCount(String iperf, long expected) {
        Simulation s = RunInvariantsTest.sim(iperf, 4);
        RunReport r = s.run();
        assertTrue(s.finished());
        assertEquals(expected, r.end.sumSent.bytes, "-n rounded up to whole blocks, -k blocks x -l");
        long streamSent = 0;
        for (var st : s.streams) streamSent += st.bytesSent;
        assertEquals(expected, streamSent, "nothing is written after the count is reached");
        double secs = (s.now() - s.startNs) / (double) Sim.SEC;
        assertTrue(secs < 2, "a short transfer at up to 100 Mbit/s, not a -t run: " + secs);
        assertEquals(secs, r.end.sumSent.seconds, 1e-12, "the end is when the last byte was sent");
        Interval last = r.intervals.get(r.intervals.size() - 1);
        assertEquals(secs, last.end, 1e-12, "the last interval is a partial one up to the end");
        long intervalBytes = r.intervals.stream().mapToLong(i -> i.sum.bytes).sum();
        boolean deviceSends = iperf.contains("-R");
        assertEquals(deviceSends ? r.end.sumReceived.bytes : expected, intervalBytes);
        var l = s.ledger();
        assertEquals(l.sentCount(), l.deliveredCount() + l.droppedCount() + l.inFlight());
    }

    @Test
    void withBidirEachSideSendsTheCount() {
        Simulation s = RunInvariantsTest.sim("--bidir -n 1000000", 4);
        RunReport r = s.run();
        assertEquals(1048576, r.end.sumSent.bytes, "the client's streams");
        assertEquals(1048576, r.end.sumSentBidirReverse.bytes, "the device's streams, as iperf3 3.12 on loopback");
        assertTrue(s.now() < 2_000_000_000L);
        assertEquals(1048576 * 2, s.streams.get(0).bytesSent + s.streams.get(1).bytesSent);
    }

    @Test
    void steppingStopsAtTheEndAndReportsWhatRunDoes() {
        String whole = IperfJsonFormatter.format(RunInvariantsTest.sim("-n 2M -M 512", 5).run(), java.time.Instant.EPOCH);
        Simulation s = RunInvariantsTest.sim("-n 2M -M 512", 5);
        long end = s.endNanos();
        assertEquals(s.startNs + RunSpan.DATA_CAP_SEC * Sim.SEC, end, "the cap of a data-limited run");
        long steps = 0;
        for (long t = 0; !s.finished(); t = Math.min(t + 77_777_777L, end)) {
            assertThrows(IllegalStateException.class, s::report);
            s.advanceTo(t);
            steps++;
        }
        assertTrue(s.now() < 1_000_000_000L * 2 && steps < 40, "ended early, at " + s.now());
        long at = s.now();
        s.advanceTo(at + 1_000_000_000L);
        assertEquals(at, s.now(), "nothing runs after the end");
        assertEquals(whole, IperfJsonFormatter.format(s.report(), java.time.Instant.EPOCH));
    }

    @Test
    void aRunThatCannotSendItsDataIsCappedAndRefused() {
        // 8 bit/s: one 1000-byte datagram per 1000 s; the cap ends the run long before a gigabyte
        Simulation s = RunInvariantsTest.sim("-u -b 8 -l 1000 -n 1G", 4);
        s.advanceTo(s.endNanos());
        assertTrue(s.finished());
        IllegalStateException e = assertThrows(IllegalStateException.class, s::report);
        assertEquals("-n 1073741824: the data was not sent within the 3600 virtual seconds a data-limited run "
                + "may last; use -t, or fewer bytes", e.getMessage());
    }

    @Test
    void aTimedRunIsNotFinishedBeforeItsEnd() {
        Simulation s = RunInvariantsTest.sim("-t 2", 4);
        s.advanceTo(s.endNanos() - 1);
        assertFalse(s.finished());
        s.advanceTo(s.endNanos());
        assertTrue(s.finished());
    }
}
