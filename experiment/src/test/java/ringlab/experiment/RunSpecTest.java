package ringlab.experiment;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import ringlab.sim.board.ClasspathBoards;
import ringlab.sim.report.RunReport;
import ringlab.spi.board.Board;
import ringlab.spi.feature.DriverFeature;

class RunSpecTest {
    private static Map<String, Board> boards() { return ClasspathBoards.load(RunSpecTest.class.getClassLoader()); }

    private static Map<String, DriverFeature> features() {
        Map<String, DriverFeature> m = new TreeMap<>();
        for (DriverFeature f : ServiceLoader.load(DriverFeature.class)) m.put(f.id(), f);
        return m;
    }

    @Test
    void settingsAreCanonicalSoEqualSpecsAreEqual() {
        Map<String, String> a = new LinkedHashMap<>(), b = new LinkedHashMap<>();
        a.put("txqueuelen", "100"); a.put("qdisc", "pfifo_fast");
        b.put("qdisc", "pfifo_fast"); b.put("txqueuelen", "100");
        RunSpec x = new RunSpec("w", "bcm6328", "stock", 1, a, null, 0, List.of("-t", "1"));
        RunSpec y = new RunSpec("w", "bcm6328", "stock", 1, b, "direct", 0, List.of("-t", "1"));
        assertEquals(x, y);
        assertEquals(List.of("run", "--hardware", "bcm6328", "--features", "stock", "--seed", "1", "--set", "qdisc=pfifo_fast",
                "--set", "txqueuelen=100", "--", "-t", "1"), x.cliArgs());
    }

    @Test
    void badSpecsAreRefusedWithOneLine() {
        RunSpec unknown = new RunSpec(null, "nosuch", "stock", 1, Map.of(), null, 0, List.of("-t", "1"));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Experiments.prepare(unknown, boards(), features()));
        assertTrue(e.getMessage().startsWith("unknown hardware 'nosuch'"), e.getMessage());
        RunSpec badSet = new RunSpec(null, "bcm6328", "stock", 1, Map.of("nosuch", "1"), null, 0, List.of("-t", "1"));
        e = assertThrows(IllegalArgumentException.class, () -> Experiments.prepare(badSet, boards(), features()));
        assertTrue(e.getMessage().startsWith("--set nosuch:"), e.getMessage());
    }

    @Test
    void figuresOfARunAddUpTheirCycleCategories() {
        RunSpec s = new RunSpec(null, "bcm6328", "stock,batched-rx", 1, Map.of(), null, 0, List.of("-M", "512", "-t", "1"));
        Experiments.Prepared p = Experiments.prepare(s, boards(), features());
        RunReport r = Experiments.run(p);
        RunResult res = new RunResult("k", s, Figures.of(r, p.board()));
        assertEquals(r.end.sumReceived.bitsPerSecond / 1e6, res.figure("receiver_mbps"), 1e-9);
        assertTrue(res.figure("receiver_mbps") > 10, "a TCP receive run moves data");
        double sum = res.figures().stream().filter(f -> f.name().startsWith("cycles_per_packet.")).mapToDouble(Figure::value).sum();
        assertEquals(res.figure("cycles_per_packet"), sum, 1e-6 * sum);
        assertTrue(res.figure("cycles_per_packet") > 100, "hundreds of cycles per packet at least");
        assertTrue(Double.isNaN(res.figure("drops.nosuch")));
    }
}
