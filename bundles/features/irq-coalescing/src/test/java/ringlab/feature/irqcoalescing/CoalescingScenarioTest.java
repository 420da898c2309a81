package ringlab.feature.irqcoalescing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import ringlab.sim.Scenario;
import ringlab.sim.Simulation;
import ringlab.sim.report.PingSummary;
import ringlab.sim.report.RunReport;
import ringlab.sim.workload.IperfArgs;
import ringlab.spi.board.Board;
import ringlab.spi.board.Nic;
import ringlab.spi.board.IrqUnmask;
import ringlab.spi.feature.DriverFeature;
import ringlab.testkit.NicVariant;

/** The "done when" claims: fewer interrupts per packet under load, latency up to the timeout at light load. */
class CoalescingScenarioTest {
    static final List<DriverFeature> ON = List.of(new IrqCoalescingFeature()), OFF = List.of();

    static RunReport run(Board b, List<DriverFeature> f, long pingNs, Map<String, String> set, String... iperf) {
        Scenario.Builder sb = Scenario.builder(b).features(f).iperf(IperfArgs.parse(List.of(iperf))).pingIntervalNs(pingNs);
        set.forEach(sb::set);
        return new Simulation(sb.build()).run();
    }

    static RunReport udp(Board b, List<DriverFeature> f, Map<String, String> set, String rate) {
        return run(b, f, 0, set, "-u", "-b", rate, "-l", "1470", "-t", "2");
    }

    static double perPacket(RunReport r) { return r.ringlab.interrupts().nicPerPacket(); }

    static double allIrqs(RunReport r) { return r.ringlab.interrupts().nic().get("eth0") + r.ringlab.interrupts().timer(); }

    static double idle(RunReport r) { return r.ringlab.cpuPercent().idle(); }

    static PingSummary ping(RunReport r) { return r.ringlab.ping(); }

    @Test
    void softwareCoalescingRemovesDeviceInterruptsUnderLoad() {
        Board b = Boards.gbeth();
        RunReport light = udp(b, ON, Map.of(), "100M");
        RunReport offLoad = udp(b, OFF, Map.of(), "900M"), onLoad = udp(b, ON, Map.of(), "900M");
        assertEquals(1.0, perPacket(light), 0.01, "packets 118 us apart: every one still interrupts");
        assertTrue(perPacket(offLoad) > 0.9, "stock: an IRQ per packet at 900 Mbit/s: " + perPacket(offLoad));
        assertTrue(perPacket(onLoad) < 0.01, "deferred: the hrtimer polls instead: " + perPacket(onLoad));
        assertTrue(allIrqs(onLoad) < 0.5 * allIrqs(offLoad), "timer interrupts replace fewer device ones: "
                + allIrqs(onLoad) + " vs " + allIrqs(offLoad));
        assertTrue(idle(onLoad) > idle(offLoad) + 3, "the saved IRQs show as idle time");
        assertEquals(offLoad.end.sumReceived.bitsPerSecond, onLoad.end.sumReceived.bitsPerSecond, 1e6);
    }

    @Test
    void atLightLoadItCostsATimerInterruptPerPacket() {
        Board b = Boards.gbeth();
        RunReport off = udp(b, OFF, Map.of(), "100M"), on = udp(b, ON, Map.of(), "100M");
        assertTrue(allIrqs(on) > 1.8 * allIrqs(off), "an empty watchdog poll after each packet: " + allIrqs(on) + " vs " + allIrqs(off));
        assertTrue(idle(on) < idle(off));
    }

    @Test
    void latencyAtLightLoadGrowsByUpToTheTimeout() {
        Board b = Boards.gbeth();
        String[] light = {"-u", "-b", "10M", "-l", "1470", "-t", "2"};
        long pingNs = 1_013_000; // not a multiple of the load's packet spacing: pings land at every phase
        RunReport off = run(b, OFF, pingNs, Map.of(), light);
        for (long timeout : new long[] {20_000, 50_000}) {
            RunReport on = run(b, ON, pingNs, Map.of("gro_flush_timeout", Long.toString(timeout)), light);
            double grewP99 = ping(on).p99Ms() - ping(off).p99Ms();
            double grewMax = ping(on).maxMs() - ping(off).maxMs();
            assertTrue(grewP99 > 0.2 * timeout / 1e6, timeout + " ns: pings landing in a deferral window wait: +" + grewP99 + " ms");
            assertTrue(grewMax <= timeout / 1e6, timeout + " ns: by at most the timeout: +" + grewMax + " ms");
            assertEquals(ping(off).minMs(), ping(on).minMs(), 0.001, "a ping alone is not delayed");
        }
    }

    @Test
    void bcm63xxIgnoresTheAnswerSoSoftwareCoalescingChangesNothing() {
        Board bcm = Boards.bcm6328();
        // the same hardware with a driver that honours napi_complete_done (only nic.irqUnmask differs)
        Nic n = bcm.nic();
        Nic honours = NicVariant.of(n).irqUnmask(IrqUnmask.NAPI_COMPLETE_DONE).build();
        Board other = new Board("bcm6328-honouring", bcm.name(), bcm.soc(), honours, List.of(), bcm.costs(), "test", List.of());
        Map<String, String> t = Map.of("gro_flush_timeout", "100000"); // 100 us: longer than the 170 us spacing's gap
        RunReport bcmOff = udp(bcm, OFF, Map.of(), "70M"), bcmOn = udp(bcm, ON, t, "70M");
        RunReport otherOn = udp(other, ON, t, "70M");
        assertEquals(perPacket(bcmOff), perPacket(bcmOn), 0.02, "bcm63xx unmasks regardless: " + perPacket(bcmOff) + " vs " + perPacket(bcmOn));
        Map<String, Long> counters = bcmOn.ringlab.features().get("eth0").counters().get("irq-coalescing");
        assertTrue(counters.get("irq_deferred") > 1000, "napi_complete_done did answer false");
        assertTrue(perPacket(otherOn) < 0.5 * perPacket(bcmOn), "a driver that honours it takes fewer IRQs: "
                + perPacket(otherOn) + " vs " + perPacket(bcmOn));
    }

    @Test
    void nicModerationCutsInterruptsUnderLoadAndDelaysALonePacketByRxUsecs() {
        Board b = Boards.lan743x();
        Map<String, String> hw = Map.of("rx-usecs", "50");
        RunReport off = udp(b, OFF, Map.of(), "600M"), on = udp(b, ON, hw, "600M");
        assertTrue(perPacket(off) > 0.9);
        assertTrue(perPacket(on) < 0.4, "one IRQ per 50 us of frames: " + perPacket(on));
        RunReport frames = udp(b, ON, Map.of("rx-frames", "8", "rx-usecs", "1000"), "600M");
        assertTrue(perPacket(frames) < 0.15, "one IRQ per 8 frames: " + perPacket(frames));
        String[] light = {"-u", "-b", "10M", "-l", "1470", "-t", "2"};
        RunReport pOff = run(b, OFF, 1_013_000, Map.of(), light), pOn = run(b, ON, 1_013_000, hw, light);
        double grew = ping(pOn).p50Ms() - ping(pOff).p50Ms();
        assertEquals(0.050, grew, 0.005, "a lone frame waits rx-usecs for its interrupt: +" + grew + " ms");
    }

    @Test
    void hardwareModeNeedsNicModeration() {
        Board b = Boards.gbeth();
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> udp(b, ON, Map.of("rx-usecs", "50"), "10M"));
        assertEquals("feature 'irq-coalescing' cannot run on board test-gbeth: NIC ravb-gbeth has no interrupt moderation (rx-usecs/rx-frames)",
                e.getMessage());
    }
}
