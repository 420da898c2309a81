package ringlab.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import ringlab.sim.report.RunReport;
import ringlab.sim.report.SimStatus;
import ringlab.sim.workload.IperfArgs;

/**
 * Whole-run invariants on a CPU-bound board: every packet sent is delivered or counted in exactly one
 * drop counter (the rest is provably in a queue), TCP delivers the byte stream intact through ring
 * overflow drops, CPU time adds up, the same seed gives the same result, and the status shows the run.
 */
class RunInvariantsTest {
    /** iperf3's start time pinned, as `ringlab run --timestamp`: the output is byte-identical between runs. */
    private static final java.time.Instant PINNED = java.time.Instant.ofEpochSecond(1_796_302_620L);


    static Simulation sim(String iperf, long seed) {
        Scenario sc = Scenario.builder(LivelockTest.board("5.15"))
                .iperf(IperfArgs.parse(List.of(iperf.split(" ")))).seed(seed).build();
        return new Simulation(sc);
    }

    @ParameterizedTest
    @ValueSource(strings = {"-t 3", "-t 3 -R", "-t 3 -M 512 -P 2", "-u -b 100M -l 1470 -t 3", "-u -b 20M -t 3 -R"})
    void accountingHoldsAndTheStreamIsIntact(String iperf) {
        Simulation s = sim(iperf, 3);
        RunReport r = s.run();
        var l = s.ledger();
        assertTrue(l.sentCount() > 1000, "traffic flowed");
        assertEquals(l.sentCount(), l.deliveredCount() + l.droppedCount() + l.inFlight());
        assertEquals(l.inFlight(), s.queuedPackets(), "what is neither delivered nor dropped is in a queue");
        assertEquals(0L, r.ringlab.streamIntegrityErrors());
        long cpuNs = 0;
        for (var c : ringlab.sim.cpu.Ctx.values()) cpuNs += s.cpu.core(0).ctxNs(c);
        assertEquals(s.sim.now(), cpuNs);
    }

    @ParameterizedTest
    @ValueSource(strings = {"-t 3", "-u -b 100M -l 1470 -t 2"})
    void sameSeedSameResultOtherSeedOtherDetail(String iperf) {
        String a = describe(sim(iperf, 11).run()), b = describe(sim(iperf, 11).run()), c = describe(sim(iperf, 12).run());
        assertEquals(a, b);
        assertTrue(!a.equals(c), "the seed changes ports and start times");
    }

    @ParameterizedTest
    @ValueSource(strings = {"-t 3 -M 512", "-u -b 100M -l 1470 -t 2 -R"})
    void advancingInStepsToTheEndReportsWhatRunDoes(String iperf) {
        String whole = ringlab.sim.report.format.IperfJsonFormatter.format(sim(iperf, 5).run(), PINNED);
        Simulation s = sim(iperf, 5);
        for (long t = 0; t < s.endNanos(); t = Math.min(t + 77_777_777L, s.endNanos())) s.advanceTo(t);
        s.advanceTo(s.endNanos());
        assertEquals(whole, ringlab.sim.report.format.IperfJsonFormatter.format(s.report(), PINNED), "the node's experiments step; the CLI runs");
    }

    @Test
    void statusNestsTheReportsDeviceDetail() {
        Simulation s = sim("-t 2", 3);
        RunReport r = s.run();
        SimStatus st = s.status();
        assertEquals(r.ringlab, st.device(), "nothing ran between the report and the status");
        assertEquals(s.sim.now(), st.virtualNs());
        assertEquals(s.events(), st.events());
        assertTrue(st.receiverBitsPerSecond() > 1e6, "goodput over the last interval: " + st.receiverBitsPerSecond());
        assertEquals(r.ringlab.accounting().sent(), s.ledger().sentCount());
        assertEquals(List.of("irq", "soft", "soft_ksoftirqd", "kthread", "usr", "sys", "idle"), List.copyOf(st.cpuNs().keySet()));
        assertEquals(s.sim.now() * s.cpu.cores(), st.cpuNs().values().stream().mapToLong(Long::longValue).sum()
                - st.cpuNs().get("soft_ksoftirqd"), "the CPU totals add up to the elapsed time of all cores (soft_ksoftirqd is part of soft)");
        assertEquals(st.device().cpuPercent().soft(), 100.0 * st.cpuNs().get("soft") / (s.sim.now() * s.cpu.cores()), 1e-9);
        assertEquals(st.device().cpuPercent().softKsoftirqd(),
                100.0 * st.cpuNs().get("soft_ksoftirqd") / (s.sim.now() * s.cpu.cores()), 1e-9);
    }

    static String describe(RunReport r) {
        StringBuilder sb = new StringBuilder();
        r.intervals.forEach(i -> sb.append(i.sum.bytes).append(',').append(i.sum.retransmits).append(';'));
        sb.append(r.end.sumReceived.bytes).append(r.ringlab);
        r.streams.forEach(st -> sb.append(st.localPort));
        return sb.toString();
    }
}
