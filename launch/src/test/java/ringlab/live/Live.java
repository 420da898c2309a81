package ringlab.live;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.TreeMap;
import ringlab.sim.Scenario;
import ringlab.sim.Simulation;
import ringlab.sim.board.ClasspathBoards;
import ringlab.sim.workload.IperfArgs;
import ringlab.sim.workload.StreamStats;
import ringlab.spi.board.Board;
import ringlab.spi.feature.DriverFeature;

/** Helpers for live-change tests: the class path's boards and features, a continuous run, the invariant checks. */
final class Live {
    private Live() { }

    static Map<String, DriverFeature> features() {
        Map<String, DriverFeature> m = new TreeMap<>();
        for (DriverFeature f : ServiceLoader.load(DriverFeature.class, Live.class.getClassLoader())) m.put(f.id(), f);
        return m;
    }

    static Board board(String id) { return ClasspathBoards.load(Live.class.getClassLoader()).get(id); }

    static List<DriverFeature> pick(Map<String, DriverFeature> all, String... ids) {
        List<DriverFeature> l = new ArrayList<>();
        for (String id : ids) l.add(all.get(id));
        return l;
    }

    static Simulation continuous(Board b, List<DriverFeature> features, long seed, String... iperf) {
        return new Simulation(Scenario.builder(b).features(features).iperf(IperfArgs.parse(List.of(iperf)))
                .seed(seed).continuous(true).build());
    }

    /** sent = delivered + dropped + in flight, and what is in flight is in some queue right now. */
    static void assertAccounting(Simulation s, String when) {
        var l = s.ledger();
        assertEquals(l.sentCount(), l.deliveredCount() + l.droppedCount() + l.inFlight(), when);
        assertEquals(l.inFlight(), s.queuedPackets(), "in flight = queued, " + when);
        long errors = 0;
        for (StreamStats st : s.streams()) errors += st.streamErrors;
        assertEquals(0, errors, "stream_integrity_errors, " + when);
    }

    static long received(Simulation s) {
        long n = 0;
        for (StreamStats st : s.streams()) n += st.bytesReceived;
        return n;
    }
}
