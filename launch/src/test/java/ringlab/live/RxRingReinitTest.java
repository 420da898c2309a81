package ringlab.live;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import ringlab.sim.Simulation;
import ringlab.spi.board.Board;
import ringlab.spi.feature.DriverFeature;

/**
 * Buffer-layout features switched during a bcm6328 -M 512 run re-initialise the rx ring (drain, free by
 * the posting scheme, refill); live-switchable ones do not; packets are never lost silently and TCP recovers.
 */
class RxRingReinitTest {
    static final long MS = 1_000_000L;
    final Map<String, DriverFeature> all = Live.features();
    final Board bcm = Live.board("bcm6328");

    static long reinits(Simulation s) {
        return s.status().device().ports().get(0).rxRingReinits();
    }

    /** Goodput in bit/s over [from, to) of virtual time (advances the run). */
    static double goodput(Simulation s, long from, long to) {
        s.advanceTo(from);
        long a = Live.received(s);
        s.advanceTo(to);
        return (Live.received(s) - a) * 8e9 / (to - from);
    }

    @Test
    void bufferSchemeChangesReinitialiseTheRingAndTcpRecovers() {
        List<DriverFeature> base = Live.pick(all, "batched-rx", "ip-align");
        List<DriverFeature> withBuild = Live.pick(all, "batched-rx", "ip-align", "build-skb");
        List<DriverFeature> withPool = Live.pick(all, "batched-rx", "ip-align", "build-skb", "page-pool");
        Simulation s = Live.continuous(bcm, base, 1, "-M", "512");
        double before = goodput(s, 2000 * MS, 3000 * MS);
        long t = 3000 * MS;
        List<List<DriverFeature>> steps = List.of(withBuild, base, withBuild, withPool, withBuild, withPool, base);
        long expected = 0;
        for (List<DriverFeature> f : steps) {
            s.setFeatures(f);
            s.advanceTo(t += 2 * MS); // the next poll installs it
            expected++;
            assertEquals(expected, reinits(s), "each buffer scheme change re-initialises the ring once: " + f);
            Live.assertAccounting(s, "after switching to " + f);
            s.advanceTo(t += 300 * MS);
            Live.assertAccounting(s, "300 ms after switching to " + f);
        }
        double after = goodput(s, t + 1000 * MS, t + 2000 * MS);
        System.out.printf("ring re-init x%d: goodput %.1f Mbit/s before, %.1f after; drops %s%n",
                reinits(s), before / 1e6, after / 1e6, s.ledger().dropsByReason());
        assertTrue(after > 0.95 * before, "throughput recovers: " + after + " vs " + before);
    }

    @Test
    void liveSwitchableFeaturesLeaveTheRingAlone() {
        Simulation s = Live.continuous(bcm, Live.pick(all, "build-skb", "page-pool"), 1, "-M", "512");
        long t = 500 * MS;
        s.advanceTo(t);
        for (String id : List.of("batched-rx", "bql", "xmit-more", "irq-coalescing", "threaded-napi")) {
            s.setFeatures(Live.pick(all, "build-skb", "page-pool", id));
            s.advanceTo(t += 50 * MS);
            Live.assertAccounting(s, id);
        }
        s.setFeatures(Live.pick(all, "build-skb", "page-pool", "gro"));
        s.advanceTo(t += 50 * MS);
        Live.assertAccounting(s, "gro");
        assertEquals(0, reinits(s), "same buffer scheme and layout: no re-initialisation");
        assertEquals(0L, s.ledger().dropsByReason().getOrDefault("rx_reinit_drops", 0L));
    }

    @Test
    void aLayoutChangeAloneReinitialisesTheRing() {
        Simulation s = Live.continuous(bcm, Live.pick(all, "batched-rx"), 1, "-M", "512");
        s.advanceTo(500 * MS);
        // each change is applied at the driver's next poll boundary: 20 ms leaves room for one however the flow runs
        s.setFeatures(Live.pick(all, "batched-rx", "ip-align")); // stock buffers, NET_IP_ALIGN headroom
        s.advanceTo(520 * MS);
        assertEquals(1, reinits(s));
        s.setFeatures(Live.pick(all, "batched-rx", "ip-align", "mtu-rx-buffers")); // buffer size and sync mode
        s.advanceTo(540 * MS);
        assertEquals(2, reinits(s));
        Live.assertAccounting(s, "after the layout changes");
    }

    @Test
    void threadedNapiKeepsOneThreadAcrossReinstalls() {
        Simulation s = Live.continuous(bcm, Live.pick(all, "threaded-napi"), 1, "-M", "512");
        long t = 100 * MS;
        s.advanceTo(t);
        for (int i = 0; i < 20; i++) {
            s.setFeatures(i % 3 == 2 ? Live.pick(all, "batched-rx") : Live.pick(all, "threaded-napi", i % 2 == 0 ? "bql" : "batched-rx"));
            s.advanceTo(t += 20 * MS);
            Live.assertAccounting(s, "reinstall " + i);
        }
        assertEquals(1, s.cpu().kthreads().size(), "one napi thread, reused: " + s.cpu().kthreads());
        long polls = s.cpu().kthreads().get(0).runNs();
        s.setFeatures(Live.pick(all, "threaded-napi"));
        s.advanceTo(t += 100 * MS);
        assertTrue(s.cpu().kthreads().get(0).runNs() > polls, "the reused thread polls");
    }
}
