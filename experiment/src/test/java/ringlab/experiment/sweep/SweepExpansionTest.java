package ringlab.experiment.sweep;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import ringlab.experiment.Refusal;
import ringlab.experiment.RunSpec;
import ringlab.sim.board.ClasspathBoards;
import ringlab.spi.board.Board;
import ringlab.spi.feature.DriverFeature;

class SweepExpansionTest {
    private static final Map<String, Board> BOARDS = ClasspathBoards.load(SweepExpansionTest.class.getClassLoader());
    private static final Map<String, DriverFeature> FEATURES = features();

    private static Map<String, DriverFeature> features() {
        Map<String, DriverFeature> m = new TreeMap<>();
        for (DriverFeature f : ServiceLoader.load(DriverFeature.class)) m.put(f.id(), f);
        return m;
    }

    private static SweepSpec spec(String json) { return SweepSpecReader.fromJson(json, "t"); }

    @Test
    void theProductRunsInTheAxesOrderWithTheWorkloadsName() {
        SweepSpec s = spec("""
                {"boards": ["bcm6328", "rzg2ul"], "features": ["stock", "stock,batched-rx"],
                 "workloads": [{"name": "tcp-rx", "iperf": "-t 1"}, {"name": "udp-rx", "iperf": "-u -t 1"}],
                 "tunables": {"txqueuelen": [100, 1000]}, "seeds": [7, 8], "topology": ["direct", "forward"], "ping": [0, 10]}
                """);
        List<RunSpec> runs = SweepExpansion.specs(s, BOARDS);
        assertEquals(2 * 2 * 2 * 2 * 2 * 2 * 2, runs.size());
        assertEquals(new RunSpec("tcp-rx", "bcm6328", "stock", 7, Map.of("txqueuelen", "100"), "direct", 0, List.of("-t", "1")), runs.get(0));
        assertEquals(new RunSpec("tcp-rx", "bcm6328", "stock", 7, Map.of("txqueuelen", "100"), "direct", 10, List.of("-t", "1")), runs.get(1));
        assertEquals(new RunSpec("udp-rx", "rzg2ul", "stock,batched-rx", 8, Map.of("txqueuelen", "1000"), "forward", 10, List.of("-u", "-t", "1")),
                runs.get(runs.size() - 1));
    }

    @Test
    void allIsEveryInstalledBoardSorted() {
        List<RunSpec> runs = SweepExpansion.specs(spec("{\"boards\": \"all\", \"features\": [\"stock\"], \"workloads\": [{\"name\": \"w\"}]}"), BOARDS);
        assertEquals(List.copyOf(BOARDS.keySet()), runs.stream().map(RunSpec::hardware).toList());
        assertTrue(runs.size() >= 2, "the test class path has bcm6328 and rzg2ul");
    }

    @Test
    void refusedCombinationsAreListedWithTheirReasonAndTheRestKeyed() {
        SweepSpec s = spec("""
                {"boards": ["bcm6328", "rzg2ul"], "features": ["stock", "stock,batched-rx", "stock,-gro"],
                 "workloads": [{"name": "tcp-rx", "iperf": "-t 1"}]}
                """);
        SweepExpansion.Plan p = SweepExpansion.plan(s, BOARDS, FEATURES, new RunKey());
        // a refusal is listed, never dropped; "stock,-gro" on bcm6328 (no gro in its stock set) removes what is not there
        assertEquals(List.of("bcm6328 stock", "bcm6328 stock,batched-rx", "rzg2ul stock", "rzg2ul stock,-gro"),
                p.runs().stream().map(r -> r.spec().hardware() + " " + r.spec().features()).toList());
        assertEquals(2, p.refused().size());
        Refusal absent = p.refused().get(0);
        assertEquals("bcm6328", absent.spec().hardware());
        assertEquals("feature list 'stock,-gro': '-gro' removes 'gro', which is not in the set before it (empty); a removal"
                + " applies to what precedes it, as in stock,-gro", absent.reason());
        Refusal conflict = p.refused().get(1);
        assertEquals("rzg2ul", conflict.spec().hardware());
        assertEquals("feature 'gro' conflicts with 'batched-rx' on board rzg2ul", conflict.reason());
        assertEquals(6, p.total());
        for (SweepExpansion.Planned r : p.runs()) assertTrue(r.key().matches("[0-9a-f]{" + RunKey.LENGTH + "}"), r.key());
    }

    @Test
    void aRunsKeyIsStableAndChangesWithTheSpecTheBoardAndTheFeatures() {
        RunSpec a = new RunSpec("w", "rzg2ul", "stock", 1, Map.of(), "direct", 0, List.of("-t", "1"));
        Board b = BOARDS.get("rzg2ul");
        List<DriverFeature> gro = List.of(FEATURES.get("gro"));
        String key = new RunKey().of(a, b, gro);
        assertEquals(key, new RunKey().of(a, b, gro), "stable");
        assertNotEquals(key, new RunKey().of(a.withSeed(2), b, gro), "the seed is part of the spec");
        Board moved = new Board(b.id(), b.name(), b.soc(), b.nic(), b.stockFeatures(), b.costs(), "file:/elsewhere/board.json",
                b.published(), b.stockSettings(), b.calibration(), b.fieldNotes());
        assertEquals(key, new RunKey().of(a, moved, gro), "where the descriptor was loaded from does not matter");
        Board changed = new Board(b.id(), b.name() + " rev 2", b.soc(), b.nic(), b.stockFeatures(), b.costs(), b.origin(),
                b.published(), b.stockSettings(), b.calibration(), b.fieldNotes());
        assertNotEquals(key, new RunKey().of(a, changed, gro), "a changed descriptor is another board version");
        assertNotEquals(key, new RunKey().of(a, b, List.of(FEATURES.get("batched-rx"))), "other feature code");
    }

    @Test
    void aFeatureJarsVersionIsItsEntriesNotItsTimeStamps(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) throws Exception {
        java.nio.file.Path a = jar(dir.resolve("a.jar"), 1_000_000_000_000L, "x"), b = jar(dir.resolve("b.jar"), 1_700_000_000_000L, "x");
        java.nio.file.Path c = jar(dir.resolve("c.jar"), 1_000_000_000_000L, "y");
        assertNotEquals(-1, java.nio.file.Files.mismatch(a, b), "the files differ in their time stamps");
        assertEquals(RunKey.jarHash(a), RunKey.jarHash(b), "a rebuild of the same sources is the same version");
        assertNotEquals(RunKey.jarHash(a), RunKey.jarHash(c), "changed code is another version");
    }

    private static java.nio.file.Path jar(java.nio.file.Path p, long time, String content) throws Exception {
        try (var out = new java.util.jar.JarOutputStream(java.nio.file.Files.newOutputStream(p))) {
            var e = new java.util.jar.JarEntry("ringlab/feature/X.class");
            e.setTime(time);
            out.putNextEntry(e);
            out.write(content.getBytes(java.nio.charset.StandardCharsets.UTF_8));
            out.closeEntry();
        }
        return p;
    }

    /**
     * A board, feature or tunable nobody installed, a workload iperf3 would not take or a value no run could
     * take is a mistake in the spec: one line naming the field and the value, not a refusal per combination
     * (which once left a sweep of nothing but refusals exiting 0).
     */
    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "\"boards\": [\"bcm6328\", \"nosuch\"]        | sweep spec: 'boards' names unknown board 'nosuch' (known: ",
        "\"features\": [\"stock,nosuch\"]               | sweep spec: 'features' value 'stock,nosuch' names feature 'nosuch', which is not installed (installed: ",
        "\"features\": [\"stock,-nosuch\"]              | sweep spec: 'features' value 'stock,-nosuch' names feature 'nosuch', which is not installed",
        "\"features\": [\"stock,,bql\"]                 | sweep spec: 'features' value 'stock,,bql': feature list 'stock,,bql' has an empty item (ids are separated by single commas)",
        "\"features\": [\"bql,bql\"]                    | sweep spec: 'features' value 'bql,bql': feature list 'bql,bql': 'bql' is named twice",
        "\"workloads\": [{\"name\": \"w\", \"iperf\": \"-t 0\"}] | sweep spec: 'workloads.w.iperf' '-t 0': -t must be between 1 and 86400 seconds",
        "\"tunables\": {\"nosuch\": [1]}              | sweep spec: 'tunables' names 'nosuch', which is no stack setting (qdisc, txqueuelen, ",
        "\"tunables\": {\"txqueuelen\": [100, -1]}      | sweep spec: 'tunables.txqueuelen' value -1 is out of range [1, 2147483647] packets",
        "\"tunables\": {\"qdisc\": [\"fifo\"]}          | sweep spec: 'tunables.qdisc' value 'fifo' is not pfifo_fast or fq_codel",
        "\"tunables\": {\"gro_normal_batch\": [\"x\"]}  | sweep spec: 'tunables.gro_normal_batch' value 'x' is not a whole number",
        "\"tunables\": {\"gro_normal_batch\": [8, 0]}   | sweep spec: 'tunables.gro_normal_batch' value 0 is out of range [1, 65536] segments",
    })
    void aMistakeInTheSpecIsOneLineNamingTheFieldAndValueNotARefusal(String field, String line) {
        java.util.Map<String, String> base = new java.util.LinkedHashMap<>(Map.of("\"boards\"", "[\"bcm6328\", \"rzg2ul\"]",
                "\"features\"", "[\"stock\"]", "\"workloads\"", "[{\"name\": \"w\", \"iperf\": \"-t 1\"}]"));
        String key = field.substring(0, field.indexOf(':'));
        base.put(key.strip(), field.substring(field.indexOf(':') + 1).strip());
        StringBuilder json = new StringBuilder("{");
        base.forEach((k, v) -> json.append(json.length() > 1 ? ", " : "").append(k).append(": ").append(v));
        SweepSpec s = spec(json.append('}').toString());
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> SweepExpansion.plan(s, BOARDS, FEATURES, new RunKey()));
        assertTrue(e.getMessage().startsWith(line.strip()), e.getMessage());
        assertEquals(1, e.getMessage().lines().count());
    }

    @Test
    void allWithNoBoardInstalledIsRefused() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> SweepExpansion.plan(
                spec("{\"boards\": \"all\", \"features\": [\"stock\"], \"workloads\": [{\"name\": \"w\"}]}"), Map.of(), FEATURES, new RunKey()));
        assertEquals("sweep spec: 'boards' is \"all\" but no board is installed", e.getMessage());
    }
}
