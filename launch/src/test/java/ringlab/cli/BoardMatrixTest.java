package ringlab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import ringlab.sim.Scenario;
import ringlab.sim.Simulation;
import ringlab.sim.feature.FeatureResolver;
import ringlab.sim.report.Accounting;
import ringlab.sim.report.RunReport;
import ringlab.sim.report.format.IperfJsonFormatter;
import ringlab.sim.workload.IperfArgs;
import ringlab.spi.board.Board;
import ringlab.spi.feature.DriverFeature;

/**
 * Every board on the CLI class path runs TCP and UDP, receive and transmit, in its stock form and with
 * each further installed feature: deterministically (same seed, identical report text) and with the
 * accounting invariant (sent == delivered + dropped + in_flight). The combinations the resolver refuses
 * are listed in {@link #REFUSED} with the reason it must give, and asserted to be refused with it; every
 * other combination must run. Nothing is skipped: a feature that throws (UnsupportedOperationException
 * included) fails its rows, a listed refusal that is accepted fails, a refusal that is not listed fails.
 */
class BoardMatrixTest {
    /** iperf3's start time pinned, as `ringlab run --timestamp`: the output is byte-identical between runs. */
    private static final java.time.Instant PINNED = java.time.Instant.ofEpochSecond(1_796_302_620L);

    static final String[] TRAFFIC = {"tcp-rx", "tcp-tx", "udp-rx", "udp-tx"};

    static final String NO_UNALIGNED_DMA = "cannot run on board %s: the NIC cannot DMA to a 2-byte padded start";
    static final String GRO_CONFLICT = "feature 'gro' conflicts with 'batched-rx' on board %s";

    /**
     * "board feature" -> what the refusal says (%s is the board): ip-align needs a NIC that can start rx
     * DMA at a 2-byte pad; batched-rx and gro both take the poll's packets, and these boards have gro in
     * their stock set.
     */
    static final Map<String, String> REFUSED = refused(
            NO_UNALIGNED_DMA, "ip-align", List.of("bcm6333", "rcar-m3n", "rzfive", "rzg2h", "rzg2l", "rzg2ul", "rzg3s"),
            GRO_CONFLICT, "batched-rx", List.of("imx6qp-lan7430", "imx8mq-lan7430", "x86-lan7430", "rcar-m3n", "rzfive",
                    "rzg2h", "rzg2l", "rzg2ul", "rzg3s"));

    static Map<String, String> refused(String reasonA, String featureA, List<String> boardsA,
            String reasonB, String featureB, List<String> boardsB) {
        Map<String, String> m = new TreeMap<>();
        for (String b : boardsA) m.put(b + " " + featureA, String.format(reasonA, b));
        for (String b : boardsB) m.put(b + " " + featureB, String.format(reasonB, b));
        return m;
    }

    static Map<String, Board> boards() { return Catalog.boards(); }

    static List<String> iperf(Board b, String traffic, int seconds) {
        List<String> a = new ArrayList<>(List.of("-t", Integer.toString(seconds)));
        if (traffic.startsWith("udp")) a.addAll(List.of("-u", "-b", Long.toString(b.nic().linkBitsPerSecond()), "-l", "1470"));
        if (traffic.endsWith("tx")) a.add("-R");
        return a;
    }

    static RunReport run(Board b, List<DriverFeature> fs, List<String> iperf) {
        return new Simulation(Scenario.builder(b).features(fs).iperf(IperfArgs.parse(iperf)).build()).run();
    }

    static void assertAccounting(String row, RunReport r) {
        Accounting a = r.ringlab.accounting();
        long sent = a.sent();
        long sum = a.delivered() + a.dropped() + a.inFlight();
        assertEquals(sent, sum, row + ": sent == delivered + dropped + in_flight " + a);
        assertTrue(sent > 0, row + ": nothing sent");
        assertTrue(r.end.sumReceived.bitsPerSecond > 0, row + ": nothing received");
    }

    static Stream<Arguments> stockRows() {
        List<Arguments> rows = new ArrayList<>();
        for (Board b : boards().values()) for (String t : TRAFFIC) rows.add(Arguments.of(b.id(), t));
        return rows.stream();
    }

    @ParameterizedTest(name = "{0} {1} stock")
    @MethodSource("stockRows")
    void stockRunsDeterministicallyWithTheLedgerBalanced(String id, String traffic) {
        Board b = boards().get(id);
        List<DriverFeature> fs = FeatureResolver.resolve("stock", b, Catalog.features());
        RunReport r1 = run(b, fs, iperf(b, traffic, 5));
        RunReport r2 = run(b, fs, iperf(b, traffic, 5));
        assertEquals(IperfJsonFormatter.format(r1, PINNED), IperfJsonFormatter.format(r2, PINNED), id + " " + traffic + ": same seed, same report");
        assertAccounting(id + " " + traffic, r1);
    }

    /** Every board with every installed feature beyond its stock set: "board feature". */
    static List<String> combinations() {
        List<String> l = new ArrayList<>();
        for (Board b : boards().values()) {
            for (DriverFeature f : Catalog.features().values()) if (!b.stockFeatures().contains(f.id())) l.add(b.id() + " " + f.id());
        }
        return l;
    }

    static Stream<Arguments> featureRows() {
        List<Arguments> rows = new ArrayList<>();
        for (String c : combinations()) {
            if (REFUSED.containsKey(c)) continue;
            String[] bf = c.split(" ");
            for (String t : TRAFFIC) rows.add(Arguments.of(bf[0], bf[1], t));
        }
        return rows.stream();
    }

    @ParameterizedTest(name = "{0} {2} stock + {1}")
    @MethodSource("featureRows")
    void everyAcceptedFeatureRuns(String id, String feature, String traffic) {
        Board b = boards().get(id);
        List<DriverFeature> fs = FeatureResolver.resolve(withRequirements(b, feature), b, Catalog.features());
        RunReport r = run(b, fs, iperf(b, traffic, 3));
        assertAccounting(id + " " + traffic + " +" + feature, r);
        assertEquals(IperfJsonFormatter.format(r, PINNED), IperfJsonFormatter.format(run(b, fs, iperf(b, traffic, 3)), PINNED),
                id + " " + traffic + " +" + feature + ": same seed, same report");
    }

    static Stream<Arguments> refusedRows() {
        return REFUSED.entrySet().stream().map(e -> Arguments.of(e.getKey(), e.getValue()));
    }

    @ParameterizedTest(name = "{0} refused")
    @MethodSource("refusedRows")
    void listedCombinationIsRefusedWithItsReason(String combination, String reason) {
        assertTrue(combinations().contains(combination), combination + ": no such board, feature, or it is stock there");
        String[] bf = combination.split(" ");
        Board b = boards().get(bf[0]);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> FeatureResolver.resolve(withRequirements(b, bf[1]), b, Catalog.features()), combination + " was accepted");
        assertTrue(e.getMessage().contains(reason), combination + ": refused for another reason: " + e.getMessage());
    }

    /** The x86 box is not CPU-bound: stock TCP receive at MTU 1500 reaches at least 940 Mbit/s of goodput. */
    @Test
    void x86ReceivesTcpAtLineRate() {
        Board b = boards().get("x86-lan7430");
        RunReport r = run(b, FeatureResolver.resolve("stock", b, Catalog.features()), List.of("-t", "10"));
        double got = r.end.sumReceived.bitsPerSecond;
        assertTrue(got >= 940e6, "x86-lan7430 TCP receive " + got / 1e6 + " Mbit/s");
    }

    @Test
    void elevenBoardsAreListed() {
        assertEquals(Set.of("bcm6328", "bcm6333", "imx6qp-lan7430", "imx8mq-lan7430", "x86-lan7430", "rzg2l", "rzg2ul",
                "rzg3s", "rzfive", "rzg2h", "rcar-m3n"), boards().keySet());
    }

    /** The board's stock set plus the feature and what it requires, as a --features list. */
    static String withRequirements(Board b, String feature) {
        Set<String> ids = new LinkedHashSet<>(b.stockFeatures());
        addWithRequirements(feature, Catalog.features(), ids);
        return String.join(",", ids);
    }

    private static void addWithRequirements(String id, Map<String, DriverFeature> installed, Set<String> ids) {
        DriverFeature f = installed.get(id);
        if (f == null || !ids.add(id)) return;
        for (String r : f.requires()) addWithRequirements(r, installed, ids);
    }
}
