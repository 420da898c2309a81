package ringlab.experiment;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import ringlab.sim.board.ClasspathBoards;
import ringlab.sim.report.RunReport;
import ringlab.spi.board.Board;
import ringlab.spi.feature.DriverFeature;

class FiguresTest {
    private static Map<String, DriverFeature> features() {
        Map<String, DriverFeature> m = new TreeMap<>();
        for (DriverFeature f : ServiceLoader.load(DriverFeature.class)) m.put(f.id(), f);
        return m;
    }

    private static Experiments.Prepared prepared() {
        RunSpec s = new RunSpec(null, "bcm6328", "stock", 1, Map.of(), null, 0, List.of("-M", "512", "-t", "1"));
        return Experiments.prepare(s, ClasspathBoards.load(FiguresTest.class.getClassLoader()), features());
    }

    @Test
    void cyclesPerBitAreTheBusyCyclesOfAllCoresOverTheBitsReceivedAndComeLast() {
        Experiments.Prepared p = prepared();
        RunReport r = Experiments.run(p);
        List<Figure> fs = withoutKeys(Figures.of(r, p.board()));
        Figure last = fs.get(fs.size() - 1);
        assertEquals("cycles_per_bit", last.name());
        assertEquals("cycles", last.unit());
        Board b = p.board();
        double busy = (100 - r.ringlab.cpuPercent().idle()) / 100 * b.soc().cores() * b.soc().clockHz() * r.ringlab.virtualSeconds();
        assertEquals(busy / (r.end.sumReceived.bytes * 8.0), last.value(), 1e-9 * last.value());
        // a 1 s TCP receive on a 320 MHz MIPS moves tens of Mbit/s with the core busy: a few cycles per bit
        assertTrue(last.value() > 0.5 && last.value() < 1000, "cycles per bit " + last.value());
    }

    @Test
    void nothingReceivedMeansNoCyclesPerBitRatherThanAnInfiniteOne() {
        Experiments.Prepared p = prepared();
        RunReport r = Experiments.run(p);
        r.end.sumReceived.bytes = 0;
        List<Figure> fs = withoutKeys(Figures.of(r, p.board()));
        assertFalse(fs.stream().anyMatch(f -> f.name().equals("cycles_per_bit")), fs.toString());
        assertEquals("cycles_per_packet", fs.get(fs.size() - 1).name(), "the figures before it unchanged");
    }

    @Test
    void theCostKeysComeLastLargestFirstAndAddUpToTheCyclesPerPacket() {
        Experiments.Prepared p = prepared();
        List<Figure> fs = Figures.of(Experiments.run(p), p.board());
        int first = 0;
        while (!fs.get(first).name().startsWith(Figures.BY_KEY)) first++;
        List<Figure> keys = fs.subList(first, fs.size());
        assertTrue(keys.size() > 10, "a TCP receive charges many keys: " + keys);
        assertTrue(keys.stream().allMatch(f -> f.name().startsWith(Figures.BY_KEY) && f.unit().equals("cycles")), keys.toString());
        for (int i = 1; i < keys.size(); i++) assertTrue(keys.get(i - 1).value() >= keys.get(i).value(), "largest first: " + keys);
        double total = fs.stream().filter(f -> f.name().equals("cycles_per_packet")).findFirst().orElseThrow().value();
        assertEquals(total, keys.stream().mapToDouble(Figure::value).sum(), 1e-6 * total);
    }

    private static List<Figure> withoutKeys(List<Figure> fs) {
        return fs.stream().filter(f -> !f.name().startsWith(Figures.BY_KEY)).toList();
    }
}
