package ringlab.feature.ipalign;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import ringlab.feature.batchedrx.BatchedRxFeature;
import ringlab.sim.Scenario;
import ringlab.sim.Simulation;
import ringlab.sim.board.ClasspathBoards;
import ringlab.sim.feature.FeatureResolver;
import ringlab.sim.report.RunReport;
import ringlab.sim.workload.IperfArgs;
import ringlab.spi.board.Board;
import ringlab.spi.board.Nic;
import ringlab.spi.board.Soc;
import ringlab.spi.feature.DriverFeature;
import ringlab.testkit.NicVariant;

/** NET_IP_ALIGN: the headroom it adds, the boards it refuses, and the traps it removes on bcm6328. */
class IpAlignFeatureTest {
    static final int MSS = 512;

    static Board bcm6328() { return ClasspathBoards.load(IpAlignFeatureTest.class.getClassLoader()).get("bcm6328"); }

    static RunReport run(Board b, List<DriverFeature> fs) {
        return new Simulation(Scenario.builder(b).features(fs)
                .iperf(IperfArgs.parse(List.of("-M", String.valueOf(MSS), "-t", "10"))).build()).run();
    }

    /** Per data packet at the receiver, in us: MSS * 8 / goodput (mechanisms.md section 12). */
    static double usPerPacket(RunReport r) { return MSS * 8 / r.end.sumReceived.bitsPerSecond * 1e6; }

    @Test
    void addsNetIpAlignToTheHeadroomSoTheIpHeaderIsAligned() {
        StubHooks h = new StubHooks(32, 1536);
        new IpAlignFeature().install(h);
        assertEquals(34, h.layout.headroom);
        assertEquals(1536, h.layout.bufferBytes, "the buffer the NIC may write is unchanged");
        assertEquals(0, (h.layout.headroom + 14) & 3, "IP header 4-byte aligned");
        assertEquals(2, (32 + 14) & 3, "stock NET_SKB_PAD leaves it misaligned by 2");
    }

    @Test
    void refusesANicThatCannotDmaToAPaddedStart() {
        Board b = bcm6328();
        Nic n = b.nic();
        // bcm6328 as a 6338-class non-switch "enet" would be: same board, rx DMA only to aligned starts
        Nic noPad = NicVariant.of(n).unalignedRxDma(false).build();
        Board enet = new Board("enet-test", "bcm6328 without unaligned rx DMA", b.soc(), noPad, List.of(), b.costs(), "test", List.of());
        IpAlignFeature f = new IpAlignFeature();
        assertNull(f.unsupportedReason(b));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> FeatureResolver.resolve("ip-align", enet, Map.of("ip-align", f)));
        assertEquals("feature 'ip-align' cannot run on board enet-test: the NIC cannot DMA to a 2-byte padded start (no unaligned rx DMA)",
                e.getMessage());
        assertTrue(!e.getMessage().contains("\n"), "one line");
    }

    @Test
    void onBcm6328ItSavesTheTrappedHeaderAccessesOfEveryPacket() {
        Board b = bcm6328();
        RunReport stock = run(b, List.of());
        RunReport aligned = run(b, List.of(new IpAlignFeature()));
        double gain = usPerPacket(stock) - usPerPacket(aligned);
        // 11 trapped words per TCP segment (7 in IP, 4 in TCP) x unaligned.trap cycles at 320 MHz
        double expected = 11 * b.costs().get("unaligned.trap").cycles() / 320.0;
        assertEquals(expected, gain, 0.15 * expected, "us per packet saved: " + gain);
        assertTrue(cycles(stock).containsKey("trap"));
        assertTrue(!cycles(aligned).containsKey("trap"), "no trap cycles left: " + cycles(aligned));
    }

    @Test
    void reproducesThePublishedThirdStateOnTopOfListRx() {
        Board b = bcm6328();
        RunReport r = new Simulation(Scenario.builder(b).features(List.of(new BatchedRxFeature(), new IpAlignFeature()))
                .iperf(IperfArgs.parse(List.of("-M", "512", "-t", "30"))).build()).run();
        double got = r.end.sumReceived.bitsPerSecond;
        assertEquals(43.1e6, got, 0.05 * 43.1e6, "receiver Mbit/s " + got / 1e6);
    }

    @Test
    void gainsNothingWhereMisalignedAccessesDoNotTrap() {
        Board b = bcm6328();
        Soc s = b.soc();
        // the same board on a core that handles misaligned loads in hardware (ARMv8-like): no trap, no trap cost
        Soc noTraps = new Soc(s.cores(), s.clockHz(), s.isa(), s.cacheLineBytes(), s.cacheLevels(), s.dmaCoherent(),
                false, s.kernelVersion(), s.hz());
        Map<String, Board.Cost> costs = new LinkedHashMap<>(b.costs());
        costs.put("unaligned.trap", new Board.Cost(0, "test: misaligned accesses handled by hardware"));
        Board hw = new Board("notrap-test", "bcm6328 without unaligned traps", noTraps, b.nic(), List.of(), costs, "test", List.of());
        double stock = run(hw, List.of()).end.sumReceived.bitsPerSecond;
        double aligned = run(hw, List.of(new IpAlignFeature())).end.sumReceived.bitsPerSecond;
        assertEquals(stock, aligned, 0.01 * stock, "stock " + stock / 1e6 + " vs ip-align " + aligned / 1e6);
    }

    static Map<String, Double> cycles(RunReport r) { return r.ringlab.cyclesPercent(); }
}
