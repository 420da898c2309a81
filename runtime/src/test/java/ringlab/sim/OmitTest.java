package ringlab.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import ringlab.sim.report.Interval;
import ringlab.sim.report.RunReport;

/**
 * -O N as iperf3 runs it: N + t seconds of traffic, the first N reported as omitted intervals timed from 0,
 * then the times restart at 0 and the end totals cover only the t measured seconds.
 */
class OmitTest {

    @ParameterizedTest
    @ValueSource(strings = {"-O 2 -t 3", "-O 2 -t 3 -R", "-O 2 -t 3 -u -b 20M"})
    void omitTwoDropsTheFirstTwoIntervalsFromTheTotals(String iperf) {
        Simulation s = RunInvariantsTest.sim(iperf, 7);
        RunReport r = s.run();
        assertEquals(5, r.intervals.size(), "2 omitted + 3 measured one-second intervals");
        for (int k = 0; k < 5; k++) {
            Interval iv = r.intervals.get(k);
            assertEquals(k < 2, iv.omitted, "interval " + k);
            double start = k < 2 ? k : k - 2;
            assertEquals(start, iv.start, 1e-9, "times restart at 0 after the omitted seconds");
            assertEquals(start + 1, iv.end, 1e-9);
        }
        assertEquals(1_000_000L + 5_000_000_000L, s.now(), "the test runs -O + -t seconds after setup");
        List<Interval> measured = r.intervals.subList(2, 5);
        long measuredBytes = measured.stream().mapToLong(i -> i.sum.bytes).sum();
        long allBytes = r.intervals.stream().mapToLong(i -> i.sum.bytes).sum();
        boolean deviceSends = iperf.contains("-R");
        long clientSide = deviceSends ? r.end.sumReceived.bytes : r.end.sumSent.bytes;
        assertEquals(measuredBytes, clientSide, "the totals are the sum of the 3 measured intervals");
        assertNotEquals(allBytes, clientSide, "and leave the omitted ones out");
        assertTrue(measured.stream().allMatch(i -> i.sum.bytes > 0));
        assertEquals(3.0, r.end.sumSent.seconds, 1e-9);
        if (!iperf.contains("-u")) {
            long retrans = measured.stream().mapToLong(i -> i.sum.retransmits).sum();
            assertEquals(retrans, r.end.sumSent.retransmits);
        } else {
            long packets = measured.stream().mapToLong(i -> i.sum.packets).sum();
            assertEquals(packets, r.end.sumSent.packets);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"-t 3"})
    void withoutOmitNothingIsOmittedAndTheTotalsAreEverything(String iperf) {
        RunReport r = RunInvariantsTest.sim(iperf, 7).run();
        assertFalse(r.intervals.stream().anyMatch(i -> i.omitted));
        assertEquals(r.intervals.stream().mapToLong(i -> i.sum.bytes).sum(), r.end.sumSent.bytes);
    }
}
