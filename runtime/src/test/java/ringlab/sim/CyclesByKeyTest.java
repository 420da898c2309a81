package ringlab.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import ringlab.sim.report.DeviceDetail;
import ringlab.sim.workload.IperfArgs;
import ringlab.spi.board.Board;
import ringlab.spi.board.CostKey;

/** cycles_percent_by_key: every charged key, largest first, and the categories are the sums of their keys. */
class CyclesByKeyTest {

    @Test
    void keysAddUpToTheirCategoriesAndComeLargestFirst() {
        Board b = TestBoards.board(TestBoards.soc(1, 1_000_000_000L, "6.6"), TestBoards.nic(1_000_000_000L, 256),
                TestBoards.costs(100, Map.of(CostKey.CSUM_BYTE, 0.5, CostKey.COPY_BYTE, 0.25,
                        CostKey.DMA_SYNC_LINE_MAP, 20.0, CostKey.DMA_SYNC_LINE_UNMAP, 20.0, CostKey.DMA_SYNC_LINE_TODEV, 20.0,
                        CostKey.DRAM_MISS, 100.0, CostKey.UNALIGNED_TRAP, 0.0)));
        DeviceDetail d = new Simulation(Scenario.builder(b).iperf(IperfArgs.parse(List.of("-t", "2"))).build()).run().ringlab;

        Map<String, Double> byKey = d.cyclesPercentByKey();
        assertTrue(byKey.size() > 10, "a TCP receive charges many keys: " + byKey.keySet());
        List<Double> shares = new ArrayList<>(byKey.values());
        for (int i = 1; i < shares.size(); i++) assertTrue(shares.get(i - 1) >= shares.get(i), "largest first: " + byKey);
        assertEquals(100.0, shares.stream().mapToDouble(Double::doubleValue).sum(), 1e-9);

        Map<String, Double> byCategory = new HashMap<>();
        for (Map.Entry<String, Double> e : byKey.entrySet()) {
            assertTrue(e.getValue() > 0, "only charged keys: " + e);
            byCategory.merge(CostKey.byKey(e.getKey()).category.name().toLowerCase(), e.getValue(), Double::sum);
        }
        assertEquals(d.cyclesPercent().keySet(), byCategory.keySet());
        for (Map.Entry<String, Double> e : d.cyclesPercent().entrySet()) {
            assertEquals(e.getValue(), byCategory.get(e.getKey()), 1e-9, "category " + e.getKey());
        }
        // the per-line DMA maintenance of a non-coherent receive is there by name
        assertTrue(byKey.containsKey("dma.line.unmap"), byKey.keySet().toString());
    }
}
