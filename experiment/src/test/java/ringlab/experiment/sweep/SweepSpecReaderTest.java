package ringlab.experiment.sweep;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SweepSpecReaderTest {
    static final String CONTRACT = """
            {"name": "boards-by-features",
             "boards": ["bcm6328", "rzg2ul"],
             "features": ["stock", "stock,-bql", "stock,batched-rx"],
             "workloads": [{"name": "tcp-rx", "iperf": "-t 10"}, {"name": "udp-rx", "iperf": "-u -b 1G -t 10"}],
             "tunables": {"txqueuelen": [100, 1000], "gro_flush_timeout": {"from": 0, "to": 100000, "step": 20000}},
             "seeds": {"count": 3},
             "topology": ["direct"], "ping": [0]}
            """;

    @Test
    void theContractsExampleReadsWithRangesAndSeedCountsExpanded() {
        SweepSpec s = SweepSpecReader.fromJson(CONTRACT, "ignored");
        assertEquals("boards-by-features", s.name());
        assertEquals(List.of("bcm6328", "rzg2ul"), s.boards());
        assertEquals(List.of("stock", "stock,-bql", "stock,batched-rx"), s.features());
        assertEquals(new SweepSpec.Workload("udp-rx", List.of("-u", "-b", "1G", "-t", "10")), s.workloads().get(1));
        assertEquals(Map.of("gro_flush_timeout", List.of("0", "20000", "40000", "60000", "80000", "100000"),
                "txqueuelen", List.of("100", "1000")), s.tunables());
        assertEquals(List.of("gro_flush_timeout", "txqueuelen"), List.copyOf(s.tunables().keySet()), "sorted by key");
        assertEquals(List.of(1L, 2L, 3L), s.seeds());
        assertEquals(List.of("direct"), s.topology());
        assertEquals(List.of(0L), s.ping());
    }

    @Test
    void optionalKeysHaveDefaultsAndAllMeansEveryBoard() {
        SweepSpec s = SweepSpecReader.fromJson("{\"boards\": \"all\", \"features\": [\"stock\"], \"workloads\": [{\"name\": \"w\"}]}", "from-file");
        assertEquals("from-file", s.name());
        assertTrue(s.allBoards());
        assertEquals(Map.of(), s.tunables());
        assertEquals(List.of(1L), s.seeds());
        assertEquals(List.of("direct"), s.topology());
        assertEquals(List.of(0L), s.ping());
        assertEquals(List.of(), s.workloads().get(0).iperf());
    }

    @Test
    void yamlWithTheSameStructureReadsToTheSameSpec() {
        String yaml = """
                name: boards-by-features
                boards: [bcm6328, rzg2ul]
                features: ["stock", "stock,-bql", "stock,batched-rx"]
                workloads:
                  - {name: tcp-rx, iperf: "-t 10"}
                  - name: udp-rx
                    iperf: -u -b 1G -t 10
                tunables:
                  txqueuelen: [100, 1000]
                  gro_flush_timeout: {from: 0, to: 100000, step: 20000}
                seeds: {count: 3}
                topology: [direct]
                ping: [0]
                """;
        assertEquals(SweepSpecReader.fromJson(CONTRACT, "x"), SweepSpecReader.fromYaml(yaml, "x"));
    }

    @Test
    void aFilesFormatFollowsItsExtensionAndItsNameIsTheDefaultName(@TempDir Path dir) throws Exception {
        Path y = dir.resolve("my-sweep.yml");
        Files.writeString(y, "boards: all\nfeatures: [stock]\nworkloads: [{name: w, iperf: [-t, '1']}]\n");
        SweepSpec s = SweepSpecReader.read(y);
        assertEquals("my-sweep", s.name());
        assertEquals(List.of("-t", "1"), s.workloads().get(0).iperf());
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> SweepSpecReader.read(dir.resolve("none.json")));
        assertEquals("cannot read the sweep spec " + dir.resolve("none.json") + ": no such file", e.getMessage());
    }

    @Test
    void everyErrorIsOneLineNamingTheKey() {
        String base = "\"features\": [\"stock\"], \"workloads\": [{\"name\": \"w\"}]";
        assertError("{\"boards\": \"all\", " + base + ", \"colour\": 1}", "unknown key 'colour'");
        assertError("{" + base + "}", "'boards' is required");
        assertError("{\"boards\": \"some\", " + base + "}", "'boards' must be a list of board ids or \"all\"");
        assertError("{\"boards\": [], " + base + "}", "'boards' must be");
        assertError("{\"boards\": \"all\", \"features\": [\"stock\"], \"workloads\": []}", "'workloads' must be a non-empty list");
        assertError("{\"boards\": \"all\", \"features\": [\"stock\"], \"workloads\": [{\"name\": \"w\"}, {\"name\": \"w\"}]}", "'workloads.name' 'w' appears twice");
        assertError("{\"boards\": \"all\", " + base + ", \"tunables\": {\"txqueuelen\": {\"from\": 0, \"to\": 10, \"step\": 0}}}",
                "'tunables.txqueuelen.step' must be positive");
        assertError("{\"boards\": \"all\", " + base + ", \"tunables\": {\"txqueuelen\": {\"from\": 10, \"to\": 0}}}", "'tunables.txqueuelen' 'to' (0) is below 'from' (10)");
        assertError("{\"boards\": \"all\", " + base + ", \"tunables\": {\"x\": {\"from\": 0, \"to\": 1e9}}}", "'tunables.x' expands to more than");
        assertError("{\"boards\": \"all\", " + base + ", \"seeds\": {\"count\": 0}}", "'seeds.count' must be 1 to");
        assertError("{\"boards\": \"all\", " + base + ", \"seeds\": [1.5]}", "'seeds' must be a whole number, got 1.5");
        assertError("{\"boards\": \"all\", " + base + ", \"topology\": [\"ring\"]}", "'topology' values are direct or forward, got 'ring'");
        assertError("{\"boards\": \"all\", " + base + ", \"ping\": [-1]}", "'ping' values are 0 (none) to 60000 ms, got -1");
        assertError("{\"boards\": \"all\", " + base + ", \"name\": \"../etc\"}", "'name' must be letters");
        assertError("{\"boards\": \"all\", " + base, "not valid JSON");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> SweepSpecReader.fromYaml("boards: [a\nfeatures", "x"));
        assertTrue(e.getMessage().startsWith("sweep spec: not valid YAML at line "), e.getMessage());
    }

    /**
     * A syntax error names the file, the line and column and what is wrong, without the parsers' class names
     * or advice: NaN was "MalformedJsonException: Use JsonReader.setStrictness(Strictness.LENIENT) ...", a
     * truncated spec "java.io.EOFException: End of input ...", bad YAML only "while parsing a block collection".
     */
    @Test
    void aSyntaxErrorNamesTheFileWhereAndWhat(@TempDir Path dir) throws Exception {
        Path nan = Files.writeString(dir.resolve("nan.json"), "{\"boards\": \"all\",\n \"ping\": [NaN]}");
        assertEquals("sweep spec " + nan + ": not valid JSON at line 2, column 11: something JSON does not allow (NaN or Infinity, "
                + "a word without quotes, a comment, single quotes)", error(nan));
        Path cut = Files.writeString(dir.resolve("cut.json"), "{\"boards\": [\"bcm6328\"");
        assertEquals("sweep spec " + cut + ": not valid JSON at line 1, column 22: the text ends before the JSON does (is the file cut short?)",
                error(cut));
        Path yaml = Files.writeString(dir.resolve("bad.yaml"), "boards:\n  - bcm6328\n features: [stock]\n");
        assertEquals("sweep spec " + yaml + ": not valid YAML at line 3, column 2: expected <block end>, but found '<block mapping start>' "
                + "(while parsing a block mapping)", error(yaml));
        Path dirSpec = Files.createDirectory(dir.resolve("spec.json"));
        assertEquals("cannot read the sweep spec " + dirSpec + ": it is a directory", error(dirSpec));
    }

    private static String error(Path spec) {
        String m = assertThrows(IllegalArgumentException.class, () -> SweepSpecReader.read(spec)).getMessage();
        assertEquals(1, m.lines().count(), m);
        return m;
    }

    private static void assertError(String json, String expected) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> SweepSpecReader.fromJson(json, "x"));
        assertTrue(e.getMessage().contains(expected), e.getMessage());
        assertTrue(e.getMessage().startsWith("sweep spec: "), e.getMessage());
        assertEquals(1, e.getMessage().lines().count(), e.getMessage());
    }
}
