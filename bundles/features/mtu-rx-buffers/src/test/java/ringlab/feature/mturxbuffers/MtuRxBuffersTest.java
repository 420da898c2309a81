package ringlab.feature.mturxbuffers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import ringlab.sim.Scenario;
import ringlab.sim.Simulation;
import ringlab.sim.board.ClasspathBoards;
import ringlab.sim.report.PortCounters;
import ringlab.sim.report.RunReport;
import ringlab.sim.workload.IperfArgs;
import ringlab.spi.board.Board;
import ringlab.spi.board.Nic;
import ringlab.spi.board.IrqUnmask;
import ringlab.spi.board.RxChecksum;
import ringlab.spi.board.Soc;
import ringlab.spi.feature.DriverFeature;

/** MTU-sized rx buffers: the size it picks, and what it saves where DMA needs cache maintenance (and not elsewhere). */
class MtuRxBuffersTest {
    static Board bcm6328() { return ClasspathBoards.load(MtuRxBuffersTest.class.getClassLoader()).get("bcm6328"); }

    /**
     * A lan743x-like board built from bcm6328's cost profile: one 1 GHz ARMv7 core with 32-byte lines and an
     * outer PL310 L2, non-coherent DMA, a LAN7430 with 9216-byte rx buffers (its maximum frame), rings of
     * 128, a tail write every 8 refills, 1 Gbit/s. Only the DMA maintenance keys are changed: map and unmap
     * each walk L1 and PL310 per 32-byte line (mechanisms.md s10: 5-10 + 30-60 cycles), so 40 per line per
     * pass; ARMv7 handles misaligned LDR/STR, so no trap cost. Everything else keeps bcm6328's cycles.
     */
    static Board lan743xLike(boolean coherent) { return lan743xLike(coherent, false); }

    /** The same, with the NIC behind swiotlb bounce buffers (nic.swiotlb) when asked. */
    static Board lan743xLike(boolean coherent, boolean swiotlb) {
        Board b = bcm6328();
        Soc soc = new Soc(1, 1_000_000_000L, "armv7", 32, 2, coherent, false, "5.15", 250);
        Nic nic = new Nic("lan743x", 1_000_000_000L, 128, 128, 64, RxChecksum.NONE, false, true, false, 8, 1, false, 9216, 0, 1500,
                IrqUnmask.NAPI_COMPLETE_DONE, false, false, swiotlb, false);
        Map<String, Board.Cost> costs = new LinkedHashMap<>(b.costs());
        double line = coherent ? 0 : 40;
        costs.put("dma.line.map", new Board.Cost(line, "test: L1 + PL310 invalidate per 32-byte line"));
        costs.put("dma.line.unmap", new Board.Cost(line, "test: L1 + PL310 invalidate again at unmap"));
        if (coherent) costs.put("dma.line.todev", new Board.Cost(0, "test: snooping interconnect"));
        costs.put("unaligned.trap", new Board.Cost(0, "test: ARMv7 handles misaligned LDR/STR"));
        return new Board((coherent ? "lan743x-coherent-test" : "lan743x-test") + (swiotlb ? "-swiotlb" : ""), "lan743x-like test board", soc, nic,
                List.of(), costs, "test", List.of());
    }

    static RunReport run(Board b, List<DriverFeature> fs) {
        return new Simulation(Scenario.builder(b).features(fs).iperf(IperfArgs.parse(List.of("-t", "5"))).build()).run();
    }

    static PortCounters port(RunReport r) { return r.ringlab.ports().get(0); }

    static double rxPackets(RunReport r) { return port(r).rxPackets(); }

    /** Rx DMA maintenance lines (map + unmap/sync) per received packet. */
    static double dmaLinesPerPacket(RunReport r) {
        return (double) (port(r).dmaLinesMapped() + port(r).dmaLinesUnmapped()) / rxPackets(r);
    }

    /** Busy CPU cycles per received packet. */
    static double cyclesPerPacket(RunReport r, Board b) {
        double busy = (100 - r.ringlab.cpuPercent().idle()) / 100 * b.soc().cores();
        return busy * r.ringlab.virtualSeconds() * b.soc().clockHz() / rxPackets(r);
    }

    static void report(String what, Board b, RunReport stock, RunReport mtu) {
        System.out.printf("mtu-rx-buffers on the %s lan743x-like board: %.1f -> %.1f Mbit/s, dma lines/packet %.0f -> %.0f,"
                + " cycles/packet %.0f -> %.0f (dma %.0f -> %.0f)%n", what, stock.end.sumReceived.bitsPerSecond / 1e6,
                mtu.end.sumReceived.bitsPerSecond / 1e6, dmaLinesPerPacket(stock), dmaLinesPerPacket(mtu),
                cyclesPerPacket(stock, b), cyclesPerPacket(mtu, b), dmaCyclesPerPacket(stock, b), dmaCyclesPerPacket(mtu, b));
    }

    @Test
    void sizesTheBufferToTheMtusFrame() {
        assertEquals(1536, MtuRxBuffersFeature.bufferBytes(1500, 32), "1500 + 14 + 4 + 4 = 1522, to whole lines");
        assertEquals(1536, MtuRxBuffersFeature.bufferBytes(1500, 64));
        assertEquals(1024, MtuRxBuffersFeature.bufferBytes(1000, 16));
    }

    @Test
    void onANonCoherentArmv7BoardDmaLinesAndCpuPerPacketFall() {
        Board b = lan743xLike(false);
        RunReport stock = run(b, List.of());
        RunReport mtu = run(b, List.of(new MtuRxBuffersFeature()));
        double before = dmaLinesPerPacket(stock), after = dmaLinesPerPacket(mtu);
        // stock: 288 lines mapped + 288 unmapped; MTU buffers: 48 mapped + the received frame (48) synced
        assertEquals(576, before, 2, "stock lines per packet");
        assertTrue(after < 100, "lines per packet " + after);
        double cpuBefore = cyclesPerPacket(stock, b), cpuAfter = cyclesPerPacket(mtu, b);
        assertTrue(cpuAfter < cpuBefore - 15_000, "cycles per packet " + cpuBefore + " -> " + cpuAfter);
        report("non-coherent", b, stock, mtu);
        assertTrue(mtu.end.sumReceived.bitsPerSecond > 1.2 * stock.end.sumReceived.bitsPerSecond,
                stock.end.sumReceived.bitsPerSecond / 1e6 + " -> " + mtu.end.sumReceived.bitsPerSecond / 1e6);
    }

    /** CPU cycles spent in DMA work (calls and maintenance) per received packet. */
    static double dmaCyclesPerPacket(RunReport r, Board b) {
        double share = r.ringlab.cyclesPercent().getOrDefault("dma", 0.0) / 100;
        return share * cyclesPerPacket(r, b);
    }

    /** DMA cycles per received packet less the transmitted packets' map and unmap calls (a coherent board: no lines). */
    static double rxDmaCyclesPerPacket(RunReport r, Board b) {
        return dmaCyclesPerPacket(r, b) - 2 * b.costs().get("dma.call").cycles() * port(r).txPackets() / rxPackets(r);
    }

    @Test
    void onACoherentBoardTheDmaWorkDoesNotChange() {
        Board b = lan743xLike(true);
        RunReport stock = run(b, List.of());
        RunReport mtu = run(b, List.of(new MtuRxBuffersFeature()));
        double call = b.costs().get("dma.call").cycles();
        // map + unmap per packet before; map + sync_for_cpu + unmap(SKIP_CPU_SYNC) after: one more call, no lines.
        // The transmitted ACKs' map + unmap (two calls each, no lines here) are taken out: their number depends on
        // the TCP state, not on the rx buffers (stock's 16640-byte truesize per 9 KB buffer keeps its window
        // paced by a full receive queue, about 0.4 ACKs per segment; measured, seed 1)
        double before = rxDmaCyclesPerPacket(stock, b), after = rxDmaCyclesPerPacket(mtu, b);
        report("coherent", b, stock, mtu);
        assertEquals(before + call, after, 0.25 * call, "dma cycles per packet " + before + " -> " + after);
        // (the smaller truesize still lets TCP keep a larger window: see the README)
        assertTrue(mtu.end.sumReceived.bitsPerSecond >= 0.98 * stock.end.sumReceived.bitsPerSecond);
    }

    /**
     * Behind swiotlb the CPU copies what it syncs for itself out of the bounce buffer: the whole 9 KB buffer at each
     * stock unmap, only the received frame with MTU buffers (synced, then unmapped without a sync). The copy
     * leaves the frame cached, but reading the invalidated bounce lines costs more than the misses it saves, so
     * MTU-sized buffers gain more behind swiotlb than without it.
     */
    @Test
    void behindSwiotlbTheCpuCopiesWhatItSyncs() {
        Board plain = lan743xLike(false), bounced = lan743xLike(false, true);
        RunReport stock = run(bounced, List.of());
        RunReport mtu = run(bounced, List.of(new MtuRxBuffersFeature()));
        // per received packet; the ACKs sent (66-byte frames, about one per two segments at most) add a little
        double stockBytes = port(stock).dmaBounceBytes() / rxPackets(stock), mtuBytes = port(mtu).dmaBounceBytes() / rxPackets(mtu);
        assertEquals(9216 + 20, stockBytes, 25, "the whole buffer at each unmap");
        assertEquals(1518 + 20, mtuBytes, 25, "the received frame only");
        assertEquals(0, port(run(plain, List.of())).dmaBounceBytes(), "no bounce buffers without nic.swiotlb");
        report("swiotlb", bounced, stock, mtu);
        double gainBounced = mtu.end.sumReceived.bitsPerSecond / stock.end.sumReceived.bitsPerSecond;
        double gainPlain = run(plain, List.of(new MtuRxBuffersFeature())).end.sumReceived.bitsPerSecond
                / run(plain, List.of()).end.sumReceived.bitsPerSecond;
        assertTrue(gainBounced > 1.1 * gainPlain, "gain with swiotlb x" + gainBounced + ", without x" + gainPlain);
    }
}
